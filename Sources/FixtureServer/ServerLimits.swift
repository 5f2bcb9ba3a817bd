/// The limits that keep a misbehaving client from hurting the server or other clients.
public struct ServerLimits: Sendable, Equatable {
    /// The largest request head (request line and headers) answered; larger ones get 431 as soon as the head is
    /// read, and the connection is closed without reading the body. libsoup itself refuses heads over 64 KiB.
    public var maxHeaderBytes: Int
    /// The largest request body accepted. A larger `Content-Length` gets 413 as soon as the head is read, and a
    /// chunked body 413 as soon as it grows past the limit; either way the body is not read further and the
    /// connection is closed.
    public var maxBodyBytes: Int
    /// Open connections beyond this many are closed at once. A connection counts until it is closed, by the client
    /// (kept-alive ones included), the idle timeout or the server.
    public var maxConnections: Int
    /// In seconds: how long a connection may take from waiting for a request (after connecting or after its last
    /// answer) until the request is read whole; then it is closed, whether idle or sending slowly. While an answer
    /// is written, a client that reads nothing for this long is closed too. 0: no limit.
    public var idleTimeoutSeconds: Int

    public init(maxHeaderBytes: Int = 32 * 1024, maxBodyBytes: Int = 16 * 1024 * 1024, maxConnections: Int = 1024,
                idleTimeoutSeconds: Int = 60) {
        self.maxHeaderBytes = maxHeaderBytes
        self.maxBodyBytes = maxBodyBytes
        self.maxConnections = maxConnections
        self.idleTimeoutSeconds = idleTimeoutSeconds
    }
}
