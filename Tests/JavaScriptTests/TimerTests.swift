import Testing
import TestSupport
@testable import JavaScript

/// Timers on the real clock: order, arguments, clearing, intervals, microtasks, idleness.
@Suite struct TimerTests {
    /// Tests about the order of deadlines pass the virtual clock: on the real one, the script's own
    /// run time (long under a sanitizer or on a loaded machine) moves the deadlines it registers.
    private func run(_ script: String, timeout: Duration = .generous,
                     clock: RuntimeClock = .real) async throws -> (JSONValue, IdleOutcome) {
        let runtime = JavaScriptRuntime(configuration: .init(clock: clock))
        try await runtime.evaluate("var log = [];\n" + script)
        let outcome = await runtime.runUntilIdle(timeout: timeout)
        return (try await runtime.evaluate("log"), outcome)
    }

    @Test func sameDeadlineFiresInSchedulingOrder() async throws {
        let (log, outcome) = try await run("for (let i = 0; i < 20; i++) setTimeout(() => log.push(i), 5);")
        #expect(outcome == .idle)
        #expect(log == .array((0..<20).map { .number(Double($0)) }))
    }

    @Test func earlierDeadlineFiresFirstWhateverTheRegistrationOrder() async throws {
        let (log, _) = try await run("""
            setTimeout(() => log.push('30'), 30);
            setTimeout(() => log.push('10'), 10);
            setTimeout(() => log.push('20'), 20);
            setTimeout(() => log.push('0'));
            """, clock: .virtual())
        #expect(log == ["0", "10", "20", "30"])
    }

    @Test func nestedTimersAndZeroDelayChains() async throws {
        let (log, _) = try await run("""
            setTimeout(() => { log.push('outer'); setTimeout(() => log.push('inner'), 0); }, 0);
            setTimeout(() => log.push('sibling'), 0);
            let depth = 0;
            function chain() { if (++depth < 200) setTimeout(chain, 0); else log.push('chain ' + depth); }
            chain();
            """)
        #expect(log == ["outer", "sibling", "inner", "chain 200"])
    }

    @Test func microtasksRunBeforeTimers() async throws {
        let (log, _) = try await run("""
            setTimeout(() => log.push('timer'), 0);
            Promise.resolve().then(() => log.push('promise'));
            queueMicrotask(() => log.push('microtask'));
            log.push('sync');
            """)
        #expect(log == ["sync", "promise", "microtask", "timer"])
    }

    @Test func clearingInsideACallbackStopsALaterTimer() async throws {
        let (log, _) = try await run("""
            const later = setTimeout(() => log.push('later'), 20);
            setTimeout(() => { log.push('first'); clearTimeout(later); }, 5);
            const gone = setTimeout(() => log.push('never'), 1); clearTimeout(gone);
            clearTimeout(99999); clearTimeout('junk'); clearTimeout();
            """, clock: .virtual())
        #expect(log == ["first"])
    }

    @Test func intervalsRepeatUntilCleared() async throws {
        // An interval alone does not keep the runtime busy (see intervalsDoNotKeepTheRuntimeBusy),
        // so a work token, ended by the third tick, makes runUntilIdle wait for the ticks.
        let runtime = JavaScriptRuntime()
        let token = runtime.beginWork()
        await runtime.perform { runtime in
            runtime.context.setFunction("finish") { _ in token.end(); return nil }
        }
        try await runtime.evaluate("""
            var log = [], n = 0;
            const id = setInterval((a, b) => {
                log.push(a + b + (++n));
                if (n === 3) { clearInterval(id); finish(); }
            }, 2, 'x', 'y');
            """)
        #expect(await runtime.runUntilIdle(timeout: .generous) == .idle)
        #expect(try await runtime.evaluate("log") == ["xy1", "xy2", "xy3"])
        #expect(await runtime.pendingTimerCount == 0)
    }

    @Test func extraArgumentsArePassed() async throws {
        let (log, _) = try await run("setTimeout((a, b, c) => log.push([a, b, c]), 1, 1, 'two', {three: 3});")
        #expect(log == [[1, "two", ["three": 3]]])
    }

    @Test func badDelaysMeanZero() async throws {
        let (log, _) = try await run("""
            setTimeout(() => log.push('late'), 15);
            setTimeout(() => log.push('neg'), -100);
            setTimeout(() => log.push('nan'), NaN);
            setTimeout(() => log.push('str'), 'soon');
            """, clock: .virtual())
        #expect(log == ["neg", "nan", "str", "late"])
    }

    @Test func stringCallbacksAreRejected() async throws {
        let runtime = JavaScriptRuntime()
        let error = await #expect(throws: JSException.self) { try await runtime.evaluate("setTimeout('log.push(1)', 0)") }
        #expect(error?.name == "TypeError")
        #expect(error?.message.contains("string callbacks are not supported") == true)
        await #expect(throws: JSException.self) { try await runtime.evaluate("setInterval(42)") }
        await #expect(throws: JSException.self) { try await runtime.evaluate("queueMicrotask('x')") }
        #expect(await runtime.isIdle)
    }

    @Test func timerIDsArePositiveAndDistinct() async throws {
        let (log, _) = try await run("log.push(setTimeout(() => {}), setInterval(() => {}, 1000), setTimeout(() => {}));")
        let ids = log.arrayValue?.compactMap(\.intValue) ?? []
        #expect(ids.count == 3 && Set(ids).count == 3 && ids.allSatisfy { $0 > 0 })
    }

