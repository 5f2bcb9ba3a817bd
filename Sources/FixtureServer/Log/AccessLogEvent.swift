/// One answered request, as the access log reports it.
public struct AccessLogEvent: Sendable, Equatable {
    /// `GET`, `HEAD`, ...
    public var method: String
    /// The request path as sent (percent-encoded), without the query.
    public var path: String
    /// The response status.
    public var status: Int
    /// The response body's length in bytes (0 for HEAD and 304).
    public var bytes: Int
    /// From the request's headers being read to the response being written, in milliseconds.
    public var milliseconds: Double

    public init(method: String, path: String, status: Int, bytes: Int, milliseconds: Double) {
        self.method = method
        self.path = path
        self.status = status
        self.bytes = bytes
        self.milliseconds = milliseconds
    }

    /// `GET /index.html 200 1024 0.3ms`: how `hybrid serve` prints it.
    public var line: String {
        let tenths = (milliseconds * 10).rounded() / 10
        return "\(method) \(path) \(status) \(bytes) \(tenths)ms"
    }
}
