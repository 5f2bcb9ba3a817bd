internal import CJavaScriptCore
import Synchronization

/// Wakes a runtime that waits to become idle: after timers fire, timers are cancelled, or work
/// tokens end (from any thread).
final class LoopActivity: Sendable {
    /// Held work tokens. Atomic because tokens end on any thread.
    let pendingWork = Atomic(0)
    /// Held connection tokens (``JavaScriptRuntime/beginConnectionWork()``): pending work that ``JavaScriptRuntime/settle()``
    /// does not wait for.
    let pendingConnections = Atomic(0)
    private let loop: EventLoopThread
    /// The waits in progress, on the loop thread only.
    private let waits: LoopBoundBox<Waits>

    private struct Waits {
        var waiters: [CheckedContinuation<Void, Never>] = []
        var timeouts: [UnsafeMutablePointer<GSource>] = []
    }

    init(loop: EventLoopThread) {
        self.loop = loop
        waits = LoopBoundBox(sending: Waits(), loop: loop)
    }

    var hasPendingWork: Bool { hasPendingWorkToSettle || pendingConnections.load(ordering: .sequentiallyConsistent) > 0 }

    /// Work tokens other than connection tokens are held.
    var hasPendingWorkToSettle: Bool { pendingWork.load(ordering: .sequentiallyConsistent) > 0 }

    /// Wakes the waiters, from any thread.
    func signal() {
        if loop.isCurrent { wake() } else { loop.execute { self.wake() } }
    }

    /// Loop thread: resumes every waiter.
    func wake() {
        let woken = waits.withValue { waits in
            // A wait ends at its first wake-up, so its timeout is of no further use.
            for timeout in waits.timeouts {
                g_source_destroy(timeout)
                g_source_unref(timeout)
            }
            waits.timeouts.removeAll()
            defer { waits.waiters.removeAll() }
            return waits.waiters
        }
        for waiter in woken { waiter.resume() }
    }

    /// Loop thread: suspends until the next ``signal()`` or until `deadline` (monotonic µs).
    ///
    /// Runs on the caller's actor (the runtime, whose executor is the loop) so the waiter is
    /// registered before any other loop work can signal: a plain async method would hop to the
    /// global executor first and could miss the wake-up.
    func wait(until deadline: Int?, isolation: isolated (any Actor)? = #isolation) async {
        await withCheckedContinuation(isolation: isolation) { (continuation: CheckedContinuation<Void, Never>) in
            waits.value.waiters.append(continuation)
            guard let deadline else { return }
            let delay = max(0, deadline - g_get_monotonic_time())
            let timeout = g_timeout_source_new(UInt32(min((delay + 999) / 1000, Int(UInt32.max))))!
            g_source_set_callback(timeout, LoopActivity.timeoutCallback, Unmanaged.passRetained(self).toOpaque(),
                                  LoopActivity.releaseCallback)
            g_source_attach(timeout, loop.mainContext)
            waits.value.timeouts.append(timeout)
        }
    }

    private static let timeoutCallback: GSourceFunc = { data in
        Unmanaged<LoopActivity>.fromOpaque(data!).takeUnretainedValue().wake()
        return 1  // wake() destroys it
    }

    private static let releaseCallback: GDestroyNotify = { data in
        Unmanaged<LoopActivity>.fromOpaque(data!).release()
    }
}
