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
    /// Adds `referrer` as the `Referer` header, unless it is empty (a load with no referrer) or the request names one
    /// already. A page's requests get theirs from ``WebPlatformHost/referrer(to:policy:)``.
    mutating func addReferer(_ referrer: String) {
        guard !referrer.isEmpty, !headers.contains(where: { $0.0.caseInsensitiveCompare("Referer") == .orderedSame }) else { return }
        headers.append(("Referer", referrer))
    }
}
