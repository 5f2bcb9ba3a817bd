internal import CJavaScriptCore
import Foundation

/// JavaScriptCore's process-wide options, set once before the first ``JSVirtualMachine`` exists.
///
/// **Polling traps.** JavaScriptCore stops running JavaScript (the watchdog, termination) through
/// "traps". By default it fires them from its "VMTraps Signal Sender" thread, which suspends the
/// JavaScript thread with `SIGUSR1` over and over (about 120 signals for one watchdog stop, measured)
/// until the compiled code takes the trap. With several runtimes stopping scripts at once on a loaded
/// machine, that suspension froze the whole process (the sender waiting in `WTF::Thread::suspend`, the
/// runtime thread parked in WTF's suspend handler). With polling traps, compiled code checks for a
/// trap itself at loop back edges and calls: no signal is sent, and the watchdog stops the same loops.
///
/// Options can no longer change once a machine exists (changing one then crashes), so this runs
/// before the first machine of the process. A process that sets `JSC_usePollingTraps` in its
/// environment keeps its own choice.
enum EngineOptions {
    private static let applied: Void = {
        if getenv("JSC_usePollingTraps") == nil {
            _ = jsc_options_set_boolean("usePollingTraps", 1)
        }
    }()

    /// Applies the options; every call after the first returns at once.
    static func apply() {
        _ = applied
    }

    /// True when JavaScriptCore uses polling traps.
    package static var usesPollingTraps: Bool {
        var value: gboolean = 0
        return jsc_options_get_boolean("usePollingTraps", &value) != 0 && value != 0
    }
}
