internal import CSoup

/// The server end of one WebSocket: runs a ``WebSocketScript`` over libsoup's `SoupWebsocketConnection`, which does
/// the framing, masking checks, pings and the closing handshake.
///
/// A ``Connection`` makes it from the stream it takes back from libsoup once the 101 answer is written, owns it, and
/// is closed when the WebSocket is (``onClosed``). Loop thread only; libsoup's signals hold it unretained and are
/// disconnected before it goes.
final class WebSocketEndpoint {
    private let connection: OpaquePointer
    private var steps: ArraySlice<WebSocketScript.Step>
    private let echo: Bool
    /// What an `expect` step waits for (`.some(nil)`: any message); nil when no step waits.
    private var expected: String??
    private let timer = LoopTimer()
    private var onClosed: (() -> Void)?

    /// A WebSocket over `stream` (libsoup's, taken from the 101 answer to a request for `uri`), speaking `protocol`.
    /// libsoup closes it on an incoming message larger than `maxMessageBytes`.
    init(stream: UnsafeMutablePointer<GIOStream>, uri: OpaquePointer?, protocol: String?, script: WebSocketScript,
         maxMessageBytes: Int, onClosed: @escaping () -> Void) {
        connection = soup_websocket_connection_new(stream, uri, SOUP_WEBSOCKET_CONNECTION_SERVER, nil, `protocol`, nil)
        steps = script.steps[...]
        echo = script.echo
        self.onClosed = onClosed
        soup_websocket_connection_set_max_incoming_payload_size(connection, guint64(maxMessageBytes))
        let me = Unmanaged.passUnretained(self).toOpaque()
        hybrid_websocket_connect_message(connection, { _, type, payload, data in
            let bytes = payload.map { bytes -> [UInt8] in
                var size: gsize = 0
                let base = g_bytes_get_data(bytes, &size)
                return base.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(size))) } ?? []
            } ?? []
            WebSocketEndpoint.with(data) { $0.received(binary: type == gint(SOUP_WEBSOCKET_DATA_BINARY.rawValue), bytes) }
        }, me)
        hybrid_websocket_connect(connection, "closed", { _, data in
            WebSocketEndpoint.with(data) { $0.abort() }
        }, me)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    private static func with(_ data: gpointer?, _ body: (WebSocketEndpoint) -> Void) {
        let endpoint = Unmanaged<WebSocketEndpoint>.fromOpaque(data!).takeUnretainedValue()
        withExtendedLifetime(endpoint) { body(endpoint) }
    }

    private var isOpen: Bool { soup_websocket_connection_get_state(connection) == SOUP_WEBSOCKET_STATE_OPEN }

    /// Runs the script from its first step.
    func start() {
        runSteps()
    }

    /// Stops following the WebSocket (closed, or the server stopping) and tells the owner, once.
    func abort() {
        timer.cancel()
        hybrid_signal_handlers_disconnect_by_data(UnsafeMutableRawPointer(connection),
                                                  Unmanaged.passUnretained(self).toOpaque())
        let closed = onClosed
        onClosed = nil
        closed?()
    }

    /// Runs steps until one waits (an `expect`, a delay) or the script ends.
    private func runSteps() {
        while isOpen, let step = steps.popFirst() {
            switch step {
            case .send(let text):
                soup_websocket_connection_send_text(connection, text)
            case .sendBinary(let bytes):
                bytes.withUnsafeBytes { soup_websocket_connection_send_binary(connection, $0.baseAddress, gsize($0.count)) }
            case .expect(let text):
                expected = .some(text)
                return
            case .delay(let milliseconds):
                timer.schedule(after: milliseconds) { [weak self] in self?.runSteps() }
                return
            case .close(let code, let reason):
                steps.removeAll()
                soup_websocket_connection_close(connection, gushort(code), reason)
                return
            }
        }
    }

    private func received(binary: Bool, _ bytes: [UInt8]) {
        guard isOpen else { return }
        if let wanted = expected {
            expected = nil
            if let text = wanted, binary || bytes != Array(text.utf8) {
                steps.removeAll()
                let reason = "expected \"\(text)\"".utf8.prefix(120)
                soup_websocket_connection_close(connection, 1008, String(decoding: reason, as: UTF8.self))
                return
            }
            return runSteps()
        }
        // Messages that arrive while steps run (and no step waits for them) are not echoed.
        guard echo, steps.isEmpty, !timer.isScheduled else { return }
        if binary {
            bytes.withUnsafeBytes { soup_websocket_connection_send_binary(connection, $0.baseAddress, gsize($0.count)) }
        } else {
            soup_websocket_connection_send_text(connection, String(decoding: bytes, as: UTF8.self))
        }
    }
}
