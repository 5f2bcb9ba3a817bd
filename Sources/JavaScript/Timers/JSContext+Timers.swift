internal import CJavaScriptCore

extension JSContext {
    /// What `performance.now()` returns now: milliseconds on the runtime's clock (virtual or real).
    package var now: Double { virtualMachine.scheduler.now }

    /// Installs `setTimeout`, `setInterval`, `clearTimeout`, `clearInterval`, `queueMicrotask` and
    /// `performance.now()` on this context's global object; on a virtual clock, `Date.now()` and
    /// `new Date()` follow it too.
    ///
    /// Timers follow HTML, with two deliberate differences: no 4 ms clamping of nested timers (bridge
    /// message chains nest deeply), and intervals repeat at least 1 ms apart so a `setInterval(f, 0)`
    /// cannot spin the clock forever. String callbacks are rejected with a `TypeError`.
    ///
    /// The JavaScript half is read from the module's resource bundle beside the executable; without it this stops
    /// the process with a message naming the missing file.
    public func installTimers() {
        let scheduler = virtualMachine.scheduler
        func install(_ name: String, repeats: Bool) {
            setFunction(name) { args in
                let context = args.context
                guard args.isFunction(at: 0) else {
                    let what = JSValueIsString(args.contextRef, args.ref(at: 0))
                        ? "string callbacks are not supported (no eval); pass a function"
                        : "the callback must be a function"
                    throw JSException(name: "TypeError", message: "\(name): \(what)")
                }
                let delay = timerDelay(args)
                let callback = JSValueToObject(args.contextRef, args.ref(at: 0), nil)!
                let extra = args.count > 2 ? (2..<args.count).map { args.ref(at: $0) } : []
                return scheduler.schedule(in: context, callback: callback, arguments: extra, delay: delay, repeats: repeats)
            }
        }
        install("setTimeout", repeats: false)
        install("setInterval", repeats: true)
        for name in ["clearTimeout", "clearInterval"] {
            setFunction(name) { args in
                // Internal timers have negative ids: a page never cancels one.
                if let id = args.int(at: 0), id > 0 { scheduler.cancel(id: id, in: args.context) }
                return nil
            }
        }
        let now = JSValue(function: { _ in scheduler.now }, name: "now", in: self)
        let epoch = JSValue(function: { _ in scheduler.epochMilliseconds }, name: "now", in: self)
        let report = JSValue(function: { args in
            args.context.reportException(args[0])
            return nil
        }, name: "reportError", in: self)
        do {
            let installer = try evaluate(JavaScriptScripts.timers.script.get())
            try installer.call(arguments: [now, epoch, report, scheduler.clock.isVirtual])
        } catch {
            preconditionFailure("the timer script failed to install: \(error)")
        }
    }

    /// A test harness's hold on the virtual clock (nil on a real clock), as functions: `hold(bool)` stops time from
    /// moving on its own (waiting for idle and a clock driver jump no more) or lets it again; `advance(ms)` moves it
    /// firing the timers due, in order; `fireNext()` jumps to the next timer and fires it (false when none);
    /// `setSystemTime(ms)` sets what `Date.now()` says without firing any.
    package func virtualClockFunctions() -> JSValue? {
        let scheduler = virtualMachine.scheduler
        guard scheduler.clock.isVirtual else { return nil }
        let object = JSValue(newObjectIn: self)
        object["hold"] = JSValue(function: { args in
            scheduler.isManual = args.bool(at: 0)
            return nil
        }, name: "hold", in: self)
        object["advance"] = JSValue(function: { args in
            let ms = args.double(at: 0)
            scheduler.advance(by: ms.isFinite ? ms : 0)
            return nil
        }, name: "advance", in: self)
        object["fireNext"] = JSValue(function: { _ in scheduler.fireNext() }, name: "fireNext", in: self)
        object["setSystemTime"] = JSValue(function: { args in
            let ms = args.double(at: 0)
            if ms.isFinite { scheduler.setEpoch(ms) }
            return nil
        }, name: "setSystemTime", in: self)
        return object
    }

    /// Functions for the runtime's own scripts (never a page's globals): `schedule(callback, delay, keepsBusy)`
    /// arms a one-shot timer and returns its id, `cancel(id)` cancels it.
    ///
    /// These timers fire in deadline order with the page's, pause with them, and run on the same clock, but
    /// their ids are negative (a page's `clearTimeout`/`clearInterval` never reach them and its own timer ids
    /// stay consecutive). With `keepsBusy` false the timer does not keep the runtime busy, like an interval,
    /// yet fires once.
    package func internalTimerFunctions() -> (schedule: JSValue, cancel: JSValue) {
        let scheduler = virtualMachine.scheduler
        let schedule = JSValue(function: { args in
            guard args.isFunction(at: 0) else { throw JSException(name: "TypeError", message: "the callback must be a function") }
            let callback = JSValueToObject(args.contextRef, args.ref(at: 0), nil)!
            return scheduler.schedule(in: args.context, callback: callback, arguments: [], delay: timerDelay(args),
                                      repeats: false, isInternal: true, keepsBusy: args.count < 3 || args.bool(at: 2))
        }, name: "schedule", in: self)
        let cancel = JSValue(function: { args in
            if let id = args.int(at: 0), id < 0 { scheduler.cancel(id: id, in: args.context) }
            return nil
        }, name: "cancel", in: self)
        return (schedule, cancel)
    }

    /// Holds back this context's timers (a hidden page): none fires until ``resumeTimers()``, and
    /// they do not keep the runtime busy meanwhile.
    public func pauseTimers() {
        virtualMachine.scheduler.pause(self)
    }

    /// Lets this context's timers run again. Each overdue timer fires once, in deadline order;
    /// an interval does not fire once per missed period.
    public func resumeTimers() {
        virtualMachine.scheduler.resume(self)
    }
}

/// The delay argument (index 1) in ms as HTML clamps it: negative or NaN is 0, at most 2^31-1.
private func timerDelay(_ args: JSArguments) -> Double {
    let delay = args.count > 1 ? args.double(at: 1) : 0
    if !delay.isFinite || delay < 0 { return delay == .infinity ? 2_147_483_647 : 0 }
    return min(delay, 2_147_483_647)
}
