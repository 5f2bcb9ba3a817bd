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
}
