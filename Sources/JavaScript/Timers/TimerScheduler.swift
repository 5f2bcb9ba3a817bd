internal import CJavaScriptCore
import Foundation
import HybridLoop

/// The timers of every context of a machine: one queue ordered by (deadline, sequence) and ONE
/// GLib source armed for the earliest deadline.
///
/// One GLib source per timer would fire overdue timers in registration order, not deadline order;
/// a single source keeps the order exact and costs one syscall-free re-arm per change.
///
/// Each timer belongs to its context: cancelling a context's timers, or pausing them, touches no
/// other context. All of this runs on the runtime thread.
final class TimerScheduler {
    let clock: RuntimeClock
    private let mainContext: OpaquePointer
    private var source: UnsafeMutablePointer<GSource>?
    private let originMicroseconds = g_get_monotonic_time()
    private let originEpochMilliseconds = Date().timeIntervalSince1970 * 1000
    private(set) var virtualElapsed: Double = 0
    private var timers: [Int: ScheduledTimer] = [:]
    private var queue = TimerQueue()
    private var nextID = 1
    private var nextInternalID = -1
    private var nextSequence: UInt64 = 0
    private var isShutDown = false

    /// Called after timers fired or were cancelled, so idle waiters can look again.
    var onActivity: (() -> Void)?

    /// Virtual clock held by a test (`clock.install()`): time moves only through ``advance(by:)`` and ``fireNext()``
    /// called for it, never by waiting for idle or by a clock driver.
    var isManual = false {
        didSet { if oldValue != isManual { onActivity?() } }
    }
    /// What a test's `clock.setSystemTime()` added to `Date.now()` on a virtual clock.
    private var epochShift: Double = 0

    init(clock: RuntimeClock, mainContext: OpaquePointer) {
        self.clock = clock
        self.mainContext = mainContext
        if !clock.isVirtual {
            let source = g_source_new(TimerScheduler.sourceFuncs, UInt32(MemoryLayout<GSource>.size))!
            g_source_set_callback(source, TimerScheduler.sourceCallback, Unmanaged.passUnretained(self).toOpaque(), nil)
            g_source_set_ready_time(source, -1)
            g_source_attach(source, mainContext)
            self.source = source
        }
    }

    deinit {
        shutdown()
        g_main_context_unref(mainContext)
    }

    /// Milliseconds since the machine started, on the machine's clock (`performance.now()`).
    var now: Double {
        clock.isVirtual ? virtualElapsed : Double(g_get_monotonic_time() - originMicroseconds) / 1000
    }

    /// Milliseconds since 1970 on the machine's clock (`Date.now()`).
    var epochMilliseconds: Double {
        if case .virtual(let start) = clock { return start.timeIntervalSince1970 * 1000 + virtualElapsed + epochShift }
        return Date().timeIntervalSince1970 * 1000
    }

    // MARK: Scheduling

    /// Schedules `callback(...arguments)` in `delay` ms (every `delay` ms when repeating).
    ///
    /// An internal timer (the runtime's own scripts, never a page's) gets a negative id, so page timer ids
    /// stay consecutive and `clearTimeout`/`clearInterval` never reach it; one that does not keep the
    /// runtime busy is not counted by ``hasPendingOneShot``.
    func schedule(in context: JSContext, callback: JSObjectRef, arguments: [JSValueRef], delay: Double, repeats: Bool,
                  isInternal: Bool = false, keepsBusy: Bool = true) -> Int {
        let id: Int
        if isInternal {
            id = nextInternalID
            nextInternalID -= 1
        } else {
            id = nextID
            nextID += 1
        }
        for value in arguments { JSValueProtect(context.ref, value) }
        JSValueProtect(context.ref, callback)
        let timer = ScheduledTimer(id: id, context: context, callback: callback, arguments: arguments,
                                   interval: repeats ? max(delay, 1) : nil, deadline: now + delay, sequence: takeSequence(),
                                   keepsBusy: keepsBusy)
        timers[id] = timer
        queue.insert(.init(deadline: timer.deadline, sequence: timer.sequence, id: id))
        rearm()
        if clock.isVirtual { onActivity?() }   // a virtual clock's driver waits for new timers
        return id
    }

