import HybridServices
import JavaScript
import MetricsTestKit
import ServiceLifecycle
import ServiceLifecycleTestKit
import Testing

@Suite struct HybridServicesTests {
    static let script = """
        function add(a, b) { return a + b; }
        function fail() { throw new Error('no'); }
        function spin() { for (;;) {} }
        """

    /// Each outcome counts under its dimension; waits, runs and replaced contexts are recorded.
    @Test func poolMetricsCountCallsByOutcomeAndContextsByReason() async throws {
        let metrics = TestMetrics()
        let pool = try await JavaScriptPool(configuration: .init(runtimes: 1, callTimeLimit: .milliseconds(300),
                                                                 instrumentation: PoolMetrics(factory: metrics))) { context in
            _ = try context.evaluate(Self.script)
        }
        #expect(try await pool.call("add", [2, 3], as: Int.self) == 5)
        #expect(try await pool.call("add", [1, 1], as: Int.self) == 2)
        await #expect(throws: JSException.self) { try await pool.call("fail", as: Int.self) }
        await #expect(throws: JavaScriptPoolError.self) { try await pool.call("spin", as: Int.self) }
        await pool.shutdown()
        func calls(_ outcome: String) throws -> Int64 {
            try metrics.expectCounter("hybrid_pool_calls_total", [("outcome", outcome)]).totalValue
        }
        #expect(try calls("completed") == 2)
        #expect(try calls("failed") == 1)
        #expect(try calls("timedOut") == 1)
        #expect(try metrics.expectCounter("hybrid_pool_contexts_replaced_total", [("reason", "timedOut")]).totalValue == 1)
        #expect(try metrics.expectTimer("hybrid_pool_wait_seconds").values.count == 4)
        #expect(try metrics.expectTimer("hybrid_pool_run_seconds").values.count == 4)
    }

    /// Graceful shutdown drains the pool: a call queued before it still runs, a call after it is refused.
    @Test func gracefulShutdownDrainsThePool() async throws {
        let pool = try await JavaScriptPool(configuration: .init(runtimes: 1)) { context in
            _ = try context.evaluate(Self.script)
        }
        try await testGracefulShutdown { trigger in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await JavaScriptPoolService(pool).run() }
                #expect(try await pool.call("add", [20, 22], as: Int.self) == 42)
                trigger.triggerGracefulShutdown()
                try await group.waitForAll()
            }
        }
        await #expect(throws: JavaScriptPoolError.shutDown) { try await pool.call("add", [1, 2], as: Int.self) }
    }

    /// Cancelling the service's task stops the pool too.
    @Test func cancellationStopsThePool() async throws {
        let pool = try await JavaScriptPool(configuration: .init(runtimes: 1)) { context in
            _ = try context.evaluate(Self.script)
        }
        let service = Task { try await testGracefulShutdown { _ in try await JavaScriptPoolService(pool).run() } }
        #expect(try await pool.call("add", [1, 2], as: Int.self) == 3)
        service.cancel()
        try await service.value
        await #expect(throws: JavaScriptPoolError.shutDown) { try await pool.call("add", [1, 2], as: Int.self) }
    }
}
