internal import CSoup
import Glibc

/// One client connection, across every request it carries: hands it to libsoup one request at a time, enforces the
/// idle timeout and the head and body limits, and closes it.
///
/// libsoup 3.2 loses connections waiting for their next request (keep-alive): when the client closes one, or the
/// socket times out there, libsoup ends its waiting message without closing the connection, which then keeps its
/// descriptor until the server stops. So libsoup is never left holding a waiting connection: each time it hands one
/// over, it carries exactly one request. When the answer is written (`wrote-body`), the connection is taken back
/// (`soup_server_message_steal_connection`) and, if it may carry another request, handed over again as a new one at
/// the next loop iteration; else it is closed. The first message of a libsoup connection ends properly on end of
/// stream, errors and timeouts, and the connection with it. Bytes libsoup read past a request (a pipelined next one,
/// or one sent the moment the answer arrived) are in the buffer of libsoup's wrapper when it is taken back: they are
/// read out and handed over first (``PrefixedStream``).
///
/// Idle timeout: from the moment it waits for a request until that request is read whole, a connection has
/// `idleTimeoutSeconds`; then it is closed, idle or trickling bytes alike. While the answer is written, the socket's
/// own timeout closes it when the client stops reading.
///
/// Limits: a head over `maxHeaderBytes` (431) or a `Content-Length` over `maxBodyBytes` (413) is refused as soon as
/// the head is read, and a body growing past `maxBodyBytes` as soon as it does (413); a ``Refusal`` answers it and
/// closes the connection, since libsoup would read the whole body first.
///
/// Loop thread only. The ``ConnectionTracker`` owns it; libsoup's signals hold it unretained and are disconnected
/// before it goes.
final class Connection {
    private enum State {
        /// libsoup waits for a request, or reads it; the idle timeout runs.
        case waiting
        /// The request is read; libsoup answers it.
        case answering
        /// Taken back from libsoup, to be handed over again at the next loop iteration.
        case between
        /// A ``Refusal`` answers and lingers.
        case refusing
        /// Upgraded to a WebSocket: its ``WebSocketEndpoint`` has the stream.
        case upgraded
        case closed
    }

    private unowned let core: ServerCore
    private let socket: UnsafeMutablePointer<GSocket>
    private let stream: UnsafeMutablePointer<GIOStream>
    private let local: UnsafeMutablePointer<GSocketAddress>
    private let remote: UnsafeMutablePointer<GSocketAddress>
    /// What libsoup has for the current request.
    private var handed: PrefixedStream?
    private var state = State.between
    /// The libsoup message of the current request.
    private var message: OpaquePointer?
    /// The libsoup message of the request being read or answered, if any.
    var currentMessage: OpaquePointer? { message }
    private var bodyBytes = 0
    private var headersTime: Int?
    private let timer = LoopTimer()
    private var refusal: Refusal?
    private var webSocket: WebSocketEndpoint?
    /// Watches the socket of an answer that writes nothing more for a while (an event stream kept open).
    private var hangUpWatch: UnsafeMutablePointer<GSource>?

    /// A connection on an accepted `socket`; takes over one reference to it and to each address.
    init(core: ServerCore, socket: UnsafeMutablePointer<GSocket>, local: UnsafeMutablePointer<GSocketAddress>,
         remote: UnsafeMutablePointer<GSocketAddress>) {
        self.core = core
        self.socket = socket
        self.local = local
        self.remote = remote
        let connection = g_socket_connection_factory_create_connection(socket)!
        stream = UnsafeMutableRawPointer(connection).assumingMemoryBound(to: GIOStream.self)
        // libsoup writes the head and the body separately: without this, Nagle's algorithm holds the body back
        // until the client's delayed ACK of the head, up to 40-200 ms on some requests.
        g_socket_set_option(socket, Int32(IPPROTO_TCP), TCP_NODELAY, 1, nil)
        // While an answer is written, a client that stops reading makes the writes time out.
        let seconds = core.limits.idleTimeoutSeconds
        if seconds > 0 { g_socket_set_timeout(socket, guint(seconds)) }
    }

    deinit {
        g_object_unref(stream)
        g_object_unref(socket)
        g_object_unref(local)
        g_object_unref(remote)
    }

    /// Serves the connection's first request.
    func start() {
        handOver()
    }

