package import CJavaScriptCore

/// A JavaScriptCore virtual machine (a context group), as in Apple's JavaScriptCore framework.
///
/// Contexts made in one machine share compiled code, the heap and the garbage collector, the
/// timer queue and the watchdog. A machine is confined to the thread that created it, which must
/// iterate its thread-default `GMainContext` (`JavaScriptRuntime` does all of this for you).
public final class JSVirtualMachine {
    /// The underlying context group.
    package let group: JSContextGroupRef
    /// The timers of every context in this machine, on one clock.
    let scheduler: TimerScheduler
    /// The execution time limit, re-armed on every entry into JavaScript.
    let watchdog: Watchdog
    /// Where console messages go when a context has no sink of its own.
    public var consoleSink: ConsoleSink
    let shared: MachineShared
    private var entryDepth = 0
    /// A private context holding ``neutralRejectionCallback``; made on first use.
    private var neutralContext: JSGlobalContextRef?
    private var neutralFunction: JSObjectRef?
    /// The ``SharedScript``s evaluated in this machine, parsed once each.
    private let sharedScripts = SharedScriptCache()

    /// Makes a machine on the calling thread, with the given clock and console sink.
    public init(clock: RuntimeClock = .real, consoleSink: @escaping ConsoleSink = ConsoleMessage.standardErrorSink) {
        group = JSContextGroupCreate()
        shared = MachineShared()
        watchdog = Watchdog(group: group)
        self.consoleSink = consoleSink
        scheduler = TimerScheduler(clock: clock, mainContext: g_main_context_ref_thread_default())
        shared.machine = self
    }

    deinit {
        if let neutralContext {
            if let neutralFunction { JSValueUnprotect(neutralContext, neutralFunction) }
            JSGlobalContextRelease(neutralContext)
        }
        sharedScripts.removeAll()
        scheduler.shutdown()
        shared.machine = nil
        watchdog.invalidate()
        JSContextGroupRelease(group)
        // Finalizers that ran while the group died queued their Swift functions for release here.
        shared.drainReleases()
    }

    /// `script` parsed for this machine (once); nil when it does not parse.
    func compiled(_ script: SharedScript) -> JSScriptRef? {
        sharedScripts.compiled(script, group: group)
    }

    /// The execution time limit in seconds of CPU time for each entry into JavaScript (nil: no limit).
    public var executionTimeLimit: Double? {
        get { watchdog.limit }
        set { watchdog.limit = newValue }
    }

    /// Runs `body` with no per-entry ``executionTimeLimit``: for the embedder's own set-up scripts (a web
    /// view's platform, say), whose cost is not the page's and grows with what the platform installs. The
    /// ``deadline`` and interrupts still apply. Inside JavaScript (set-up that a script caused, such as a
    /// frame it added) the running entry's limit stays armed and covers `body` too: lifting it there would
    /// leave the rest of that script unlimited.
    package func withoutExecutionTimeLimit<T>(_ body: () throws -> T) rethrows -> T {
        guard !isInsideJavaScript, let limit = watchdog.limit else { return try body() }
        watchdog.limit = nil
        defer { watchdog.limit = limit }
        return try body()
    }

    /// The wall-clock instant after which any script that is still running is stopped with a
    /// `TimeoutError` (nil: none). Unlike ``executionTimeLimit``, which each entry measures in CPU
    /// time from its own start, the deadline is one instant for every entry.
    public var deadline: ContinuousClock.Instant? {
        get { watchdog.deadline }
        set { watchdog.deadline = newValue }
    }

