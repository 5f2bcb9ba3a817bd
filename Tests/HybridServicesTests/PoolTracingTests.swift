import HybridServices
import InMemoryTracing
import JavaScript
import MetricsTestKit
import Testing
import Tracing

/// Pool calls as spans: children of the caller's span, named by kind, with the function and the error.
@Suite struct PoolTracingTests {
    @Test func eachCallIsASpanUnderTheCallersSpan() async throws {
        let tracer = InMemoryTracer()
        let metrics = TestMetrics()
        let pool = try await JavaScriptPool(
            configuration: .init(runtimes: 1, instrumentation: PoolTracing(wrapping: PoolMetrics(factory: metrics), tracer: tracer))
        ) { context in
            _ = try context.evaluate("function add(a, b) { return a + b; } function fail() { throw new Error('no'); }")
        }
        let (sum, failure, seven) = try await tracer.withSpan("request") { _ async throws -> (Int, (any Error)?, Int) in
            let sum = try await pool.call("add", [2, 3], as: Int.self)
            var failure: (any Error)?
            do { _ = try await pool.call("fail", as: Int.self) } catch { failure = error }
            return (sum, failure, try await pool.run { _ in 7 })
        }
        #expect(sum == 5)
        #expect(failure is JSException)
        #expect(seven == 7)
        await pool.shutdown()

        let spans = tracer.finishedSpans
        let request = try #require(spans.first { $0.operationName == "request" })
        let calls = spans.filter { $0.operationName != "request" }
        #expect(calls.map(\.operationName) == ["JavaScriptPool.call", "JavaScriptPool.call", "JavaScriptPool.run"])
        #expect(calls.allSatisfy { $0.parentSpanID == request.spanID && $0.traceID == request.traceID })
        #expect(calls[0].attributes["hybrid.pool.function"]?.toSpanAttribute() == .string("add"))
        #expect(calls[0].errors.isEmpty)
        #expect(calls[1].errors.count == 1)
        #expect(calls[1].status?.code == .error)
        // The wrapped instrumentation still hears every call.
        #expect(try metrics.expectCounter("hybrid_pool_calls_total", [("outcome", "completed")]).totalValue == 2)
        #expect(try metrics.expectCounter("hybrid_pool_calls_total", [("outcome", "failed")]).totalValue == 1)
    }

    @Test func withoutATracerCallsRunAsUntraced() async throws {
        // InstrumentationSystem's default tracer is a NoOpTracer: the call runs as it would untraced.
        let pool = try await JavaScriptPool(configuration: .init(runtimes: 1, instrumentation: PoolTracing())) { context in
            _ = try context.evaluate("function add(a, b) { return a + b; }")
        }
        #expect(try await pool.call("add", [1, 2], as: Int.self) == 3)
        await pool.shutdown()
    }
}
