internal import CSoup
import Glibc

/// Accepts every pending connection of a listening socket at once and hands them to the `SoupServer`.
///
/// libsoup's own listener accepts one connection per main-loop iteration, so when hundreds of clients connect
/// together the last ones wait for hundreds of iterations (the long latency tail of a burst of connections). This
/// source, on the same socket at a higher priority, drains the accept queue each time it is readable; libsoup's
/// listener then never finds a connection to accept. Loop thread only.
final class Acceptor {
    private let server: UnsafeMutablePointer<SoupServer>
    private let listener: UnsafeMutablePointer<GSocket>
    private let connections: ConnectionTracker
    private var source: UnsafeMutablePointer<GSource>?

    init(server: UnsafeMutablePointer<SoupServer>, listener: UnsafeMutablePointer<GSocket>,
         connections: ConnectionTracker) {
        self.server = server
        self.listener = listener
        self.connections = connections
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
            defer { g_object_unref(client) }
            guard connections.admit(client) else {
                g_socket_close(client, nil)
                continue
            }
            let stream = g_socket_connection_factory_create_connection(client)!
            defer { g_object_unref(stream) }
            let local = g_socket_get_local_address(client, nil)
            let remote = g_socket_get_remote_address(client, nil)
            defer {
                if let local { g_object_unref(local) }
                if let remote { g_object_unref(remote) }
            }
            let ioStream = UnsafeMutableRawPointer(stream).assumingMemoryBound(to: GIOStream.self)
            if soup_server_accept_iostream(server, ioStream, local, remote, nil) == 0 {
                g_socket_close(client, nil)
            }
        }
    }
}
