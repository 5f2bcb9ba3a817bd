import CSoup

/// Counts the server's open connections, closes those over the limit and arms the idle timeout.
///
/// A connection is seen at its first `request-started` (libsoup emits it as soon as a connection is accepted) and
/// forgotten when its `GSocket` is finalized. Loop thread only; each watched socket keeps the tracker alive.
final class ConnectionTracker {
    let maxConnections: Int
    let idleTimeoutSeconds: Int
    private(set) var open: Set<UnsafeMutableRawPointer> = []

    init(maxConnections: Int, idleTimeoutSeconds: Int) {
        self.maxConnections = maxConnections
        self.idleTimeoutSeconds = idleTimeoutSeconds
    }

    var count: Int { open.count }

    /// Notes the connection of `msg`; returns false when it is over the limit and has been shut down.
    func admit(_ msg: OpaquePointer) -> Bool {
        guard let socket = soup_server_message_get_socket(msg) else { return true }
        let key = UnsafeMutableRawPointer(socket)
        if open.contains(key) { return true }
        if open.count >= maxConnections {
            g_socket_shutdown(socket, 1, 1, nil)
            return false
        }
        open.insert(key)
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
