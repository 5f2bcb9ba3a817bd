import Foundation
import Testing
import TestSupport
@testable import JavaScript

/// Every test here loops until the watchdog stops it (or for a set time): `.spinsTheCPU`. The watchdog
/// counts the looping thread's CPU time, so a busy machine makes the loops longer, never shorter.
@Suite(.spinsTheCPU) struct WatchdogTests {
    /// JavaScriptCore's default, signal-based traps suspend the JavaScript thread with SIGUSR1 until it
    /// takes the trap; with several runtimes stopping scripts on a loaded machine that froze the process.
    /// With polling traps the compiled loops check for the stop themselves (see `EngineOptions`).
    @Test(.enabled(if: EngineOptions.choseAtLoad, "the environment chose the kind of traps"))
    func runtimesUsePollingTrapsAndStillStopCompiledLoops() async throws {
        let runtime = JavaScriptRuntime(configuration: .init(executionTimeLimit: .milliseconds(200)))
        #expect(String(cString: getenv("JSC_usePollingTraps")) == "true")
        #expect(EngineOptions.usesPollingTraps)
        // Long enough for the loop to be compiled by the optimising tiers before the limit.
        let error = await #expect(throws: JSException.self) {
            try await runtime.evaluate("var n = 0; for (;;) { n = (n + 1) | 0 }")
        }
        #expect(error?.isExecutionTimeLimitExceeded == true)
        #expect(try await runtime.evaluate("n > 0") == true)
    }

    @Test func stopsARunawayLoopAndTheRuntimeStaysUsable() async throws {
        let runtime = JavaScriptRuntime(configuration: .init(executionTimeLimit: .milliseconds(200)))
        let error = await #expect(throws: JSException.self) { try await runtime.evaluate("while (true) {}") }
        #expect(error?.isExecutionTimeLimitExceeded == true)
        #expect(error?.message.contains("execution time limit exceeded") == true)
        #expect(try await runtime.evaluate("6 * 7") == 42)
    }

    /// A reaction that runs away after an `await` is stopped while JavaScriptCore drains the job
    /// queue at the end of an entry: the entry reports the time limit, and the runtime, values and
    /// objects keep working (JSC once left the termination pending, so the next call failed).
    @Test func stopsARunawayPromiseReactionAndTheRuntimeStaysUsable() async throws {
        let runtime = JavaScriptRuntime(configuration: .init(executionTimeLimit: .milliseconds(200)))
        let box = MessageBox()
        await runtime.perform { runtime in
            runtime.context.exceptionHandler = { _, exception in
                box.append(JSException(exception).isExecutionTimeLimitExceeded ? "timeout" : "other")
            }
        }
        let error = await #expect(throws: JSException.self) {
            try await runtime.evaluate("Promise.resolve().then(() => { for (;;) {} }); 1")
        }
        #expect(error?.isExecutionTimeLimitExceeded == true)
        #expect(try await runtime.evaluate("[1, 2, 3].map(x => x * 2)") == [2, 4, 6])
        let formatted = await runtime.perform { runtime in runtime.context.format([JSValue(["a", "b"], in: runtime.context)]) }
        #expect(formatted.contains("a") && formatted.contains("b"))
        _ = box
    }

    @Test func isReArmedForEachEntry() async throws {
        // Each evaluation runs ~60% of the limit: only a limit that restarts per entry lets all pass.
        let runtime = JavaScriptRuntime(configuration: .init(executionTimeLimit: .milliseconds(500)))
        for _ in 0..<4 {
            let result = try await runtime.evaluate("(() => { const end = Date.now() + 300; let n = 0; while (Date.now() < end) n++; return n > 0; })()")
            #expect(result == true)
        }
    }

    @Test func stopsARunawayTimerCallbackAndReportsIt() async throws {
        let runtime = JavaScriptRuntime(configuration: .init(executionTimeLimit: .milliseconds(200)))
        let box = MessageBox()
        await runtime.perform { runtime in
            runtime.context.exceptionHandler = { _, exception in
                box.append(JSException(exception).isExecutionTimeLimitExceeded ? "timeout" : "other")
            }
            _ = runtime.context.evaluateScript("setTimeout(() => { for (;;) {} }, 0); setTimeout(() => { globalThis.next = 1 }, 1)")
        }
        #expect(await runtime.runUntilIdle(timeout: .generous) == .idle)
        #expect(box.all == ["timeout"])
        #expect(try await runtime.evaluate("next") == 1)
    }

    @Test func stopsASwiftToJavaScriptCallAndCanBeTurnedOff() async throws {
        let runtime = JavaScriptRuntime()
        #expect(await runtime.executionTimeLimit == nil)
        await runtime.setExecutionTimeLimit(.milliseconds(100))
        let stopped = await runtime.perform { runtime -> Bool in
            let spin = runtime.context.evaluateScript("(function () { while (true) {} })")
            do { try spin.call(); return false } catch let error as JSException { return error.isExecutionTimeLimitExceeded } catch { return false }
        }
        #expect(stopped)
        await runtime.setExecutionTimeLimit(nil)
        #expect(try await runtime.evaluate("const end = Date.now() + 150; while (Date.now() < end) {}; 'done'") == "done")
    }

    @Test func javaScriptCannotCatchTheTermination() async throws {
        let runtime = JavaScriptRuntime(configuration: .init(executionTimeLimit: .milliseconds(100)))
        let error = await #expect(throws: JSException.self) {
            try await runtime.evaluate("try { while (true) {} } catch (e) { 'caught' }")
        }
        #expect(error?.isExecutionTimeLimitExceeded == true)
    }

    /// A getter read from Swift is an entry like any other: the watchdog covers it, and its stop is an
    /// exception, not a silent `undefined`.
    @Test func stopsAGetterReadFromSwift() async throws {
        let runtime = JavaScriptRuntime(configuration: .init(executionTimeLimit: .milliseconds(100)))
        let (thrown, reported, afterwards) = await runtime.perform { runtime -> (JSException?, [JSException], JSONValue?) in
            let context = runtime.context
            var reported: [JSException] = []
            context.exceptionHandler = { _, exception in reported.append(JSException(exception)) }
            let object = context.evaluateScript("({ get slow() { for (;;) {} }, fast: 1 })")
            var thrown: JSException?
            do { _ = try object.property("slow") } catch let error as JSException { thrown = error } catch {}
            let quiet = object.forProperty("slow")
            #expect(quiet.isUndefined)
            return (thrown, reported, try? object.property("fast").toJSONValue())
        }
        #expect(thrown?.isExecutionTimeLimitExceeded == true)
        #expect(reported.count == 1)
        #expect(reported.first?.isExecutionTimeLimitExceeded == true)
        #expect(afterwards == 1)
    }

    /// The embedder's own set-up runs without the per-entry limit, which is back for the next entry; inside
    /// JavaScript the running entry keeps its limit. The loops run on the thread's CPU clock, so a busy
    /// machine makes them longer, never shorter.
    @Test func setUpCanRunWithoutTheLimitWhichComesBackAfterwards() async throws {
        let runtime = JavaScriptRuntime(configuration: .init(executionTimeLimit: .milliseconds(20)))
        let spin = "(() => { const start = cpu(); while (cpu() - start < 0.1) {} return 'done' })()"
        let setUp = await runtime.perform { runtime in
            let context = runtime.context
            context.globalObject["cpu"] = JSValue(function: { _ in Watchdog.threadCPUTime() }, name: "cpu", in: context)
            return context.virtualMachine.withoutExecutionTimeLimit { context.evaluateScript(spin).toString() }
        }
        #expect(setUp == "done")
        #expect(await runtime.executionTimeLimit == .milliseconds(20))
        let error = await #expect(throws: JSException.self) { try await runtime.evaluate(spin) }
        #expect(error?.isExecutionTimeLimitExceeded == true)
        // Called from JavaScript, the exemption does not lift the running entry's limit.
        let nested = await #expect(throws: JSException.self) {
            try await runtime.perform { runtime in
                let context = runtime.context
                context.globalObject["exempt"] = JSValue(function: { _ in
                    context.virtualMachine.withoutExecutionTimeLimit { context.evaluateScript(spin) }
                }, name: "exempt", in: context)
                _ = try context.evaluate("exempt()")
            }
        }
        #expect(nested?.isExecutionTimeLimitExceeded == true)
    }
}
