import Foundation
import Testing
import TestSupport
@testable import JavaScript

/// Runtimes made with `init(loop:)` share one thread: each keeps its own machine, contexts and timers,
/// and none of them stops the loop it does not own.
@Suite struct SharedLoopTests {
    /// Evaluates a script with a timer and waits for it: the runtime is fully working.
    private func timerResult(_ runtime: JavaScriptRuntime, _ value: Int) async throws -> JSONValue {
        try await runtime.evaluate("var fired = []; setTimeout(() => fired.push(\(value)), 1);")
        #expect(await runtime.runUntilIdle(timeout: .generous) == .idle)
        return try await runtime.evaluate("fired")
    }

    @Test func twoRuntimesOnOneLoopBothWorkAndClosingOneLeavesTheOther() async throws {
        let loop = EventLoopThread(name: "test.shared")
        let loopThread = try await loop.submit { UInt64(pthread_self()) }
        var first: JavaScriptRuntime? = JavaScriptRuntime(loop: loop)
        let second = JavaScriptRuntime(loop: loop)
        weak let firstReference = first

        #expect(await first!.perform { _ in UInt64(pthread_self()) } == loopThread)
        #expect(await second.perform { _ in UInt64(pthread_self()) } == loopThread)
        // Separate machines: a global of one is not seen by the other.
        try await first!.evaluate("var owner = 'first'")
        #expect(try await second.evaluate("typeof owner") == .string("undefined"))
        #expect(try await timerResult(first!, 1) == [1])
        #expect(try await timerResult(second, 2) == [2])

        // Closing the first leaves the second working.
        try await first!.evaluate("setTimeout(() => {}, 60000)")  // a pending timer dies with its runtime
        await first!.shutdown()
        await #expect(throws: JSException.self) { try await first!.evaluate("1") }
        #expect(try await timerResult(second, 3) == [3])

        // Dropping it does not stop the loop it does not own.
        first = nil
        #expect(firstReference == nil)
        try #require(!loop.waitUntilExited(timeout: .zero), "a runtime stopped a loop it does not own")
        #expect(try await timerResult(second, 4) == [4])
        #expect(try await second.evaluate("typeof owner") == .string("undefined"))

        // The loop is still there for new runtimes, until its owner stops it.
        let third = JavaScriptRuntime(loop: loop)
        #expect(try await third.evaluate("40 + 2") == .number(42))
        loop.shutdown()
        #expect(loop.waitUntilExited(timeout: .zero))
    }

    @Test func aRuntimeThatStartedItsLoopStillStopsItWhenItGoes() async throws {
        var runtime: JavaScriptRuntime? = JavaScriptRuntime()
        let loop = runtime!.loop
        #expect(try await runtime!.evaluate("1 + 1") == .number(2))
        runtime = nil
        #expect(loop.waitUntilExited(timeout: .generous))
    }
}
