extension JavaScriptRuntime {
    /// Waits until the work the runtime has now has run: no work token held (a load, a request, a bridge message in
    /// flight; a long-lived connection still connecting, ``beginConnectionWork()``, does not count, nor does an open
    /// one, as a browser's `load` waits for neither) and no timer due now (a `setTimeout(f, 0)` chain, an animation frame whose time came), the timers of
    /// contexts marked `timersIgnoredBySettle` aside. Timers due later are not waited for. On a virtual clock, which
    /// moves only when driven, the timers due at the current time fire here; the clock does not move.
    ///
    /// For a test runner that waits for a page it opened while its own test's timers stay pending (`page.open`).
    package func settle() async {
        while !isShutDown {
            let scheduler = virtualMachine.scheduler
            if scheduler.clock.isVirtual { scheduler.fireDue() }
            let due = scheduler.hasDueTimerToSettle
            if !due, !activity.hasPendingWorkToSettle { return }
            // A due timer fires at the loop's next iteration (a real clock) or at the next pass here (a virtual one).
            if due { await Task.yield() } else { await activity.wait(until: nil) }
        }
    }
}
