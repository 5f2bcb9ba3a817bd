internal import CSoup
import Glibc

/// Answers a request refused before its body is read (413, 431), then closes its connection without losing the
/// answer.
///
/// libsoup reads a request's whole body before answering, so the ``Connection`` takes a refused request's socket from
/// libsoup and the answer is written here, with `Connection: close`. Closing a socket that still holds unread bytes
/// resets the connection, and a reset can destroy the answer before the client reads it; so, like Apache and nginx
/// ("lingering close"), the write side is shut down first and what the client still sends is read and dropped, until
/// the client closes, for at most ``lingerMilliseconds`` and ``lingerBytes``. Then `done` runs, and the caller
/// closes the socket. Loop thread only.
final class Refusal {
    static let lingerMilliseconds = 2_000
    static let lingerBytes = 1 << 20

    private let socket: UnsafeMutablePointer<GSocket>
    private var source: UnsafeMutablePointer<GSource>?
    private let timer = LoopTimer()
    private var drained = 0
    private var done: (() -> Void)?

    /// The answer's body: one line naming the status (`413 Payload Too Large`).
    static func body(status: Int) -> String {
        "\(status) \(reason(status))\n"
    }

    /// The answer's bytes: status line, headers and ``body(status:)``.
    static func answer(status: Int, allowOrigin: String?) -> [UInt8] {
        let reason = reason(status)
        let body = body(status: status)
        var head = "HTTP/1.1 \(status) \(reason)\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n"
        if let allowOrigin { head += "Access-Control-Allow-Origin: \(allowOrigin)\r\nVary: Origin\r\n" }
        return Array((head + "\r\n" + body).utf8)
    }

    /// Writes `answer` on `socket` (what fits now: a client that reads nothing gets less) and starts lingering.
    init(socket: UnsafeMutablePointer<GSocket>, answer: [UInt8], done: @escaping () -> Void) {
        self.socket = socket
        self.done = done
        var sent = 0
        while sent < answer.count {
            let count = answer[sent...].withUnsafeBytes { bytes in
                g_socket_send_with_blocking(socket, bytes.baseAddress?.assumingMemoryBound(to: gchar.self),
                                            gsize(bytes.count), 0, nil, nil)
            }
            guard count > 0 else { break }
            sent += count
        }
        g_socket_shutdown(socket, 0, 1, nil)
        let source = g_socket_create_source(socket, GIOCondition(G_IO_IN.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue),
                                            nil)!
        hybrid_socket_source_set_callback(source, { _, _, data in
            // Kept alive for the call: `done` may release it.
            let refusal = Unmanaged<Refusal>.fromOpaque(data!).takeUnretainedValue()
            return withExtendedLifetime(refusal) { refusal.drain() } ? 1 : 0
        }, Unmanaged.passUnretained(self).toOpaque(), nil)
        g_source_attach(source, g_main_context_get_thread_default())
        self.source = source
        timer.schedule(after: Self.lingerMilliseconds) { [weak self] in self?.finish() }
    }

    private static func reason(_ status: Int) -> String {
        soup_status_get_phrase(guint(status)).map { String(cString: $0) } ?? ""
    }

    /// Stops lingering without running `done` (the server is closing everything).
    func cancel() {
        done = nil
        finish()
    }

    deinit {
        cancel()
    }

    /// Reads and drops what has arrived; false once the client closed, failed or sent too much.
    private func drain() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while drained <= Self.lingerBytes {
            var error: UnsafeMutablePointer<GError>?
            let count = buffer.withUnsafeMutableBytes { bytes in
                g_socket_receive_with_blocking(socket, bytes.baseAddress?.assumingMemoryBound(to: gchar.self),
                                               gsize(bytes.count), 0, nil, &error)
            }
            if count > 0 {
                drained += count
                continue
            }
            let wouldBlock = error.map { g_error_matches($0, g_io_error_quark(), gint(G_IO_ERROR_WOULD_BLOCK.rawValue)) != 0 }
            g_clear_error(&error)
            if wouldBlock == true { return true }
            break
        }
        finish()
        return false
    }

    private func finish() {
        timer.cancel()
        if let source {
            self.source = nil
            g_source_destroy(source)
            g_source_unref(source)
        }
        let done = self.done
        self.done = nil
        done?()
    }
}