    /// Cancels timer `id` if it belongs to `context`; unknown ids are ignored, as in browsers.
    func cancel(id: Int, in context: JSContext) {
        guard let timer = timers[id], timer.contextID == ObjectIdentifier(context) else { return }
        remove(timer)
        rearm()
        onActivity?()
    }

    /// Cancels every timer of `context` without firing it.
    func cancelAll(of context: JSContext) {
        let owned = timers.values.filter { $0.contextID == ObjectIdentifier(context) }
        guard !owned.isEmpty else { return }
        for timer in owned { remove(timer) }
        rearm()
        onActivity?()
    }

    /// Holds back `context`'s timers until ``resume(_:)``.
    func pause(_ context: JSContext) {
        context.timersArePaused = true
        rearm()
        onActivity?()
    }

    /// Lets `context`'s timers run again; each overdue one fires once, in deadline order.
    func resume(_ context: JSContext) {
        guard context.timersArePaused else { return }
        context.timersArePaused = false
        for timer in timers.values where timer.contextID == ObjectIdentifier(context) && timer.isParked {
            timer.isParked = false
            queue.insert(.init(deadline: timer.deadline, sequence: timer.sequence, id: timer.id))
        }
        rearm()
        onActivity?()
    }

    /// True while a one-shot timer that keeps the runtime busy, of a running (not paused) context, is
    /// pending. Intervals do not count: a page polling forever is still idle.
    var hasPendingOneShot: Bool {
        timers.values.contains { $0.interval == nil && $0.keepsBusy && !$0.context.timersArePaused }
    }

    /// True while any timer of a running (not paused) context is pending, intervals included.
    var hasPendingTimer: Bool {
        timers.values.contains { !$0.context.timersArePaused }
    }

    /// True while a timer that keeps the runtime busy, of a running context that `settle()` waits for, is due now.
    var hasDueTimerToSettle: Bool {
        let current = now
        return timers.values.contains {
            $0.keepsBusy && !$0.isParked && $0.deadline <= current && !$0.context.timersArePaused && !$0.context.timersIgnoredBySettle
        }
    }

    /// The number of pending timers (all contexts, paused or not).
    var count: Int { timers.count }

    /// The earliest deadline of a timer that can fire.
    func nextDeadline() -> Double? {
        normalizeFirst()
        return queue.first?.deadline
    }

    // MARK: Firing

    /// Fires, in order, the timers due by now that were scheduled before this pass began; timers
    /// scheduled by the callbacks wait for the next pass, so a `setTimeout(f, 0)` chain yields to the loop.
    func fireDue() {
        // A script waits in a nested iteration of the loop (a synchronous XMLHttpRequest): no timer interleaves with
        // it; the source stays disarmed until the wait has ended.
        if NestedLoop.isHoldingTasks {
            NestedLoop.deferTask { [weak self] in self?.rearm() }
            return
        }
        let current = now
        let limit = nextSequence
        while let first = queue.first, first.deadline <= current, first.sequence < limit {
            queue.removeFirst()
            guard let timer = timers[first.id], timer.sequence == first.sequence, !timer.isParked else { continue }
            let context = timer.context  // strong for the call: the callback may drop the last other reference
            if context.timersArePaused {
                timer.isParked = true
                continue
            }
            if let interval = timer.interval {
                timer.deadline = current + interval
                timer.sequence = takeSequence()
                queue.insert(.init(deadline: timer.deadline, sequence: timer.sequence, id: timer.id))
            } else {
                timers[timer.id] = nil
            }
            run(timer, in: context)
            if timer.interval == nil { timer.release() }
        }
        rearm()
        onActivity?()
    }

    /// Virtual clock: moves time forward by `milliseconds`, firing exactly the timers that fall due, in order.
    func advance(by milliseconds: Double) {
        let target = virtualElapsed + max(0, milliseconds)
        // (Held timers, while a script waits in a nested loop, fire after it: the clock moves on without them.)
        while !NestedLoop.isHoldingTasks, let deadline = nextDeadline(), deadline <= target {
            virtualElapsed = max(virtualElapsed, deadline)
            fireDue()
        }
        virtualElapsed = target
    }

    /// Virtual clock: `Date.now()` says `milliseconds` since 1970 from now on; no timer fires (they keep their
    /// places on the monotonic clock, as a device's do when its wall clock is set).
    func setEpoch(_ milliseconds: Double) {
        guard clock.isVirtual else { return }
        epochShift += milliseconds - epochMilliseconds
    }