    /// Closes the connection (idempotent) and leaves the tracker.
    func close() {
        guard state != .closed else { return }
        state = .closed
        timer.cancel()
        refusal?.cancel()
        refusal = nil
        webSocket?.abort()
        webSocket = nil
        if let hangUpWatch {
            g_source_destroy(hangUpWatch)
            g_source_unref(hangUpWatch)
        }
        hangUpWatch = nil
        if let message { core.upgrades[message] = nil }
        if let taken = detach() { g_object_unref(taken) }
        handed = nil
        g_io_stream_close(stream, nil, nil)
        core.connections.remove(self)
    }

    // MARK: libsoup, one request at a time

    /// Hands the connection to libsoup for one request, the bytes libsoup read past the last one first.
    private func handOver(readAhead: [UInt8] = []) {
        state = .waiting
        bodyBytes = 0
        headersTime = nil
        let seconds = core.limits.idleTimeoutSeconds
        if seconds > 0 {
            timer.schedule(after: seconds * 1000) { [weak self] in
                if self?.state == .waiting { self?.close() }
            }
        }
        guard let server = core.server else { return close() }
        let handed = PrefixedStream(readAhead, then: stream)
        self.handed = handed
        core.accepting = self
        soup_server_accept_iostream(server, handed.stream, local, remote, nil)
        // libsoup announces the first message of a connection at once; a connection it did not take is closed.
        if core.accepting === self {
            core.accepting = nil
            close()
        }
    }

    /// libsoup started `msg`, this connection's request: follow it.
    func attach(_ msg: OpaquePointer) {
        message = msg
        let me = Unmanaged.passUnretained(self).toOpaque()
        hybrid_soup_message_connect(msg, "got-headers", { _, data in
            Connection.with(data) { $0.gotHeaders() }
        }, me)
        hybrid_soup_message_connect_chunk(msg, { _, chunk, data in
            let size = chunk.map { Int(g_bytes_get_size($0)) } ?? 0
            Connection.with(data) { $0.gotChunk(size: size) }
        }, me)
        hybrid_soup_message_connect(msg, "got-body", { _, data in
            Connection.with(data) { $0.gotBody() }
        }, me)
        hybrid_soup_message_connect(msg, "wrote-body", { _, data in
            Connection.with(data) { $0.wroteBody() }
        }, me)
        hybrid_soup_message_connect(msg, "wrote-informational", { _, data in
            Connection.with(data) { $0.wroteInformational() }
        }, me)
        g_object_weak_ref(hybrid_gobject(UnsafeMutableRawPointer(msg)), Connection.messageFinalized, me)
    }

    /// Calls `body` with the connection behind a callback's data, kept alive for the call even if it closes.
    private static func with(_ data: gpointer?, _ body: (Connection) -> Void) {
        let connection = Unmanaged<Connection>.fromOpaque(data!).takeUnretainedValue()
        withExtendedLifetime(connection) { body(connection) }
    }

    /// libsoup ended the message by itself (end of stream, error, timeout, server stopping): the connection is done.
    private static let messageFinalized: GWeakNotify = { data, _ in
        Connection.with(data) { connection in
            connection.message = nil
            connection.close()
        }
    }

    /// Takes the connection back from libsoup: stops following the message, then steals its stream (a libsoup
    /// wrapper of what was handed over, which holds any bytes read past the request).
    private func detach() -> UnsafeMutablePointer<GIOStream>? {
        guard let msg = message else { return nil }
        message = nil
        let me = Unmanaged.passUnretained(self).toOpaque()
        g_object_weak_unref(hybrid_gobject(UnsafeMutableRawPointer(msg)), Connection.messageFinalized, me)
        hybrid_signal_handlers_disconnect_by_data(UnsafeMutableRawPointer(msg), me)
        return soup_server_message_steal_connection(msg)
    }

    private func gotHeaders() {
        guard let msg = message else { return }
        if core.log.hasSubscribers { headersTime = g_get_monotonic_time() }
        let request = ServerMessage(pointer: msg)
        if request.headBytes > core.limits.maxHeaderBytes {
            refuse(431, request)
        } else if request.contentLength > core.limits.maxBodyBytes {
            refuse(413, request)
        }
    }

    private func gotChunk(size: Int) {
        bodyBytes += size
        if bodyBytes > core.limits.maxBodyBytes, let msg = message { refuse(413, ServerMessage(pointer: msg)) }
    }

