/// The limits that keep a misbehaving client from hurting the server or other clients.
public struct ServerLimits: Sendable, Equatable {
    /// The largest request head (request line and headers) answered; larger ones get 431. libsoup itself
    /// refuses heads over 64 KiB.
    public var maxHeaderBytes: Int
    /// The largest request body accepted; larger ones get 413 (by `Content-Length`) or a closed connection.
    public var maxBodyBytes: Int
    /// Open connections beyond this many are closed at once.
    public var maxConnections: Int
    /// A connection idle (or stalled mid-request) this long is closed, in seconds.
    public var idleTimeoutSeconds: Int

    public init(maxHeaderBytes: Int = 32 * 1024, maxBodyBytes: Int = 16 * 1024 * 1024, maxConnections: Int = 1024,
                idleTimeoutSeconds: Int = 60) {
        self.maxHeaderBytes = maxHeaderBytes
        self.maxBodyBytes = maxBodyBytes
        self.maxConnections = maxConnections
        self.idleTimeoutSeconds = idleTimeoutSeconds
    }
}