    /// Virtual clock: jumps to the next deadline and fires what is due then. False when nothing is pending.
    func fireNext() -> Bool {
        guard !NestedLoop.isHoldingTasks, let deadline = nextDeadline() else { return false }
        virtualElapsed = max(virtualElapsed, deadline)
        fireDue()
        return true
    }

    private func run(_ timer: ScheduledTimer, in context: JSContext) {
        let result = timer.arguments.withUnsafeBufferPointer { arguments in
            context.virtualMachine.enter(context.ref) { exception in
                JSObjectCallAsFunction(context.ref, timer.callback, nil, arguments.count,
                                       arguments.baseAddress, &exception)
            }
        }
        if case .failure(let thrown) = result { context.reportException(ref: thrown.ref) }
    }

    // MARK: Housekeeping

    private func takeSequence() -> UInt64 {
        defer { nextSequence += 1 }
        return nextSequence
    }

    private func remove(_ timer: ScheduledTimer) {
        timers[timer.id] = nil
        timer.release()
    }

    /// Drops cancelled entries and parks paused ones from the front of the queue.
    private func normalizeFirst() {
        while let first = queue.first {
            guard let timer = timers[first.id], timer.sequence == first.sequence, !timer.isParked else {
                queue.removeFirst()
                continue
            }
            guard timer.context.timersArePaused else { return }
            timer.isParked = true
            queue.removeFirst()
        }
    }

    private func rearm() {
        guard let source else { return }
        guard let deadline = nextDeadline() else {
            g_source_set_ready_time(source, -1)
            return
        }
        g_source_set_ready_time(source, originMicroseconds + Int((deadline * 1000).rounded(.up)))
    }

    /// Cancels everything without firing and detaches the GLib source.
    func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        for timer in timers.values { timer.release() }
        timers.removeAll()
        queue.removeAll()
        if let source {
            g_source_destroy(source)
            g_source_unref(source)
            self.source = nil
        }
        onActivity = nil
    }

    // MARK: GLib source

    nonisolated(unsafe) private static let sourceFuncs: UnsafeMutablePointer<GSourceFuncs> = {
        let funcs = UnsafeMutablePointer<GSourceFuncs>.allocate(capacity: 1)
        funcs.initialize(to: GSourceFuncs())
        funcs.pointee.dispatch = { source, callback, data in
            // A ready time stays reached until reset: disarm first, fireDue re-arms.
            g_source_set_ready_time(source, -1)
            _ = callback?(data)
            return 1  // G_SOURCE_CONTINUE
        }
        return funcs
    }()

    private static let sourceCallback: GSourceFunc = { data in
        guard let data else { return 0 }
        Unmanaged<TimerScheduler>.fromOpaque(data).takeUnretainedValue().fireDue()
        return 1
    }
}

/// One pending timer. Its callback and arguments stay protected until it fires (one-shot) or is cancelled.
final class ScheduledTimer {
    let id: Int
    /// Unowned: a context cancels its timers before it goes away (from its deinit, where even an
    /// unowned read would trap, hence the identifier), so a timer never outlives it.
    unowned(unsafe) let context: JSContext
    let contextID: ObjectIdentifier
    let callback: JSObjectRef
    let arguments: [JSValueRef?]
    let interval: Double?
    /// False for an internal timer that must not hold back idleness (an animation frame past its settle time).
    let keepsBusy: Bool
    var deadline: Double
    var sequence: UInt64
    var isParked = false
    private var released = false
    private let contextRef: JSGlobalContextRef

    init(id: Int, context: JSContext, callback: JSObjectRef, arguments: [JSValueRef], interval: Double?,
         deadline: Double, sequence: UInt64, keepsBusy: Bool) {
        self.id = id
        self.keepsBusy = keepsBusy
        self.context = context
        contextID = ObjectIdentifier(context)
        contextRef = context.ref
        self.callback = callback
        self.arguments = arguments
        self.interval = interval
        self.deadline = deadline
        self.sequence = sequence
    }

    func release() {
        guard !released else { return }
        released = true
        JSValueUnprotect(contextRef, callback)
        for value in arguments { JSValueUnprotect(contextRef, value) }
    }
}
