internal import CSoup
import HybridLoop

/// Fails a transfer after `limit` of inactivity, counting only time the runtime thread was free to notice activity.
///
/// A single timer of `limit` cannot tell a quiet server from a thread held by a script: it fires overdue after the
/// script, in the same loop iteration as the read that would have found the answer waiting on the socket. The watch
/// instead ticks `limit / 8` (between 10 ms and 1 s) and credits each tick with the time since the previous one, but
/// never more than two ticks' worth: an iteration delayed by a long script adds at most two ticks, so the answer is
/// read, and resets the watch, long before the limit is reached. A thread starved for minutes therefore stretches
/// the limit by that much, as the network process of WKWebView goes on reading while the page's thread is busy.
///
/// Runtime-thread only: made, fed and stopped on the loop of `mainContext`.
final class InactivityWatch {
    /// The quiet time after which ``expired`` is set and `onExpiry` runs.
    let limit: Duration
    /// True once the limit was reached.
    private(set) var expired = false
    private let mainContext: OpaquePointer
    private let onExpiry: () -> Void
    private let tickMicroseconds: Int
    private let limitMicroseconds: Int
    private var idleMicroseconds: Int = 0
    private var lastTick: Int
    private var timer: UnsafeMutablePointer<GSource>?

    init(limit: Duration, on mainContext: OpaquePointer, onExpiry: @escaping () -> Void) {
        self.limit = limit
        self.mainContext = mainContext
        self.onExpiry = onExpiry
        let limitMicroseconds = max(1, Int((limit.seconds * 1_000_000).rounded(.up)))
        self.limitMicroseconds = limitMicroseconds
        tickMicroseconds = min(1_000_000, max(10_000, limitMicroseconds / 8))
        lastTick = g_get_monotonic_time()
        arm()
    }

    deinit { stop() }

    /// The server did something (a head, body bytes): the quiet time starts again.
    func noteActivity() {
        idleMicroseconds = 0
        lastTick = g_get_monotonic_time()
    }

    /// No more ticks (the transfer ended).
    func stop() {
        if let timer { LoopCallback.cancel(timer) }
        timer = nil
    }

    private func arm() {
        timer = LoopCallback.scheduleCancellable(on: mainContext, after: UInt32(tickMicroseconds / 1000)) { [unowned self] in
            // The source ends after this call; only the watch's reference to it is dropped here.
            if let fired = timer { g_source_unref(fired) }
            timer = nil
            tick()
        }
    }

    private func tick() {
        let now = g_get_monotonic_time()
        idleMicroseconds += min(now - lastTick, 2 * tickMicroseconds)
        lastTick = now
        guard idleMicroseconds >= limitMicroseconds else { return arm() }
        expired = true
        onExpiry()
    }
}
