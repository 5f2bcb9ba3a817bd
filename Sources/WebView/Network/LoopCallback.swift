import CSoup

/// Runs Swift closures from a GLib main context: on its next iteration, or after a delay.
enum LoopCallback {
    private final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// Schedules `body` on `context` once, after `milliseconds` (0: next iteration). Destroy the
    /// returned source (``cancel(_:)``) to drop the call.
    @discardableResult
    static func schedule(on context: OpaquePointer, after milliseconds: UInt32 = 0,
                         _ body: @escaping () -> Void) -> UnsafeMutablePointer<GSource> {
        let source = milliseconds == 0 ? g_idle_source_new()! : g_timeout_source_new(milliseconds)!
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        g_source_set_callback(source, { data in
            Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue().body()
            return 0  // G_SOURCE_REMOVE
        }, box, { data in
            Unmanaged<Box>.fromOpaque(data!).release()
        })
        g_source_attach(source, context)
        return source
    }

    /// Drops a scheduled call that has not run, and releases the source.
    static func cancel(_ source: UnsafeMutablePointer<GSource>) {
        g_source_destroy(source)
        g_source_unref(source)
    }

    /// Releases a source whose call already ran (or is running).
    static func release(_ source: UnsafeMutablePointer<GSource>) {
        g_source_destroy(source)
        g_source_unref(source)
    }
}