    private func gotBody() {
        state = .answering
        timer.cancel()
    }

    /// The answer is written: take the connection back, and hand it over again or close it.
    private func wroteBody() {
        guard let msg = message else { return }
        let answered = ServerMessage(pointer: msg)
        core.logAnswer(answered, since: headersTime)
        let keepAlive = answered.isKeepAlive && core.server != nil
        handed?.seal()
        guard let taken = detach() else { return close() }
        defer { g_object_unref(taken) }
        guard keepAlive, let readAhead = Self.readAhead(from: taken) else { return close() }
        // Not from inside libsoup's callback: the next request may be answered at once, one level deeper each time.
        state = .between
        timer.schedule(after: 0) { [weak self] in self?.handOver(readAhead: readAhead) }
    }

    /// What libsoup's wrapper `taken` of the sealed stream still yields: the bytes libsoup read past the request,
    /// then those of the hand-over it did not read; nil after an error.
    private static func readAhead(from taken: UnsafeMutablePointer<GIOStream>) -> [UInt8]? {
        guard let input = hybrid_pollable_input(taken) else { return nil }
        var readAhead: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            var error: UnsafeMutablePointer<GError>?
            let count = buffer.withUnsafeMutableBytes {
                g_pollable_input_stream_read_nonblocking(input, $0.baseAddress, gsize($0.count), nil, &error)
            }
            if count > 0 {
                readAhead += buffer[..<count]
                continue
            }
            let wouldBlock = error.map { g_error_matches($0, g_io_error_quark(), gint(G_IO_ERROR_WOULD_BLOCK.rawValue)) != 0 }
            g_clear_error(&error)
            return wouldBlock == true ? readAhead : nil
        }
    }

    /// A 101 answer for a WebSocket is written: take the connection back from libsoup for good and run the script
    /// over it. The idle timeout no longer applies (a WebSocket may stay quiet), nor the socket's own.
    private func wroteInformational() {
        guard let msg = message, let script = core.upgrades.removeValue(forKey: msg) else { return }
        let answered = ServerMessage(pointer: msg)
        core.logAnswer(answered, since: headersTime)
        let chosen = soup_message_headers_get_one(soup_server_message_get_response_headers(msg), "Sec-WebSocket-Protocol")
            .map { String(cString: $0) }
        let uri = soup_server_message_get_uri(msg).flatMap { g_uri_ref($0) }
        defer { if let uri { g_uri_unref(uri) } }
        guard let taken = detach() else { return close() }
        defer { g_object_unref(taken) }
        state = .upgraded
        timer.cancel()
        g_socket_set_timeout(socket, 0)
        let endpoint = WebSocketEndpoint(stream: taken, uri: uri, protocol: chosen, script: script,
                                         maxMessageBytes: core.limits.maxBodyBytes) { [weak self] in self?.close() }
        webSocket = endpoint
        endpoint.start()
    }

    /// The answer writes nothing more until the client goes (an event stream kept open): libsoup, not writing, would
    /// not notice it leave, so the socket is watched, and the connection closed when a peek reads its end (bytes
    /// instead, which a client of such an answer does not send, end the watch).
    func closeWhenClientLeaves() {
        guard hangUpWatch == nil, state != .closed else { return }
        let source = g_socket_create_source(socket, GIOCondition(G_IO_IN.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue), nil)!
        hybrid_socket_source_set_callback(source, { socket, _, data in
            var byte: UInt8 = 0
            let got = recv(g_socket_get_fd(socket), &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
            if got < 0, errno == EAGAIN || errno == EINTR { return 1 }
            if got <= 0 { Connection.with(data) { $0.close() } }
            return 0
        }, Unmanaged.passUnretained(self).toOpaque(), nil)
        g_source_attach(source, g_main_context_get_thread_default())
        hangUpWatch = source
    }

    /// Answers `status` without reading the body, then closes.
    private func refuse(_ status: Int, _ request: ServerMessage) {
        let origin = core.cors ? (request.header("Origin") ?? "*") : nil
        let answer = Refusal.answer(status: status, allowOrigin: origin)
        core.logRefusal(request, status: status, bytes: Refusal.body(status: status).utf8.count, since: headersTime)
        state = .refusing
        timer.cancel()
        if let taken = detach() { g_object_unref(taken) }
        refusal = Refusal(socket: socket, answer: answer) { [weak self] in self?.close() }
    }
}
