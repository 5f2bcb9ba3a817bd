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
final class Acceptor {
    /// Serves an accepted socket, taking over the references to it and to its addresses; false to have it closed.
    typealias Accept = (UnsafeMutablePointer<GSocket>, UnsafeMutablePointer<GSocketAddress>,
                        UnsafeMutablePointer<GSocketAddress>) -> Bool

    private let listener: UnsafeMutablePointer<GSocket>
    private let accept: Accept
    private var source: UnsafeMutablePointer<GSource>?

    init(listener: UnsafeMutablePointer<GSocket>, accept: @escaping Accept) {
        self.listener = listener
        self.accept = accept
        g_object_ref(listener)
        // Accept must fail with G_IO_ERROR_WOULD_BLOCK once the queue is empty, not wait for the next client.
        g_socket_set_blocking(listener, 0)
        let source = g_socket_create_source(listener, G_IO_IN, nil)!
        g_source_set_priority(source, G_PRIORITY_HIGH)
        hybrid_socket_source_set_callback(source, { _, _, data in
            Unmanaged<Acceptor>.fromOpaque(data!).takeUnretainedValue().acceptAll()
            return 1
        }, Unmanaged.passRetained(self).toOpaque(), { Unmanaged<Acceptor>.fromOpaque($0!).release() })
        g_source_attach(source, g_main_context_get_thread_default())
        self.source = source
    }

    /// Stops accepting; call before the server closes its listeners.
    func close() {
        guard let source else { return }
        self.source = nil
        g_source_destroy(source)
        g_source_unref(source)
        g_object_unref(listener)
    }

    private func acceptAll() {
        while let client = g_socket_accept(listener, nil, nil) {
            let local = g_socket_get_local_address(client, nil)
            let remote = g_socket_get_remote_address(client, nil)
            if let local, let remote, accept(client, local, remote) { continue }
            g_socket_close(client, nil)
            g_object_unref(client)
            if let local { g_object_unref(local) }
            if let remote { g_object_unref(remote) }
        }
    }
}
