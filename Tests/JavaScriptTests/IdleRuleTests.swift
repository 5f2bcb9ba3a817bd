import Testing
import TestSupport
@testable import JavaScript

/// Which timers keep `runUntilIdle` running: one-shot timers for a page, intervals too for a script run
/// the way Node.js runs one.
@Suite struct IdleRuleTests {
    private let script = "globalThis.ticks = 0; const t = setInterval(() => { if (++ticks === 3) clearInterval(t) }, 10)"

    @Test func anIntervalKeepsTheLoopRunningUntilItIsCleared() async throws {
        let runtime = JavaScriptRuntime(configuration: .init(clock: .virtual()))
        try await runtime.evaluate(script)
        #expect(await runtime.runUntilIdle(timeout: .generous, includingIntervals: true) == .idle)
        #expect(try await runtime.evaluate("ticks") == 3)
        #expect(await runtime.now == 30)
    }

    @Test func aPageThatOnlyPollsIsIdleAtOnce() async throws {
        let runtime = JavaScriptRuntime(configuration: .init(clock: .virtual()))
        try await runtime.evaluate(script)
        #expect(await runtime.runUntilIdle(timeout: .generous) == .idle)
        #expect(try await runtime.evaluate("ticks") == 0)
    }

    @Test func anIntervalNeverClearedRunsIntoTheTimeout() async throws {
        let runtime = JavaScriptRuntime()
        try await runtime.evaluate("globalThis.ticks = 0; setInterval(() => ticks++, 5)")
        #expect(await runtime.runUntilIdle(timeout: .milliseconds(100), includingIntervals: true) == .timedOut)
    }
}
