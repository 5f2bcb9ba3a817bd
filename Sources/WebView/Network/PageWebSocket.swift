internal import CSoup
import Foundation
import HybridLoop

/// One page `WebSocket` over libsoup 3's client (`soup_session_websocket_connect_async`): the handshake through the
/// web view's session (its cookies, user agent and proxies), then libsoup's `SoupWebsocketConnection` for frames,
/// pings and the closing handshake.
///
/// Every event reaches ``Handler`` on the runtime thread, from the loop (never from inside a call of the page's), and
/// nothing reaches it after ``abort()``. Runtime-thread only; libsoup's signals hold it unretained and are
/// disconnected before it goes.
final class PageWebSocket {
    /// What the page hears, in the order the WebSocket API fires it.
    enum Event: Sendable {
        case open(protocol: String, extensions: String)
        case text(String)
        case binary([UInt8])
        /// The connection failed (fire `error`); a `close` follows.
        case error
        case close(code: Int, reason: String, wasClean: Bool)
    }

    typealias Handler = (Event) -> Void

    private let handler: Handler
    private let requestedProtocols: [String]
    private let cancellable = g_cancellable_new()!
    private var connection: OpaquePointer?
    private var failed = false
    /// The page closed the socket while it was connecting.
    private var givenUp = false
    private var finished = false

    /// Starts the handshake for `url` (`ws:` or `wss:`, already checked) offering `protocols`, from a page of `origin`.
    init(url: URL, protocols: [String], origin: String, session: WebSession, handler: @escaping Handler) {
        self.handler = handler
        requestedProtocols = protocols
        // libsoup's messages are HTTP ones: the handshake is a GET of the http(s) form of the URL.
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.scheme = url.scheme?.lowercased() == "wss" ? "https" : "http"
        guard let address = components?.url?.absoluteString, let message = soup_message_new("GET", address) else {
            LoopCallback.schedule(on: session.mainContext) { [weak self] in self?.fail() }
            return
        }
        defer { g_object_unref(UnsafeMutableRawPointer(message)) }
        g_main_context_push_thread_default(session.mainContext)
        defer { g_main_context_pop_thread_default(session.mainContext) }
        var names = protocols.map { strdup($0) } + [nil]
        defer { names.forEach { free($0) } }
        names.withUnsafeMutableBufferPointer { names in
            soup_session_websocket_connect_async(session.session, message, origin == "null" ? nil : origin,
                                                 protocols.isEmpty ? nil : names.baseAddress, Int32(G_PRIORITY_DEFAULT),
                                                 cancellable, { source, result, data in
                let socket = Unmanaged<PageWebSocket>.fromOpaque(data!).takeRetainedValue()
                socket.connected(source, result)
            }, Unmanaged.passRetained(self).toOpaque())
        }
    }

    deinit {
        detach()
        if let connection { g_object_unref(UnsafeMutableRawPointer(connection)) }
        g_object_unref(cancellable)
    }

    /// Whether frames may be sent.
    var isOpen: Bool {
        connection.map { soup_websocket_connection_get_state($0) == SOUP_WEBSOCKET_STATE_OPEN } ?? false
    }

    func send(text: String) {
        guard isOpen, let connection else { return }
        soup_websocket_connection_send_text(connection, text)
    }

    func send(bytes: [UInt8]) {
        guard isOpen, let connection else { return }
        bytes.withUnsafeBytes { soup_websocket_connection_send_binary(connection, $0.baseAddress, gsize($0.count)) }
    }

    /// Starts the closing handshake (`code` nil: a close frame without a code), or, still connecting, fails the
    /// connection as the WebSocket API asks (`error`, then `close` with 1006).
    func close(code: Int?, reason: String) {
        guard !finished else { return }
        guard let connection else {
            // The handshake's callback, from the loop, then fails the connection (events are tasks, never fired
            // from inside the page's `close()`).
            givenUp = true
            g_cancellable_cancel(cancellable)
            return
        }
        guard soup_websocket_connection_get_state(connection) == SOUP_WEBSOCKET_STATE_OPEN else { return }
        soup_websocket_connection_close(connection, gushort(code ?? Int(SOUP_WEBSOCKET_CLOSE_NO_STATUS.rawValue)),
                                        reason.isEmpty ? nil : reason)
    }

