internal import CSoup
import Glibc

/// Accepts every pending connection of a listening socket at once and hands each to `accept`.
///
/// libsoup's own listener accepts one connection per main-loop iteration, so when hundreds of clients connect
/// together the last ones wait for hundreds of iterations (the long latency tail of a burst of connections). This
/// source, on the same socket at a higher priority, drains the accept queue each time it is readable; libsoup's
/// listener then never finds a connection to accept.
///
/// A client that resets its connection before it is accepted leaves a socket without a peer: its addresses cannot
/// be read, and libsoup, handed a missing address, logs a critical warning for each of several steps (fatal under
/// `G_DEBUG=fatal-criticals`). Such a socket is closed here and never reaches `accept`. Loop thread only.
///
/// When the process is out of file descriptors (EMFILE, ENFILE) accept fails while the connection stays queued, so
/// the socket stays readable and the source would fire again at once, a core spinning until descriptors are free.
/// As hardened servers do, the acceptor keeps a reserve descriptor: it closes it, accepts the pending connection
/// and closes that at once (the client sees the connection closed instead of waiting), then opens the reserve
/// again. When that does not help (no reserve, or another error) it stops watching the socket for
/// ``backOffMilliseconds``. libsoup's listener, which may fire meanwhile, stops watching for good at its first
/// failed accept (and a connection it does accept meanwhile is served, only not counted by the limits).
final class Acceptor {
    /// Serves an accepted socket, taking over the references to it and to its addresses; false to have it closed.
    typealias Accept = (UnsafeMutablePointer<GSocket>, UnsafeMutablePointer<GSocketAddress>,
                        UnsafeMutablePointer<GSocketAddress>) -> Bool

    /// How long the socket goes unwatched after an accept that failed for want of resources.
    static let backOffMilliseconds = 100

    private let listener: UnsafeMutablePointer<GSocket>
    private let accept: Accept
    private var source: UnsafeMutablePointer<GSource>?
    private let backOff = LoopTimer()
    private var closed = false
    /// The descriptor given up to shed a connection when none is left; -1 when it could not be opened.
    private var reserve: Int32 = -1

    init(listener: UnsafeMutablePointer<GSocket>, accept: @escaping Accept) {
        self.listener = listener
        self.accept = accept
        g_object_ref(listener)
        // Accept must fail with G_IO_ERROR_WOULD_BLOCK once the queue is empty, not wait for the next client.
        g_socket_set_blocking(listener, 0)
        reserve = Self.openReserve()
        watch()
    }

    /// Stops accepting; call before the server closes its listeners.
    func close() {
        guard !closed else { return }
        closed = true
        backOff.cancel()
        unwatch()
        if reserve >= 0 { Glibc.close(reserve) }
        reserve = -1
        g_object_unref(listener)
    }

    private func watch() {
        let source = g_socket_create_source(listener, G_IO_IN, nil)!
        g_source_set_priority(source, G_PRIORITY_HIGH)
        hybrid_socket_source_set_callback(source, { _, _, data in
            Unmanaged<Acceptor>.fromOpaque(data!).takeUnretainedValue().acceptAll()
            return 1
        }, Unmanaged.passRetained(self).toOpaque(), { Unmanaged<Acceptor>.fromOpaque($0!).release() })
        g_source_attach(source, g_main_context_get_thread_default())
        self.source = source
    }

    private func unwatch() {
        guard let source else { return }
        self.source = nil
        g_source_destroy(source)
        g_source_unref(source)
    }

    private func acceptAll() {
        while true {
            var error: UnsafeMutablePointer<GError>?
            guard let client = g_socket_accept(listener, nil, &error) else {
                let code = error.map { $0.pointee.domain == g_io_error_quark() ? $0.pointee.code : -1 } ?? -1
                g_clear_error(&error)
                if code == gint(G_IO_ERROR_WOULD_BLOCK.rawValue) { return }
                if code == gint(G_IO_ERROR_TOO_MANY_OPEN_FILES.rawValue), shedOne() { continue }
                return pause()
            }
            let local = g_socket_get_local_address(client, nil)
            let remote = g_socket_get_remote_address(client, nil)
            if let local, let remote, accept(client, local, remote) { continue }
            g_socket_close(client, nil)
            g_object_unref(client)
            if let local { g_object_unref(local) }
            if let remote { g_object_unref(remote) }
        }
    }

    /// Out of descriptors: gives up the reserve to accept the first pending connection and close it. True when a
    /// connection was shed and the reserve is back, so accepting may go on.
    private func shedOne() -> Bool {
        guard reserve >= 0 else { return false }
        Glibc.close(reserve)
        let client = Glibc.accept(g_socket_get_fd(listener), nil, nil)
        if client >= 0 { Glibc.close(client) }
        reserve = Self.openReserve()
        return client >= 0 && reserve >= 0
    }

    /// Stops watching the socket for a while, instead of failing to accept in a loop.
    private func pause() {
        unwatch()
        backOff.schedule(after: Self.backOffMilliseconds) { [weak self] in
            guard let self, !closed else { return }
            if reserve < 0 { reserve = Self.openReserve() }
            watch()
        }
    }

    private static func openReserve() -> Int32 {
        open("/dev/null", O_RDONLY | O_CLOEXEC)
    }
}
