import Foundation
import Testing
import TestSupport
@testable import JavaScript

/// Runtimes are independent: each has its own thread, machine and loop, and they run at once.
@Suite struct RuntimeConcurrencyTests {
    struct Outcome: Sendable, Equatable {
        var index: Int
        var sum: JSONValue
        var timers: JSONValue
        var threadID: UInt64
    }

    @Test func eightRuntimesOnEightThreadsAtOnce() async throws {
        let outcomes = try await withThrowingTaskGroup(of: Outcome.self) { group in
            for index in 0..<8 {
                group.addTask {
                    let runtime = JavaScriptRuntime(configuration: .init(name: "test.concurrent.\(index)"))
                    let threadID = await runtime.perform { runtime in
                        runtime.context.setFunction("offset") { _ in Double(index * 1_000) }
                        return UInt64(pthread_self())
                    }
                    // Enough work that the runtimes overlap, with a Swift call and timers in each.
                    let sum = try await runtime.evaluate("""
                        let total = 0;
                        for (let i = 0; i < 200000; i++) total += i % 7;
                        total + offset()
                        """)
                    try await runtime.evaluate("""
                        var fired = [];
                        for (let i = 0; i < 5; i++) setTimeout(() => fired.push(\(index) * 10 + i), i);
                        """)
                    await runtime.runUntilIdle(timeout: .generous)
                    let timers = try await runtime.evaluate("fired")
                    return Outcome(index: index, sum: sum, timers: timers, threadID: threadID)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }.sorted { $0.index < $1.index }
        }
        let expectedBase = (0..<200_000).reduce(0) { $0 + $1 % 7 }
        #expect(outcomes.count == 8)
        for outcome in outcomes {
            #expect(outcome.sum == .number(Double(expectedBase + outcome.index * 1_000)))
            #expect(outcome.timers == .array((0..<5).map { .number(Double(outcome.index * 10 + $0)) }))
        }
        #expect(Set(outcomes.map(\.threadID)).count == 8)
    }
}