    /// The page goes away: nothing more reaches it; an open connection says 1001 (going away) and is released once
    /// libsoup has closed it.
    func abort() {
        finished = true
        g_cancellable_cancel(cancellable)
        guard let connection else { return }
        detach()
        if soup_websocket_connection_get_state(connection) == SOUP_WEBSOCKET_STATE_OPEN {
            soup_websocket_connection_close(connection, 1001, nil)
        }
        // The connection keeps itself until closed: its `closed` handler drops the last reference.
        g_object_ref(UnsafeMutableRawPointer(connection))
        if soup_websocket_connection_get_state(connection) == SOUP_WEBSOCKET_STATE_CLOSED {
            g_object_unref(UnsafeMutableRawPointer(connection))
        } else {
            hybrid_websocket_connect(connection, "closed", { closed, _ in
                g_object_unref(UnsafeMutableRawPointer(closed))
            }, nil)
        }
        g_object_unref(UnsafeMutableRawPointer(connection))
        self.connection = nil
    }

    private func detach() {
        guard let connection else { return }
        hybrid_signal_handlers_disconnect_by_data(UnsafeMutableRawPointer(connection),
                                                  Unmanaged.passUnretained(self).toOpaque())
    }

    private func connected(_ source: UnsafeMutablePointer<GObject>?, _ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        let session = UnsafeMutableRawPointer(source)?.assumingMemoryBound(to: SoupSession.self)
        let made = soup_session_websocket_connect_finish(session, result, &error)
        g_clear_error(&error)
        guard !finished else {
            if let made { soup_websocket_connection_close(made, 1001, nil); g_object_unref(UnsafeMutableRawPointer(made)) }
            return
        }
        guard let made else { return fail() }
        if givenUp {
            soup_websocket_connection_close(made, 1001, nil)
            g_object_unref(UnsafeMutableRawPointer(made))
            return fail()
        }
        connection = made
        let chosen = soup_websocket_connection_get_protocol(made).map { String(cString: $0) } ?? ""
        // A server that answers none of the offered subprotocols fails the handshake, as in WebKit.
        if !requestedProtocols.isEmpty, !requestedProtocols.contains(chosen) {
            soup_websocket_connection_close(made, 1002, nil)
            return fail()
        }
        soup_websocket_connection_set_max_incoming_payload_size(made, 0)
        let me = Unmanaged.passUnretained(self).toOpaque()
        hybrid_websocket_connect_message(made, { _, type, payload, data in
            var size: gsize = 0
            let base = payload.flatMap { g_bytes_get_data($0, &size) }
            let bytes = base.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(size))) } ?? []
            let socket = Unmanaged<PageWebSocket>.fromOpaque(data!).takeUnretainedValue()
            withExtendedLifetime(socket) {
                socket.deliver(type == gint(SOUP_WEBSOCKET_DATA_BINARY.rawValue)
                    ? .binary(bytes) : .text(String(decoding: bytes, as: UTF8.self)))
            }
        }, me)
        hybrid_websocket_connect_error(made, { _, _, data in
            Unmanaged<PageWebSocket>.fromOpaque(data!).takeUnretainedValue().failed = true
        }, me)
        hybrid_websocket_connect(made, "closed", { _, data in
            let socket = Unmanaged<PageWebSocket>.fromOpaque(data!).takeUnretainedValue()
            withExtendedLifetime(socket) { socket.closed() }
        }, me)
        let extensions = Self.extensionNames(made)
        deliver(.open(protocol: chosen, extensions: extensions))
    }

    /// The negotiated extensions as the `Sec-WebSocket-Extensions` answer names them (`permessage-deflate`).
    private static func extensionNames(_ connection: OpaquePointer) -> String {
        var names: [String] = []
        var node = soup_websocket_connection_get_extensions(connection)
        while let current = node {
            if let object = current.pointee.data,
               let name = hybrid_websocket_extension_name(object.assumingMemoryBound(to: SoupWebsocketExtension.self)) {
                names.append(String(cString: name))
            }
            node = current.pointee.next
        }
        return names.joined(separator: ", ")
    }

    private func closed() {
        guard let connection, !finished else { return }
        finished = true
        var code = Int(soup_websocket_connection_get_close_code(connection))
        let reason = soup_websocket_connection_get_close_data(connection).map { String(cString: $0) } ?? ""
        // libsoup reports 0 when no close frame came (the TCP connection just ended).
        let clean = code != 0 && code != 1006 && !failed
        if code == 0 { code = 1006 }
        detach()
        if failed { handler(.error) }
        handler(.close(code: code, reason: reason, wasClean: clean))
    }

    /// The handshake failed or was given up: `error`, then `close` with 1006.
    private func fail() {
        guard !finished else { return }
        finished = true
        handler(.error)
        handler(.close(code: 1006, reason: "", wasClean: false))
    }

    private func deliver(_ event: Event) {
        guard !finished else { return }
        handler(event)
    }
}
