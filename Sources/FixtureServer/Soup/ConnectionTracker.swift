/// The server's open connections: room for new ones up to the limit, and closing them all when the server stops.
///
/// A ``Connection`` counts from its accept until it is closed (by the client, a timeout, the end of a refusal or the
/// server), lingering after a refusal included. Loop thread only.
final class ConnectionTracker {
    let maxConnections: Int
    private var open: [ObjectIdentifier: Connection] = [:]

    init(maxConnections: Int) {
        self.maxConnections = maxConnections
    }

    var count: Int { open.count }

    /// Whether one more connection may be served.
    var hasRoom: Bool { open.count < maxConnections }

    func insert(_ connection: Connection) {
        open[ObjectIdentifier(connection)] = connection
    }

    /// Forgets a closed connection.
    func remove(_ connection: Connection) {
        open[ObjectIdentifier(connection)] = nil
    }

    /// The connection whose current request is `message`, if any.
    func connection(answering message: OpaquePointer) -> Connection? {
        open.values.first { $0.currentMessage == message }
    }

    /// Closes every open connection.
    func closeAll() {
        for connection in Array(open.values) { connection.close() }
        open.removeAll()
    }
}
