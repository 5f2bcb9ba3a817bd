import Foundation

/// An HTTP request, or a `file:` read, for ``WebSession/send(_:completion:)``.
public struct WebRequest: Sendable {
    /// The absolute URL.
    public var url: URL
    /// The method, `GET` by default.
    public var method: String
    /// Request headers in order; the session adds `Cookie` from its jar.
    public var headers: [(String, String)]
    /// The body, if any.
    public var body: [UInt8]?
    /// Fails the request with a `.timeout` error after this long; nil: the session's default.
    public var timeout: Duration?

    /// Makes a request.
    public init(url: URL, method: String = "GET", headers: [(String, String)] = [], body: [UInt8]? = nil, timeout: Duration? = nil) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}

extension WebRequest {
    /// Adds the `Referer` header of a request that a page at `source` makes (a navigation, a script, a frame, fetch,
    /// XMLHttpRequest, an image, a stylesheet, a beacon), as WebKit sends it under its default policy
    /// `strict-origin-when-cross-origin` (``WebOrigin/referrer(from:to:)``; observed on WebKitGTK 2.50). None when the
    /// policy gives nothing (a `file:` page, `https` to `http`) or the request names one already.
    mutating func addReferer(from source: URL?) {
        guard let source, !headers.contains(where: { $0.0.caseInsensitiveCompare("Referer") == .orderedSame }) else { return }
        addReferer(WebOrigin.referrer(from: source, to: url))
    }

    /// Adds `referrer` as the `Referer` header, unless it is empty (a load with no referrer).
    mutating func addReferer(_ referrer: String) {
        if !referrer.isEmpty { headers.append(("Referer", referrer)) }
    }
}
