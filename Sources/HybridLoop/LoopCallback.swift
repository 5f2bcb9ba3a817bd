package import CGLib

/// Runs Swift closures from a GLib main context: on its next iteration, or after a delay.
package enum LoopCallback {
    private final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// Runs `body` on `context` once, on its next iteration.
    package static func schedule(on context: OpaquePointer, _ body: @escaping () -> Void) {
        g_source_unref(scheduleCancellable(on: context, body))
    }

    /// Schedules `body` on `context` once, after `milliseconds` (0: next iteration). Release the
    /// returned source with ``cancel(_:)``, which also drops the call if it has not run.
    package static func scheduleCancellable(on context: OpaquePointer, after milliseconds: UInt32 = 0,
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
    package static func cancel(_ source: UnsafeMutablePointer<GSource>) {
        g_source_destroy(source)
        g_source_unref(source)
    }
}
