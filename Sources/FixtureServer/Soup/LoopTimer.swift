internal import CSoup

/// A one-shot timer on the current thread's main context: ``schedule(after:_:)`` replaces any pending firing,
/// ``cancel()`` drops it, and so does releasing the timer. Loop thread only.
final class LoopTimer {
    private var source: UnsafeMutablePointer<GSource>?

    var isScheduled: Bool { source != nil }

    /// Runs `action` once, `milliseconds` from now (0: at the next loop iteration).
    func schedule(after milliseconds: Int, _ action: @escaping () -> Void) {
        cancel()
        let source = g_timeout_source_new(guint(max(0, milliseconds)))!
        let box = Unmanaged.passRetained(Firing(timer: self, action: action)).toOpaque()
        g_source_set_callback(source, { data in
            Unmanaged<Firing>.fromOpaque(data!).takeUnretainedValue().fire()
            return 0  // G_SOURCE_REMOVE
        }, box, { Unmanaged<Firing>.fromOpaque($0!).release() })
        g_source_attach(source, g_main_context_get_thread_default())
        self.source = source
    }

    func cancel() {
        guard let source else { return }
        self.source = nil
        g_source_destroy(source)
        g_source_unref(source)
    }

    deinit {
        cancel()
    }

    /// What the source calls: forgets the source first, so the action may schedule the timer again.
    private final class Firing {
        weak var timer: LoopTimer?
        let action: () -> Void

        init(timer: LoopTimer, action: @escaping () -> Void) {
            self.timer = timer
            self.action = action
        }

        func fire() {
            guard let timer else { return }
            timer.cancel()
            action()
        }
    }
}
