internal import CSoup
import Glibc

/// Counts the server's open connections, closes those over the limit and arms the idle timeout.
///
/// A connection is seen when ``Acceptor`` accepts it and forgotten when its `GSocket` is finalized (libsoup drops
/// its last reference when the connection closes). Loop thread only; each watched socket keeps the tracker alive.
final class ConnectionTracker {
    let maxConnections: Int
    let idleTimeoutSeconds: Int
    private(set) var open: Set<UnsafeMutableRawPointer> = []

    init(maxConnections: Int, idleTimeoutSeconds: Int) {
        self.maxConnections = maxConnections
        self.idleTimeoutSeconds = idleTimeoutSeconds
    }

    var count: Int { open.count }

    /// Notes a newly accepted connection; returns false when it is over the limit (the caller closes it).
    func admit(_ socket: UnsafeMutablePointer<GSocket>) -> Bool {
        let key = UnsafeMutableRawPointer(socket)
        if open.count >= maxConnections { return false }
        open.insert(key)
        // libsoup writes the head and the body separately: without this, Nagle's algorithm holds the body back
        // until the client's delayed ACK of the head, up to 40-200 ms on some requests.
        g_socket_set_option(socket, Int32(IPPROTO_TCP), TCP_NODELAY, 1, nil)
        // A stalled or idle client's reads fail with G_IO_ERROR_TIMED_OUT and libsoup drops the connection.
        if idleTimeoutSeconds > 0 { g_socket_set_timeout(socket, guint(idleTimeoutSeconds)) }
        let retained = Unmanaged.passRetained(self).toOpaque()
        g_object_weak_ref(hybrid_gobject(key), { data, object in
            guard let data, let object else { return }
            let tracker = Unmanaged<ConnectionTracker>.fromOpaque(data).takeRetainedValue()
            tracker.open.remove(UnsafeMutableRawPointer(object))
        }, retained)
        return true
    }
}
