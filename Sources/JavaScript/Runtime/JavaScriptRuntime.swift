internal import CJavaScriptCore

/// A JavaScript runtime: one thread iterating its own GLib main context, one
/// ``JSVirtualMachine`` on it, and any number of ``JSContext``s sharing that machine.
///
/// The actor's executor is the runtime thread, so JavaScript is only ever touched there. Callers
/// anywhere use the cross-actor API, which deals in `Sendable` values (`JSONValue`,
/// ``JSException``); rich access to contexts and values goes through ``perform(_:)``:
///
/// ```swift
/// let runtime = JavaScriptRuntime()
/// let sum = try await runtime.evaluate("1 + 2")            // .number(3)
/// let name = try await runtime.perform { runtime in
///     runtime.context.setFunction("hello") { args in "hi \(args.string(at: 0) ?? "")" }
///     return try runtime.context.evaluate("hello('you')").toString()
/// }
/// ```
///
/// Dropping the last reference (or calling ``shutdown()``) releases every JavaScript object on the
/// runtime thread and fires no pending timer.
///
/// Several runtimes can share one thread (``init(loop:configuration:)``): each keeps its own machine,
/// contexts and timers, and they take turns on the thread.
public actor JavaScriptRuntime {
    /// The runtime thread.
    public nonisolated let loop: EventLoopThread
    /// True when this runtime started ``loop``, and so stops it when it goes.
    private nonisolated let ownsLoop: Bool
    /// How the runtime was set up.
    public nonisolated let configuration: Configuration
    nonisolated let activity: LoopActivity
    /// What ``interrupt(reason:)`` sets from any thread and the watchdog reads on the runtime thread.
    private nonisolated let interruption = Watchdog.Interrupt()
    private var state: LoopBound<RuntimeState>?
    /// True once ``shutdown()`` ran.
    package private(set) var isShutDown = false

    public nonisolated var unownedExecutor: UnownedSerialExecutor { loop.asUnownedSerialExecutor() }

    /// Starts the runtime thread. The machine and the default context are made on first use.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        loop = EventLoopThread(name: configuration.name)
        ownsLoop = true
        activity = LoopActivity(loop: loop)
    }

    /// Makes a runtime on `loop`, an existing thread that it shares with other runtimes (and with
    /// whatever else runs there). The machine and the default context are made on first use, on
    /// that thread; `configuration.name` is not used, the thread keeps its own name.
    ///
    /// The runtime does not own the loop: ``shutdown()`` or dropping the runtime releases its own
    /// JavaScript objects and timers and leaves the loop running. The loop stops when its owner
    /// calls `loop.shutdown()` or drops the last reference to it.
    ///
    /// ```swift
    /// let loop = EventLoopThread(name: "pages")
    /// let first = JavaScriptRuntime(loop: loop)
    /// let second = JavaScriptRuntime(loop: loop)
    /// ```
    public init(loop: EventLoopThread, configuration: Configuration = Configuration()) {
        self.configuration = configuration
        self.loop = loop
        ownsLoop = false
        activity = LoopActivity(loop: loop)
    }

    deinit {
        if let state { loop.execute { state.value.tearDown() } }
        if ownsLoop { loop.shutdown() }
    }

    private var current: RuntimeState {
        if let state { return state.value }
        precondition(!isShutDown, "the JavaScript runtime was shut down")
        let made = RuntimeState(configuration: configuration, activity: activity, interrupt: interruption)
        state = LoopBound(made, loop: loop)
        return made
    }

    // MARK: Isolated access

    /// The machine every context of this runtime belongs to.
    public var virtualMachine: JSVirtualMachine { current.machine }

    /// The default context, with timers and console installed; ``evaluate(_:sourceURL:)`` runs here.
    public var context: JSContext { current.context }

    /// Makes a new context in this runtime's machine, with timers and console installed.
    /// It lives as long as you reference it; dropping it cancels its timers.
    public func makeContext(name: String? = nil) -> JSContext {
        current.makeContext(name: name)
    }

    /// Runs `body` on the runtime thread with isolated access to contexts and values.
    public func perform<T: Sendable>(_ body: @Sendable (isolated JavaScriptRuntime) throws -> T) rethrows -> T {
        try body(self)
    }

    // MARK: Cross-actor API

    /// Evaluates `script` in the default context and returns its completion value as JSON data
    /// (`undefined`, functions and symbols become `.null`). Throws ``JSException``.
    @discardableResult
    public func evaluate(_ script: String, sourceURL: String? = nil) throws -> JSONValue {
        guard !isShutDown else { throw JSException(name: "Error", message: "the JavaScript runtime was shut down") }
        return try context.evaluate(script, sourceURL: sourceURL).toJSONValue() ?? .null
    }

    /// The execution time limit per entry into JavaScript, in CPU time of the runtime thread (nil:
    /// none). The watchdog stops a script that runs longer with a ``JSException`` whose
    /// `isExecutionTimeLimitExceeded` is true. A loaded machine stretches it in wall-clock time; for an
    /// overall limit in wall-clock time, see ``deadline``.
    public var executionTimeLimit: Duration? {
        virtualMachine.executionTimeLimit.map { .nanoseconds(Int64($0 * 1e9)) }
    }

    /// Sets ``executionTimeLimit``.
    public func setExecutionTimeLimit(_ limit: Duration?) {
        virtualMachine.executionTimeLimit = limit?.seconds
    }

    /// The wall-clock instant after which any script still running is stopped (nil: none), as with
    /// ``executionTimeLimit``: the ``JSException`` has `isExecutionTimeLimitExceeded` set. The watchdog
    /// checks it after every slice of CPU time the script uses (at most 100 ms), so a busy script stops
    /// soon after the deadline however loaded the machine is; every entry into JavaScript after the
    /// deadline is stopped within a millisecond of CPU time.
    ///
    /// JavaScriptCore 2.50 runs each promise job as a separate entry and so cannot stop an endless
    /// chain of short jobs (`function f() { Promise.resolve().then(f) }`): such a page holds the runtime
    /// thread. Code that must finish by a deadline whatever the page does waits with a deadline of its
    /// own, as the `hybrid` command does.
    public var deadline: ContinuousClock.Instant? { virtualMachine.deadline }

    /// Sets ``deadline``.
    public func setDeadline(_ deadline: ContinuousClock.Instant?) {
        virtualMachine.deadline = deadline
    }

    /// Stops the script that is running now, and every script after it, with an `InterruptError` whose
    /// message is `reason` (the ``JSException`` has `isExecutionTimeLimitExceeded` set, as for the other
    /// watchdog stops). Any thread may call it, while the runtime thread is busy in JavaScript: it is
    /// how a monitor outside the runtime (the `hybrid` command's `--max-memory`) ends a runaway page.
    ///
    /// The watchdog notices the request after at most one slice of CPU time (100 ms) of the running
    /// script, provided it runs in slices: while a ``deadline`` is set or ``checksInterrupts`` is on.
    /// A later entry into JavaScript is stopped within a millisecond of CPU time. An interrupt cannot be
    /// taken back: it is for ending the runtime's work, before ``shutdown()``. The first reason wins.
    ///
    /// ```swift
    /// await runtime.setChecksInterrupts(true)
    /// // on a monitor's thread:
    /// runtime.interrupt(reason: "memory limit exceeded (300 MB)")
    /// ```
    public nonisolated func interrupt(reason: String) {
        interruption.request(reason: reason)
    }

    /// The reason given to ``interrupt(reason:)``, nil when the runtime was not interrupted. Any thread.
    public nonisolated var interruptReason: String? { interruption.requested }

    /// True while the watchdog runs in slices to notice ``interrupt(reason:)`` even with no ``deadline``
    /// (default false). The cost is one check per 100 ms of CPU time a script runs.
    public var checksInterrupts: Bool { virtualMachine.watchdog.checksInterrupts }

    /// Sets ``checksInterrupts``.
    public func setChecksInterrupts(_ enabled: Bool) {
        virtualMachine.watchdog.checksInterrupts = enabled
    }

    /// Takes a token that keeps ``runUntilIdle(timeout:includingIntervals:)`` waiting until it ends. Any thread.
    public nonisolated func beginWork() -> WorkToken {
        WorkToken(activity: activity)
    }

    /// Takes a token for a long-lived connection being set up (a WebSocket's handshake, an `EventSource` connecting):
    /// like ``beginWork()``'s it keeps ``runUntilIdle(timeout:includingIntervals:)`` waiting, but ``settle()`` does not
    /// wait for it, as a browser's `load` does not wait for a page's streams and sockets. Any thread.
    package nonisolated func beginConnectionWork() -> WorkToken {
        WorkToken(activity: activity, connection: true)
    }

    /// Milliseconds since the runtime started, on its clock (what `performance.now()` returns).
    public var now: Double { virtualMachine.scheduler.now }

    /// The number of pending timers in all contexts.
    public var pendingTimerCount: Int { virtualMachine.scheduler.count }

    /// True when no one-shot timer of a running context and no work token is pending.
    /// Repeating intervals do not count, so a page that polls forever can still be idle.
    public var isIdle: Bool {
        isShutDown || (!virtualMachine.scheduler.hasPendingOneShot && !activity.hasPendingWork)
    }

    /// Runs the event loop until the runtime is idle (see ``isIdle``) or `timeout` of real time passes.
    ///
    /// With `includingIntervals`, a repeating interval also keeps the loop running until it is cleared,
    /// as in Node.js; the default is the page rule of ``isIdle``, under which a page that polls forever
    /// still becomes idle.
    ///
    /// On a virtual clock the clock jumps to each next deadline instead of waiting; work tokens are
    /// still waited for in real time.
    @discardableResult
    public func runUntilIdle(timeout: Duration? = nil, includingIntervals: Bool = false) async -> IdleOutcome {
        let deadline = timeout.map { g_get_monotonic_time() + Int($0.seconds * 1_000_000) }
        var rounds = 0, yields = 0
        while !isIdle(includingIntervals: includingIntervals) {
            if let deadline, g_get_monotonic_time() >= deadline { return .timedOut }
            let scheduler = virtualMachine.scheduler
            if scheduler.clock.isVirtual, !scheduler.isManual, includingIntervals ? scheduler.hasPendingTimer : scheduler.hasPendingOneShot {
                // Work already queued on the runtime thread (a bridge delivery, a navigation the page started) runs
                // before the clock jumps, as it would take no time on a device: let it in, a few hops at most (work
                // that waits for I/O, or a connection held open, does not stop the clock).
                if activity.hasPendingWork, yields < Self.virtualClockYields {
                    yields += 1
                    await Task.yield()
                    continue
                }
                yields = 0
                _ = scheduler.fireNext()
                rounds += 1
                // Let other work on the runtime thread in now and then (actor calls, GLib sources).
                if rounds % 64 == 0 { await Task.yield() }
                continue
            }
            await activity.wait(until: deadline)
        }
        return .idle
    }

    /// How many times the virtual clock lets queued runtime-thread work in before it jumps anyway.
    private static let virtualClockYields = 32

    private func isIdle(includingIntervals: Bool) -> Bool {
        isIdle && (isShutDown || !includingIntervals || !virtualMachine.scheduler.hasPendingTimer)
    }

    /// Virtual clock: keeps time moving until the runtime shuts down or the calling task is cancelled (then at the
    /// next wake-up). Whenever the runtime is idle except for timers that do not keep it busy (intervals, animation
    /// frames past their settle time), the clock jumps to the next of them; with nothing pending it waits for
    /// activity (a timer scheduled, a work token ended). Work tokens are waited for in real time. For a test runner
    /// whose tests await timers while nothing else waits for idle. Does nothing on a real clock.
    public func driveVirtualClock() async {
        // A driver started just before the runtime shut down (a test file that ended at once) has nothing to drive.
        guard !isShutDown, !Task.isCancelled else { return }
        let scheduler = virtualMachine.scheduler
        guard scheduler.clock.isVirtual else { return }
        var rounds = 0
        while !isShutDown, !Task.isCancelled {
            await runUntilIdle()
            guard !isShutDown, !Task.isCancelled else { return }
            if !activity.hasPendingWork, !scheduler.isManual, scheduler.hasPendingTimer {
                _ = scheduler.fireNext()
                rounds += 1
                if rounds % 64 == 0 { await Task.yield() }
            } else {
                await activity.wait(until: nil)
            }
        }
    }

    /// Virtual clock: the earliest deadline of a timer that can fire (milliseconds on ``now``'s scale), and whether a
    /// one-shot timer that keeps the runtime busy is pending; nil on a real clock or with no such timer. For a host
    /// that drives this runtime's clock from another's (a worker's from its page's, see ``advanceVirtualClock(to:)``).
    package var nextVirtualTimer: (deadline: Double, keepsBusy: Bool)? {
        guard !isShutDown else { return nil }
        let scheduler = virtualMachine.scheduler
        guard scheduler.clock.isVirtual, let deadline = scheduler.nextDeadline() else { return nil }
        return (deadline, scheduler.hasPendingOneShot)
    }

    /// Virtual clock: moves time forward to `milliseconds` (on ``now``'s scale; never back), firing the timers that
    /// fall due, in deadline order. Has no effect on a real clock or once shut down.
    package func advanceVirtualClock(to milliseconds: Double) {
        guard !isShutDown else { return }
        let scheduler = virtualMachine.scheduler
        guard scheduler.clock.isVirtual else { return }
        scheduler.advance(by: milliseconds - scheduler.now)
    }

    /// Virtual clock: moves time forward by `duration`, firing exactly the timers that fall due,
    /// in deadline order. Has no effect on a real clock.
    public func advance(by duration: Duration) {
        guard virtualMachine.scheduler.clock.isVirtual else { return }
        virtualMachine.scheduler.advance(by: duration.seconds * 1000)
    }

    /// Virtual clock: jumps to the next pending timer of any kind (a repeating interval and an animation frame
    /// too) and fires what falls due then. False when nothing is pending, and always on a real clock. For a tool
    /// that waits for a condition step by step (`hybrid run --wait-for`).
    public func fireNextTimer() -> Bool {
        guard !isShutDown, virtualMachine.scheduler.clock.isVirtual else { return false }
        return virtualMachine.scheduler.fireNext()
    }

    /// Releases every context and JavaScript object now, firing no pending timer. The runtime
    /// answers afterwards with errors (``evaluate(_:sourceURL:)``) or idleness
    /// (``runUntilIdle(timeout:includingIntervals:)``).
    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        state?.value.tearDown()
        state = nil
        activity.wake()
    }
}
