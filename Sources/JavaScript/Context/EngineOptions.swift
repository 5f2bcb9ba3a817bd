internal import CEngineOptions
internal import CJavaScriptCore

/// JavaScriptCore's process-wide options.
///
/// **Polling traps.** JavaScriptCore stops running JavaScript (the watchdog, termination) through
/// "traps". By default it fires them from its "VMTraps Signal Sender" thread, which suspends the
/// JavaScript thread with `SIGUSR1` over and over (about 120 signals for one watchdog stop, measured)
/// until the compiled code takes the trap. With several runtimes stopping scripts at once on a loaded
/// machine, that suspension froze the whole process (the sender waiting in `WTF::Thread::suspend`, the
/// runtime thread parked in WTF's suspend handler). With polling traps, compiled code checks for a
/// trap itself at loop back edges and calls: no signal is sent, and the watchdog stops the same loops.
///
/// The engine reads its options from the environment once, and they cannot change once a machine
/// exists (`jsc_options_set_boolean` then faults on a read-only page; a full test run hit that when the
/// option was set before the first machine of this module, so something had started the engine
/// earlier). So the `CEngineOptions` target sets `JSC_usePollingTraps=true` when the library is loaded,
/// unless the process's environment already has a value, which is kept.
///
/// **Optimising JIT thresholds.** The same constructor raises the DFG JIT's three thresholds from 1000 to 10,000
/// execution-counter units. Every page of a web view is a new context, whose set-up code (domino and the web view's
/// layers) gets code blocks of its own and so warms up again: with WebKit's default thresholds, about 23 functions
/// per page reached the optimising JIT (domino's element and style definitions, `forEach`, accessors), 30 to 50 ms of
/// compilation on a JIT thread for a page whose set-up takes about 30 ms, competing for the same 2 cores; with these,
/// about one. Code that keeps running is optimised a little later (a loop after about 10,000 iterations instead of
/// 1,000). A process that sets any of them keeps its own choice.
enum EngineOptions {
    /// True when JavaScriptCore uses polling traps.
    package static var usesPollingTraps: Bool {
        var value: gboolean = 0
        return jsc_options_get_boolean("usePollingTraps", &value) != 0 && value != 0
    }

    /// True when this library chose polling traps at load time; false when the environment chose.
    package static var choseAtLoad: Bool {
        hybrid_engine_options_chose_polling_traps()
    }

    /// The optimising JIT's thresholds in force: after warm-up, after a long warm-up, and "soon".
    package static var optimizeThresholds: [Int] {
        ["thresholdForOptimizeAfterWarmUp", "thresholdForOptimizeAfterLongWarmUp", "thresholdForOptimizeSoon"].map { name in
            var value: gint = 0
            return jsc_options_get_int(name, &value) != 0 ? Int(value) : -1
        }
    }

    /// True when this library chose the optimising JIT's thresholds at load time; false when the environment chose.
    package static var choseOptimizeThresholdsAtLoad: Bool {
        hybrid_engine_options_chose_optimize_thresholds()
    }
}
