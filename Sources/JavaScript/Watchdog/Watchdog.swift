internal import CJavaScriptCore
import Foundation
import Synchronization

/// Stops JavaScript that runs too long (the per-entry CPU limit and the wall-clock deadline) or that
/// another thread asked to stop (``Interrupt``).
///
/// JavaScriptCore's watchdog measures CPU time from each entry into the VM and asks `shouldTerminate`
/// once that much has run. We set its limit before every outermost entry. With only a per-entry limit,
/// JSC's limit is that limit and the callback always answers yes. With a deadline, JSC's limit is a
/// short slice and the callback, which runs on the JavaScript thread, answers yes once the deadline has
/// passed or the entry has used its own limit, and otherwise re-arms the next slice; so a script stops
/// within a slice of CPU time after the deadline, however busy the machine is. JSC only asks once the
/// slice's CPU time has run: a script that waits in native code, using no CPU, is stopped once it uses
/// CPU again.
///
/// JavaScriptCore 2.50 runs each promise job as an entry of its own while it drains the job queue at
/// the end of an entry, and resets the limit for each; a chain of short jobs that never ends is
/// therefore never stopped here. Callers that must end at a deadline whatever the page does (the
/// `hybrid` command) also keep a wall-clock deadline of their own outside the runtime thread.
///
/// The callback also stops the script once ``Interrupt/request(reason:)`` was called, from any thread;
/// it runs in slices while a deadline is set or ``checksInterrupts`` is on (with only a per-entry limit it
/// runs once, when the limit has passed).
package final class Watchdog {
    /// The property that marks the `Error` we substitute for JSC's termination value.
    static let markerProperty = "__hybridExecutionTimeLimitExceeded"
    /// The most CPU time that runs between two checks of the deadline.
    static let deadlineSlice = 0.1

    /// Why the watchdog stopped a script.
    enum Reason: UInt8 {
        case none, limit, deadline, interrupt
    }

    /// A request to stop JavaScript, made on any thread and read by the callback on the JavaScript
    /// thread. Once made it stays: every script after it is stopped too.
    final class Interrupt: Sendable {
        private let reason = Mutex<String?>(nil)

        /// Asks the watchdog to stop the running script (and any later one) with `reason` as the message.
        /// The first reason wins.
        func request(reason text: String) {
            reason.withLock { $0 = $0 ?? text }
        }

        /// The reason given to ``request(reason:)``, nil when none was.
        var requested: String? { reason.withLock { $0 } }
    }

    private let group: JSContextGroupRef
    private let state: State
    private var isArmed = false
    /// What other threads set to stop JavaScript; the runtime replaces it with its own before any entry.
    var interrupt: Interrupt {
        get { state.interrupt }
        set { state.interrupt = newValue }
    }

    init(group: JSContextGroupRef) {
        self.group = group
        state = State(group: group)
    }

    /// Turns the watchdog off; the machine calls this before it releases the group.
    func invalidate() {
        disarm()
    }

    /// Seconds of CPU time per entry, nil when off.
    var limit: Double? {
        get { state.limit }
        set {
            state.limit = newValue
            if newValue == nil, state.deadline == nil, !state.checksInterrupts { disarm() }
        }
    }

    /// The wall-clock instant after which any running script is stopped, nil when none.
    var deadline: ContinuousClock.Instant? {
        get { state.deadline }
        set {
            state.deadline = newValue
            if newValue == nil, state.limit == nil, !state.checksInterrupts { disarm() }
        }
    }

    /// True while the callback runs in slices to notice ``interrupt``, whether or not a limit or deadline is set.
    var checksInterrupts: Bool {
        get { state.checksInterrupts }
        set {
            state.checksInterrupts = newValue
            if !newValue, state.limit == nil, state.deadline == nil { disarm() }
        }
    }

    /// True when `deadline` has passed.
    var isPastDeadline: Bool {
        state.deadline.map { ContinuousClock.now >= $0 } ?? false
    }

    func willEnter() {
        state.reason = .none
        guard state.limit != nil || state.deadline != nil || state.checksInterrupts else { return }
        state.entryCPUTime = Watchdog.threadCPUTime()
        isArmed = true
        JSContextGroupSetExecutionTimeLimit(group, state.nextSlice(), Watchdog.shouldTerminate,
                                            Unmanaged.passUnretained(state).toOpaque())
    }

    /// Returns why the watchdog stopped a script since ``willEnter()``, and forgets it.
    func didExit() -> Reason {
        let reason = state.reason
        state.reason = .none
        return reason
    }

    func makeTimeoutError(for reason: Reason, in context: JSContextRef) -> JSValueRef {
        let message: String
        var name = "TimeoutError"
        switch reason {
        case .interrupt:
            message = state.interrupt.requested ?? "interrupted"
            name = "InterruptError"
        case .deadline: message = "deadline reached while JavaScript was running"
        case .limit, .none: message = "execution time limit exceeded (\(state.limit.map { String(format: "%g", $0) } ?? "?") s)"
        }
        let error = JSValueConversion.makeError(message: message, name: name, in: context)
        let object = JSValueToObject(context, error, nil)!
        JSStringConversion.withJSString(Watchdog.markerProperty) { key in
            JSObjectSetProperty(context, object, key, JSValueMakeBoolean(context, true),
                                JSPropertyAttributes(kJSPropertyAttributeDontEnum), nil)
        }
        return error
    }

    private func disarm() {
        guard isArmed else { return }
        isArmed = false
        JSContextGroupClearExecutionTimeLimit(group)
    }

    /// Called by JavaScriptCore on the JavaScript thread once the slice it was given has run.
    private static let shouldTerminate: @convention(c) (JSContextRef?, UnsafeMutableRawPointer?) -> Bool = { _, info in
        guard let info else { return true }
        return Unmanaged<State>.fromOpaque(info).takeUnretainedValue().shouldTerminate()
    }

    /// The calling thread's CPU time in seconds, the clock JSC's watchdog measures.
    package static func threadCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// What the callback reads. Touched only on the machine's thread (JavaScriptCore calls
    /// `shouldTerminate` on the thread that runs the script), except `interrupt`, which is thread-safe.
    private final class State {
        let group: JSContextGroupRef
        var limit: Double?
        var deadline: ContinuousClock.Instant?
        var checksInterrupts = false
        var interrupt = Interrupt()
        var entryCPUTime = 0.0
        var reason = Reason.none

        init(group: JSContextGroupRef) {
            self.group = group
        }

        /// The CPU time JSC should let run before asking again.
        func nextSlice() -> Double {
            var slice = Double.infinity
            if let limit { slice = max(limit - (Watchdog.threadCPUTime() - entryCPUTime), 0) }
            if let deadline {
                let remaining = ContinuousClock.now.duration(to: deadline)
                slice = min(slice, Watchdog.deadlineSlice, max(remaining.seconds, 0))
            }
            if checksInterrupts { slice = min(slice, Watchdog.deadlineSlice) }
            if interrupt.requested != nil { slice = 0 }
            // An expired limit or deadline still gets a moment: the callback then stops the script.
            return max(slice, 0.001)
        }

        func shouldTerminate() -> Bool {
            if interrupt.requested != nil {
                reason = .interrupt
                return true
            }
            if let deadline, ContinuousClock.now >= deadline {
                reason = .deadline
                return true
            }
            if let limit, Watchdog.threadCPUTime() - entryCPUTime >= limit {
                reason = .limit
                return true
            }
            if deadline == nil, !checksInterrupts {
                // Only a limit, which JSC measured itself: its clock and ours may differ by a tick.
                reason = .limit
                return true
            }
            JSContextGroupSetExecutionTimeLimit(group, nextSlice(), Watchdog.shouldTerminate,
                                                Unmanaged.passUnretained(self).toOpaque())
            return false
        }
    }
}
