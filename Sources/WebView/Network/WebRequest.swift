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