    @Test func intervalsDoNotKeepTheRuntimeBusy() async throws {
        let (log, outcome) = try await run("setInterval(() => {}, 5); setTimeout(() => log.push('done'), 20);")
        #expect(outcome == .idle)
        #expect(log == ["done"])
    }

    @Test func runUntilIdleStopsAtItsTimeLimit() async throws {
        let runtime = JavaScriptRuntime()
        try await runtime.evaluate("(function again() { setTimeout(again, 1); })()")
        let outcome = await runtime.runUntilIdle(timeout: .milliseconds(50))
        #expect(outcome == .timedOut)
        #expect(try await runtime.evaluate("'responsive'") == "responsive")
    }

    @Test func exceptionsInTimersGoToTheHandlerAndLaterTimersStillRun() async throws {
        let runtime = JavaScriptRuntime()
        let messages = MessageBox()
        await runtime.perform { runtime in
            runtime.context.exceptionHandler = { _, exception in messages.append(exception["message"].toString() ?? "") }
            runtime.context.evaluateScript("""
                setTimeout(() => { throw new Error('in timer'); }, 0);
                queueMicrotask(() => { throw new Error('in microtask'); });
                setTimeout(() => { globalThis.after = true; }, 1);
                """)
        }
        #expect(await runtime.runUntilIdle(timeout: .generous) == .idle)
        #expect(messages.all == ["in microtask", "in timer"])
        #expect(try await runtime.evaluate("after") == true)
    }

    @Test func workTokensKeepTheRuntimeBusyUntilTheyEnd() async throws {
        let runtime = JavaScriptRuntime()
        let token = runtime.beginWork()
        #expect(await !runtime.isIdle)
        #expect(await runtime.runUntilIdle(timeout: .milliseconds(20)) == .timedOut)
        Task.detached { token.end() }
        #expect(await runtime.runUntilIdle(timeout: .generous) == .idle)
        token.end()  // idempotent
        #expect(token.isEnded)
        do { _ = runtime.beginWork() }  // dropped without end(): ends itself
        #expect(await runtime.isIdle)
    }

    @Test func closingAContextDropsItsTimersOnly() async throws {
        let runtime = JavaScriptRuntime()
        await runtime.perform { runtime in
            let page = runtime.makeContext()
            page.evaluateScript("setTimeout(() => { throw new Error('must not fire'); }, 1)")
            runtime.context.evaluateScript("var fired = false; setTimeout(() => { fired = true; }, 2)")
            let before = runtime.pendingTimerCount
            page.close()
            let after = runtime.pendingTimerCount
            #expect(before == 2 && after == 1)
        }
        #expect(await runtime.runUntilIdle(timeout: .generous) == .idle)
        #expect(try await runtime.evaluate("fired") == true)
    }

    @Test func droppingAContextCancelsItsTimers() async throws {
        let runtime = JavaScriptRuntime()
        let pending = await runtime.perform { runtime in
            do {
                let page = runtime.makeContext()
                page.evaluateScript("setInterval(() => {}, 1); setTimeout(() => {}, 1)")
            }
            return runtime.pendingTimerCount
        }
        #expect(pending == 0)
    }

    @Test func destroyingARuntimeWithPendingTimersFiresNothingAndLeaksNothing() async throws {
        final class Sentinel: Sendable {}
        let fired = MessageBox()
        weak var released: JavaScriptRuntime?
        weak var releasedSentinel: Sentinel?
        let loop: EventLoopThread
        do {
            let runtime = JavaScriptRuntime()
            released = runtime
            loop = runtime.loop
            let sentinel = Sentinel()
            releasedSentinel = sentinel
            await runtime.perform { runtime in
                runtime.context.setFunction("mark") { _ in _ = sentinel; fired.append("fired"); return nil }
                // An hour: however slow the machine, they are still pending when the runtime goes.
                _ = runtime.context.evaluateScript("setTimeout(mark, 3600000); setInterval(mark, 3600000)")
            }
        }
        // Dropping the runtime tore its machine down on its thread and joined the thread: nothing
        // is left that could fire a timer, and the closure the timers would have called is freed.
        #expect(released == nil)
        #expect(loop.waitUntilExited(timeout: .zero))
        #expect(releasedSentinel == nil)
        #expect(fired.all.isEmpty)
    }

    @Test func explicitShutdownCancelsTimers() async throws {
        let runtime = JavaScriptRuntime()
        // An hour: however slow the machine, it is still pending at the shutdown.
        try await runtime.evaluate("setTimeout(() => {}, 3600000)")
        #expect(await !runtime.isIdle)
        await runtime.shutdown()
        #expect(await runtime.runUntilIdle(timeout: .generous) == .idle)
    }
}

/// Collects strings from callbacks on the runtime thread for the test to read.
final class MessageBox: @unchecked Sendable {
    private let lock = NSLockLike()
    private var items: [String] = []
    func append(_ item: String) { lock.with { items.append(item) } }
    var all: [String] { lock.with { items } }
}

import Synchronization
final class NSLockLike: Sendable {
    private let mutex = Mutex(())
    func with<T>(_ body: () -> T) -> T { mutex.withLock { _ in body() } }
}
