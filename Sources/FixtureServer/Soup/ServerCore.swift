internal import CSoup
import HybridLoop
import Glibc
import HybridRouting

/// The libsoup side of a ``FixtureServer``: the `SoupServer`, its signal handlers, the connections and the
/// responders.
///
/// Created, used and closed on the server's loop thread only; the signal handlers hold it alive until the
/// `SoupServer` is finalized.
final class ServerCore {
    let files: FileResponder
    let routes: MockRoutes
    let limits: ServerLimits
    let cors: Bool
    let log: EventPublisher<AccessLogEvent>
    let connections: ConnectionTracker
    /// The `SoupServer` while listening; nil once closed.
    private(set) var server: UnsafeMutablePointer<SoupServer>?
    /// The connection being handed to libsoup, until libsoup announces its message (`request-started`).
    var accepting: Connection?
    private var acceptors: [Acceptor] = []
    /// Messages answered 101 for a WebSocket, until their connection takes them over (``Connection``).
    var upgrades: [OpaquePointer: WebSocketScript] = [:]
    /// The event streams being written.
    var eventStreams: [ObjectIdentifier: EventStreamWriter] = [:]

    init(files: FileResponder, routes: MockRoutes, limits: ServerLimits, cors: Bool,
         log: EventPublisher<AccessLogEvent>) {
        self.files = files
        self.routes = routes
        self.limits = limits
        self.cors = cors
        self.log = log
        connections = ConnectionTracker(maxConnections: limits.maxConnections)
    }

    /// Listens on `host:port` (port 0: any free port) and returns the bound port.
    func listen(host: String, port: Int) throws(FixtureServerError) -> Int {
        guard let address = g_inet_socket_address_new_from_string(host, guint(port)) else {
            throw .invalidHost(host)
        }
        defer { g_object_unref(address) }
        let server = hybrid_soup_server_new(nil)!
        let me = { Unmanaged.passRetained(self).toOpaque() }
        let release: GDestroyNotify = { Unmanaged<ServerCore>.fromOpaque($0!).release() }
        hybrid_soup_server_connect(server, "request-started", { _, msg, data in
            Unmanaged<ServerCore>.fromOpaque(data!).takeUnretainedValue().started(msg!)
        }, me(), release)
        soup_server_add_handler(server, nil, { _, msg, _, _, data in
            Unmanaged<ServerCore>.fromOpaque(data!).takeUnretainedValue().handle(msg!)
        }, me(), release)
        var error: UnsafeMutablePointer<GError>?
        guard soup_server_listen(server, address, SoupServerListenOptions(rawValue: 0), &error) != 0 else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_clear_error(&error)
            g_object_unref(server)
            throw .cannotListen(host: host, port: port, reason: reason)
        }
        self.server = server
        takeOverListeners(server)
        return boundPort(server) ?? port
    }

    /// Closes the listeners and every open connection, and drops the cached files.
    func close() {
        guard let server else { return }
        self.server = nil
        acceptors.forEach { $0.close() }
        acceptors.removeAll()
        eventStreams.values.forEach { $0.cancel() }
        eventStreams.removeAll()
        upgrades.removeAll()
        connections.closeAll()
        soup_server_disconnect(server)
        g_object_unref(server)
        files.removeAll()
    }

    /// Serves an accepted socket (taking over its references) unless the connection limit is reached.
    private func accept(_ socket: UnsafeMutablePointer<GSocket>, local: UnsafeMutablePointer<GSocketAddress>,
                        remote: UnsafeMutablePointer<GSocketAddress>) -> Bool {
        guard connections.hasRoom else { return false }
        let connection = Connection(core: self, socket: socket, local: local, remote: remote)
        connections.insert(connection)
        connection.start()
        return true
    }

    /// GIO listens with a backlog of 10, which drops connections when hundreds arrive at once, and cannot change it
    /// afterwards; listen(2) again on the bound descriptor raises it (Linux updates a listening socket's backlog).
    /// An ``Acceptor`` then accepts the connections, all pending ones at once.
    private func takeOverListeners(_ server: UnsafeMutablePointer<SoupServer>) {
        let listeners = soup_server_get_listeners(server)
        defer { g_slist_free(listeners) }
        var node = listeners
        while let current = node {
            if let socket = current.pointee.data?.assumingMemoryBound(to: GSocket.self) {
                Glibc.listen(g_socket_get_fd(socket), 4096)
                acceptors.append(Acceptor(listener: socket) { [unowned self] client, local, remote in
                    accept(client, local: local, remote: remote)
                })
            }
            node = current.pointee.next
        }
    }

    private func boundPort(_ server: UnsafeMutablePointer<SoupServer>) -> Int? {
        let uris = soup_server_get_uris(server)
        defer { g_slist_free(uris) }
        var node = uris
        var port: Int?
        while let current = node {
            if let uri = current.pointee.data {
                let value = g_uri_get_port(OpaquePointer(uri))
                if port == nil, value > 0 { port = Int(value) }
                g_uri_unref(OpaquePointer(uri))
            }
            node = current.pointee.next
        }
        return port
    }

    // MARK: Signals

    /// libsoup announces a connection's message: the first (and only) one of the connection being handed over.
    private func started(_ msg: OpaquePointer) {
        guard let connection = accepting else { return }
        accepting = nil
        connection.attach(msg)
    }

    /// Reports an answered request to the access log.
    func logAnswer(_ message: ServerMessage, since start: Int?) {
        guard log.hasSubscribers, let method = message.parsedMethod else { return }
        let bytes = method == "HEAD" ? 0 : message.responseBodyLength
        log.emit(AccessLogEvent(method: method, path: message.encodedPath, status: message.status, bytes: bytes,
                           milliseconds: Self.milliseconds(since: start)))
    }

    /// Reports a request refused before its body was read.
    func logRefusal(_ message: ServerMessage, status: Int, bytes: Int, since start: Int?) {
        guard log.hasSubscribers, let method = message.parsedMethod else { return }
        log.emit(AccessLogEvent(method: method, path: message.encodedPath, status: status, bytes: method == "HEAD" ? 0 : bytes,
                           milliseconds: Self.milliseconds(since: start)))
    }

    private static func milliseconds(since start: Int?) -> Double {
        start.map { Double(g_get_monotonic_time() - $0) / 1000 } ?? 0
    }
}
