import Testing
import TestSupport
@testable import JavaScript

@Suite struct VirtualClockTests {
    private func virtualRuntime() -> JavaScriptRuntime {
        JavaScriptRuntime(configuration: .init(clock: .virtual()))
    }

    @Test func advanceFiresExactlyTheDueTimersInOrder() async throws {
        let runtime = virtualRuntime()
        try await runtime.evaluate("""
            var log = [];
            setTimeout(() => log.push('b100'), 100);
            setTimeout(() => log.push('a50'), 50);
            setTimeout(() => log.push('c100'), 100);
            setTimeout(() => log.push('d101'), 101);
            """)
        await runtime.advance(by: .milliseconds(49))
        #expect(try await runtime.evaluate("log") == [])
        await runtime.advance(by: .milliseconds(1))
        #expect(try await runtime.evaluate("log") == ["a50"])
        await runtime.advance(by: .milliseconds(50))
        #expect(try await runtime.evaluate("log") == ["a50", "b100", "c100"])
        #expect(await runtime.now == 100)
    }

    @Test func nestedTimersFallingDueWithinAnAdvanceFire() async throws {
        let runtime = virtualRuntime()
        try await runtime.evaluate("""
            var log = [];
            setTimeout(() => { log.push(performance.now()); setTimeout(() => log.push(performance.now()), 30); }, 10);
            """)
        await runtime.advance(by: .milliseconds(40))
        #expect(try await runtime.evaluate("log") == [10, 40])
    }

    @Test func intervalsFireOncePerPeriod() async throws {
        let runtime = virtualRuntime()
        try await runtime.evaluate("var ticks = []; setInterval(() => ticks.push(performance.now()), 25);")
        await runtime.advance(by: .milliseconds(100))
        #expect(try await runtime.evaluate("ticks") == [25, 50, 75, 100])
    }

    @Test func runUntilIdleJumpsTheClock() async throws {
        let runtime = virtualRuntime()
        try await runtime.evaluate("""
            var log = [];
            setTimeout(() => { log.push(Date.now()); setTimeout(() => log.push(Date.now()), 3600000); }, 60000);
            """)
        // An hour of timers, done in a small part of an hour of real time: the clock jumped. The
        // bound says nothing about the machine's speed; waiting for real would take 3660 s.
        let start = ContinuousClock.now
        #expect(await runtime.runUntilIdle(timeout: .generous) == .idle)
        #expect(ContinuousClock.now - start < .generous)
        let base = RuntimeClock.defaultVirtualStart.timeIntervalSince1970 * 1000
        #expect(try await runtime.evaluate("log") == .array([.number(base + 60_000), .number(base + 3_660_000)]))
        #expect(await runtime.now == 3_660_000)
    }

    @Test func dateFollowsTheVirtualClock() async throws {
        let runtime = JavaScriptRuntime(configuration: .init(clock: .virtual(start: .init(timeIntervalSince1970: 1000))))
        #expect(try await runtime.evaluate("Date.now()") == 1_000_000)
        await runtime.advance(by: .seconds(2))
        #expect(try await runtime.evaluate("[Date.now(), new Date().getTime(), performance.now(), new Date(5).getTime(), new Date() instanceof Date]")
                == [1_002_000, 1_002_000, 2000, 5, true])
    }

    @Test func pausedContextsHoldTheirTimersAndCatchUpOnceOnResume() async throws {
        let runtime = virtualRuntime()
        let log = try await runtime.perform { runtime -> [String] in
            let page = runtime.makeContext()
            try page.evaluate("""
                var log = [];
                setInterval(() => log.push('tick@' + performance.now()), 10);
                setTimeout(() => log.push('b@' + performance.now()), 30);
                setTimeout(() => log.push('a@' + performance.now()), 20);
                """)
            page.pauseTimers()
            runtime.advance(by: .milliseconds(100))
            let whilePaused = try page.evaluate("log.length").toInt()
            #expect(whilePaused == 0)
            let idle = runtime.isIdle
            #expect(idle)  // paused one-shots do not keep the runtime busy
            page.resumeTimers()
            runtime.advance(by: .milliseconds(0))
            return try page.evaluate("log").toArray()?.compactMap { $0.toString() } ?? []
        }
        // Each overdue timer once, in deadline order: the interval does not fire once per missed period.
        #expect(log == ["tick@100", "a@100", "b@100"])
    }

    @Test func pausingOneContextLeavesOthersRunning() async throws {
        let runtime = virtualRuntime()
        let (hidden, visible) = try await runtime.perform { runtime in
            let hidden = runtime.makeContext(), visible = runtime.makeContext()
            for context in [hidden, visible] { try context.evaluate("var n = 0; setInterval(() => n++, 10)") }
            hidden.pauseTimers()
            runtime.advance(by: .milliseconds(50))
            return (try hidden.evaluate("n").toInt(), try visible.evaluate("n").toInt())
        }
        #expect(hidden == 0)
        #expect(visible == 5)
    }

    /// A clock driver started as a test file ended (the file's runtime already shut down) returns; it trapped in
    /// `virtualMachine` in a loaded suite run.
    @Test func drivingTheClockOfARuntimeThatShutDownReturns() async {
        let runtime = virtualRuntime()
        await runtime.shutdown()
        await runtime.driveVirtualClock()  // trapped before: the runtime was shut down
        await #expect(throws: (any Error).self) { try await runtime.evaluate("1") }
    }
}
