import CJavaScriptCore
import Foundation
import JavaScript
import Synchronization

/// Stops an abandoned page's thread from spinning for good, without ever stopping its JavaScript.
///
/// JavaScriptCore cannot recover when its watchdog terminates a promise reaction (the process
/// aborts at the next entry), so test runtimes have no execution limit. Instead this installs a
/// watchdog callback that always answers "keep going", checked every quarter second of CPU time
/// while one entry runs long. Once the runner gives a page up (``abandon()``), the next check parks
/// the thread in place: no CPU, and no way back into a JavaScript VM that would crash.
final class AbandonedRuntimeParking: Sendable {
    private let abandoned = Atomic(false)

    /// Installs the check on `runtime`'s machine. Call once, before the page runs.
    func install(on runtime: JavaScriptRuntime) async {
        // Retained for good: the machine may call back until the runtime is gone, and a parked
        // runtime is never gone.
        let retained = Unmanaged.passRetained(self)
        await runtime.perform { runtime in
            JSContextGroupSetExecutionTimeLimit(runtime.virtualMachine.group, 0.25, Self.check, retained.toOpaque())
        }
    }

    /// Gives the page up: if its thread is stuck in JavaScript, it parks at the next check.
    func abandon() {
        abandoned.store(true, ordering: .sequentiallyConsistent)
    }

    private static let check: @convention(c) (JSContextRef?, UnsafeMutableRawPointer?) -> Bool = { context, info in
        guard let info else { return false }
        let parking = Unmanaged<AbandonedRuntimeParking>.fromOpaque(info).takeUnretainedValue()
        guard parking.abandoned.load(ordering: .sequentiallyConsistent) else {
            // Arms the next check: JavaScriptCore asks once per limit it was given.
            if let context { JSContextGroupSetExecutionTimeLimit(JSContextGetGroup(context), 0.25, check, info) }
            return false
        }
        while true { sleep(3600) }
    }
}
