internal import CSoup
import Glibc
import URLRouting

/// The libsoup side of a ``FixtureServer``: the `SoupServer`, its signal handlers and the responders.
///
/// Created, used and closed on the server's loop thread only; the signal handlers hold it alive until the
/// `SoupServer` is finalized.
final class ServerCore {
    let files: FileResponder
    let routes: MockRoutes
    let limits: ServerLimits
    let cors: Bool
    let log: (@Sendable (AccessLogEvent) -> Void)?
    let connections: ConnectionTracker
    private var server: UnsafeMutablePointer<SoupServer>?
    private var acceptors: [Acceptor] = []
    /// Per message in flight: when its headers arrived (only with a log) and the chunked body bytes seen.
    private var startTimes: [OpaquePointer: Int] = [:]
    var chunkedBytes: [OpaquePointer: Int] = [:]

    init(files: FileResponder, routes: MockRoutes, limits: ServerLimits, cors: Bool,
         log: (@Sendable (AccessLogEvent) -> Void)?) {
        self.files = files
        self.routes = routes
        self.limits = limits
        self.cors = cors
        self.log = log
        connections = ConnectionTracker(maxConnections: limits.maxConnections,
                                        idleTimeoutSeconds: limits.idleTimeoutSeconds)
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
        hybrid_soup_server_connect(server, "request-finished", { _, msg, data in
            Unmanaged<ServerCore>.fromOpaque(data!).takeUnretainedValue().finished(msg!, aborted: false)
        }, me(), release)
        hybrid_soup_server_connect(server, "request-aborted", { _, msg, data in
            Unmanaged<ServerCore>.fromOpaque(data!).takeUnretainedValue().finished(msg!, aborted: true)
        }, me(), release)
        soup_server_add_early_handler(server, nil, { _, msg, _, _, data in
            Unmanaged<ServerCore>.fromOpaque(data!).takeUnretainedValue().early(msg!)
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
        soup_server_disconnect(server)
        g_object_unref(server)
        files.removeAll()
        startTimes.removeAll()
        chunkedBytes.removeAll()
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
                acceptors.append(Acceptor(server: server, listener: socket, connections: connections))
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

    /// Headers are in, the body is not: refuse what is too big before reading it.
    private func early(_ msg: OpaquePointer) {
        if log != nil { startTimes[msg] = g_get_monotonic_time() }
        let message = ServerMessage(pointer: msg)
        if message.headBytes > limits.maxHeaderBytes {
            message.setHeader("Connection", "close")
            message.fail(431)
            return
        }
        let headers = soup_server_message_get_request_headers(msg)
        let length = Int(soup_message_headers_get_content_length(headers))
        if length > limits.maxBodyBytes {
            message.setHeader("Connection", "close")
            message.fail(413)
            return
        }
        if soup_message_headers_get_encoding(headers) == SOUP_ENCODING_CHUNKED {
            chunkedBytes[msg] = 0
            hybrid_soup_message_connect_chunk(msg, { msg, chunk, data in
                guard let msg, let chunk, let data else { return }
                Unmanaged<ServerCore>.fromOpaque(data).takeUnretainedValue().gotChunk(msg, size: Int(g_bytes_get_size(chunk)))
            }, Unmanaged.passUnretained(self).toOpaque())
        }
    }

    private func gotChunk(_ msg: OpaquePointer, size: Int) {
        guard let seen = chunkedBytes[msg] else { return }
        chunkedBytes[msg] = seen + size
        if seen + size > limits.maxBodyBytes, let socket = soup_server_message_get_socket(msg) {
            chunkedBytes[msg] = nil
            g_socket_shutdown(socket, 1, 1, nil)
        }
    }

    private func finished(_ msg: OpaquePointer, aborted: Bool) {
        chunkedBytes[msg] = nil
        guard let log else { return }
        let start = startTimes.removeValue(forKey: msg)
        guard !aborted else { return }
        let message = ServerMessage(pointer: msg)
        let method = message.method
        let body = soup_server_message_get_response_body(msg)
        let bytes = method == "HEAD" ? 0 : Int(body?.pointee.length ?? 0)
        let elapsed = start.map { Double(g_get_monotonic_time() - $0) / 1000 } ?? 0
        log(AccessLogEvent(method: method, path: message.encodedPath, status: Int(soup_server_message_get_status(msg)),
                           bytes: bytes, milliseconds: elapsed))
    }
}
