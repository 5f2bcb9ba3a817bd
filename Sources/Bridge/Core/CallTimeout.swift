import Dispatch
import Synchronization

/// The timer of one native call with a timeout. Cancelling it releases it at once, so a call
/// answered long before its timeout holds nothing until then. (A cancelled `Task.sleep` keeps its
/// sleeping task until the deadline: 300,000 answered calls with an hour's timeout held ~100 MB.)
final class CallTimeout: @unchecked Sendable {
    // @unchecked: a dispatch source may be used from any thread; `ended` makes firing and
    // cancelling exclusive.
    private let timer: any DispatchSourceTimer
    private let ended = Atomic(false)
    private let armed: Count

    /// Arms a timer that calls `fire` once after `timeout`, unless cancelled first.
    init(after timeout: Duration, armed: Count, fire: @escaping @Sendable () -> Void) {
        timer = DispatchSource.makeTimerSource(queue: .global())
        self.armed = armed
        armed.add(1)
        timer.setEventHandler { [weak self] in
            guard let self, self.end() else { return }
            fire()
        }
        timer.schedule(deadline: Self.deadline(after: timeout), leeway: .milliseconds(1))
        timer.activate()
    }

    deinit { cancel() }

    /// Disarms and releases the timer; no effect once it fired.
    func cancel() {
        _ = end()
    }

    /// True for the first of firing and cancelling.
    private func end() -> Bool {
        guard !ended.exchange(true, ordering: .acquiringAndReleasing) else { return false }
        timer.cancel()
        armed.add(-1)
        return true
    }

    /// `timeout` from now; negative is now, and a century or more is never.
    static func deadline(after timeout: Duration) -> DispatchTime {
        let (seconds, attoseconds) = timeout.components
        guard seconds >= 0, attoseconds >= 0 else { return .now() }
        // Far below the top bits, which a dispatch time keeps for flags (wall clock, monotonic).
        guard seconds < 100 * 365 * 86_400 else { return .distantFuture }
        let nanoseconds = UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
        return DispatchTime(uptimeNanoseconds: DispatchTime.now().uptimeNanoseconds + nanoseconds)
    }

    /// The number of timers a bridge has armed and not yet fired or cancelled.
    final class Count: Sendable {
        private let value = Atomic(0)
        var current: Int { value.load(ordering: .relaxed) }
        func add(_ delta: Int) { value.add(delta, ordering: .relaxed) }
    }
}