    /// Runs `body`, which calls into JavaScript, as one entry: the watchdog is armed for the
    /// outermost entry, and a script it stopped reports a time-limit exception instead of JSC's
    /// bare termination value.
    func enter(_ context: JSContextRef, _ body: (inout JSValueRef?) -> JSValueRef?) -> Result<JSValueRef, JSThrown> {
        entryDepth += 1
        let outermost = entryDepth == 1
        if outermost { watchdog.willEnter() }
        var exception: JSValueRef?
        let result = body(&exception)
        entryDepth -= 1
        if outermost {
            let reason = watchdog.didExit()
            if reason != .none {
                // The limit may have stopped a promise job while JSC drained the queue at the end of the
                // entry; the script's own value came back, but the termination stays pending and every
                // later API call would fail. An empty evaluation consumes it (and runs what is left of
                // the queue, under the same limit).
                var rounds = 0
                repeat {
                    watchdog.willEnter()
                    _ = JSStringConversion.withJSString("undefined") { JSEvaluateScript(context, $0, nil, nil, 1, nil) }
                    rounds += 1
                } while watchdog.didExit() != .none && rounds < 16
                exception = watchdog.makeTimeoutError(for: reason, in: context)
            }
            shared.drainReleases()
        }
        if let exception { return .failure(JSThrown(ref: exception)) }
        return .success(result ?? JSValueMakeUndefined(context))
    }

    /// Collects garbage now, synchronously, finalizers included, then releases the Swift functions
    /// that died. For tests and memory checks: the collector normally runs on its own.
    public func collectGarbage(in context: JSContext) {
        JSSynchronousGarbageCollectForDebugging(context.ref)
        shared.drainReleases()
    }

    /// A no-op function that roots nothing of any user context.
    ///
    /// JavaScriptCore keeps a global object's unhandled-rejection callback in a strong handle (a GC
    /// root); a callback made in the same context would keep that whole context alive after it is
    /// closed and dropped. Closing a context therefore swaps its callback for this one.
    var neutralRejectionCallback: JSObjectRef {
        if let neutralFunction { return neutralFunction }
        let context = JSGlobalContextCreateInGroup(group, nil)!
        let function = JSObjectMakeFunctionWithCallback(context, nil) { context, _, _, _, _, _ in
            JSValueMakeUndefined(context)
        }!
        JSValueProtect(context, function)
        neutralContext = context
        neutralFunction = function
        return function
    }

    /// True while JavaScript is running on this machine (a Swift function called from JS, say).
    public var isInsideJavaScript: Bool { entryDepth > 0 }
}

/// A thrown JavaScript value, unprotected: used at once by the caller.
struct JSThrown: Error, @unchecked Sendable {
    let ref: JSValueRef
}

/// State that JavaScript objects reach from finalizers and callbacks, held strongly by them so it
/// outlives the machine's heap.
final class MachineShared {
    weak var machine: JSVirtualMachine?
    private var contexts: [OpaquePointer: Entry] = [:]
    private var pendingReleases: [Unmanaged<AnyObject>] = []

    /// Not `weak`: a weak reference moves every retain and release of the context (one per
    /// `JSValue` made) to Swift's slow side-table path. A context unregisters first thing in its
    /// `deinit`, before anything there could look it up, so the entry never outlives it.
    struct Entry { unowned(unsafe) let context: JSContext }

    func register(_ context: JSContext) { contexts[context.ref] = Entry(context: context) }
    func unregister(_ ref: JSGlobalContextRef) { contexts[ref] = nil }

    /// Every live context of the machine.
    var liveContexts: [JSContext] { contexts.values.map(\.context) }

    /// The Swift wrapper of the global context `ref` runs in, made if the original is gone.
    func context(for ref: JSContextRef) -> JSContext {
        let global = JSContextGetGlobalContext(ref)!
        if let existing = contexts[global]?.context { return existing }
        guard let machine else { preconditionFailure("JavaScript ran after its virtual machine was released") }
        return JSContext(adopting: global, in: machine)
    }

    /// Called from a finalizer, where no JavaScriptCore call is allowed: the release (which may
    /// unprotect values the object captured) waits until the next exit from JavaScript.
    func deferRelease(_ object: Unmanaged<AnyObject>) { pendingReleases.append(object) }

    func drainReleases() {
        while !pendingReleases.isEmpty {
            let batch = pendingReleases
            pendingReleases.removeAll()
            for object in batch { object.release() }
        }
    }
}
