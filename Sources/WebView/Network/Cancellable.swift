internal import CSoup

/// Cancels an in-flight load. After ``cancel()`` the load's completion is never called.
///
/// Runtime-thread only, like the session that made it.
public final class Cancellable {
    /// The GIO cancellable handed to libsoup and GIO.
    let gCancellable: UnsafeMutablePointer<GCancellable>
    /// True once ``cancel()`` ran.
    public private(set) var isCancelled = false

    init() {
        gCancellable = g_cancellable_new()
    }

    deinit {
        g_object_unref(gCancellable)
    }

    /// Stops the load; its completion will not be called. Idempotent.
    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        g_cancellable_cancel(gCancellable)
    }
}
