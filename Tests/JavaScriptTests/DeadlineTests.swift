import Foundation
import Testing
import TestSupport
@testable import JavaScript

/// The runtime's wall-clock deadline against the per-entry limit, which counts CPU time.
///
/// The scripts here sleep in a Swift function (`nap()`): wall-clock time passes while they use almost
/// no CPU time. A limit on CPU time does not see those naps; the deadline does, at the next check, which
/// JavaScriptCore makes once a slice of CPU time has run. Those are the mechanisms under test, whatever
/// the machine's speed. The loops that run until the deadline stops them spin a core: `.spinsTheCPU`.
@Suite(.spinsTheCPU) struct DeadlineTests {
    /// Installs `nap()`, which blocks the runtime thread for 20 ms of wall-clock time.
    private func sleepyRuntime(limit: Duration? = nil) async -> JavaScriptRuntime {
        let runtime = JavaScriptRuntime(configuration: .init(executionTimeLimit: limit))
        await runtime.perform { runtime in
            runtime.context.setFunction("nap") { _ in
                usleep(20_000)
                return nil
            }
        }
        return runtime
    }

    @Test func aDeadlinePassedDuringNapsStopsTheNextSliceOfWork() async throws {
        // A 5 s limit on CPU time would let the loop run 5 s; the deadline, passed while the script
        // napped, stops it at JavaScriptCore's first check, after one slice (at most 0.1 s) of CPU time.
        let runtime = await sleepyRuntime(limit: .seconds(5))
        let (error, cpuTime) = await runtime.perform { runtime -> (JSException?, Double) in
            runtime.setDeadline(.now + .milliseconds(300))
            let start = Watchdog.threadCPUTime()
            do {
                try runtime.context.evaluate("for (let i = 0; i < 20; i++) nap(); for (;;) {}")
                return (nil, Watchdog.threadCPUTime() - start)
            } catch {
                return (error as? JSException, Watchdog.threadCPUTime() - start)
            }
        }
        #expect(error?.isExecutionTimeLimitExceeded == true)
        #expect(error?.name == "TimeoutError")
        #expect(error?.message.contains("deadline") == true)
        #expect(cpuTime < 2)
    }

    @Test func thePerEntryLimitCountsCPUTimeNotWallClockTime() async throws {
        // 40 naps take at least 0.8 s of wall-clock time and far less than the 0.3 s limit in CPU time.
        let runtime = await sleepyRuntime(limit: .milliseconds(300))
        #expect(try await runtime.evaluate("for (let i = 0; i < 40; i++) nap(); 'done'") == "done")
    }

    @Test func everyEntryAfterTheDeadlineIsStoppedUntilItIsCleared() async throws {
        let runtime = await sleepyRuntime()
        await runtime.setDeadline(.now)
        let error = await #expect(throws: JSException.self) { try await runtime.evaluate("for (;;) {}") }
        #expect(error?.isExecutionTimeLimitExceeded == true)
        #expect(await runtime.deadline != nil)
        await runtime.setDeadline(nil)
        #expect(await runtime.deadline == nil)
        #expect(try await runtime.evaluate("for (let i = 0; i < 3; i++) nap(); 6 * 7") == 42)
    }

    @Test func aDeadlineAheadLetsWorkFinish() async throws {
        let runtime = await sleepyRuntime(limit: .generous)
        await runtime.setDeadline(.now + .generous)
        #expect(try await runtime.evaluate("for (let i = 0; i < 10; i++) nap(); 'finished'") == "finished")
    }

    @Test func aDeadlineStopsATimerCallbackAndTheRuntimeStaysUsable() async throws {
        let runtime = await sleepyRuntime()
        let box = MessageBox()
        await runtime.perform { runtime in
            runtime.context.exceptionHandler = { _, exception in
                box.append(JSException(exception).isExecutionTimeLimitExceeded ? "timeout" : "other")
            }
            runtime.setDeadline(.now + .milliseconds(200))
            _ = runtime.context.evaluateScript("setTimeout(() => { nap(); for (;;) {} }, 0)")
        }
        #expect(await runtime.runUntilIdle(timeout: .generous) == .idle)
        #expect(box.all == ["timeout"])
        await runtime.setDeadline(nil)
        #expect(try await runtime.evaluate("[1, 2].map(x => x + 1)") == [2, 3])
    }
}
