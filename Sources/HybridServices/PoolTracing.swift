import JavaScript
import Tracing

/// Puts each `JavaScriptPool` call in a swift-distributed-tracing span, a child of the caller's span (a request's,
/// say): pass it as the pool's `JavaScriptPool.Configuration.instrumentation`, wrapping the instrumentation you
/// would use otherwise.
///
/// ```swift
/// let pool = try await JavaScriptPool(configuration: .init(instrumentation: PoolTracing(wrapping: PoolMetrics()))) { ... }
/// ```
///
/// A span is named `JavaScriptPool.call` or `JavaScriptPool.run`, has the attribute `hybrid.pool.function` (the
/// called function's path, for `call`), lasts from submission to answer (its wait in the queue included), and records
/// the call's error, if any, with an error status. With no tracer installed (`InstrumentationSystem`'s default, a
/// `NoOpTracer`) no span is made and a call costs what it costs without tracing.
///
/// Why here and not in the `JavaScript` module: the pool only offers a hook that runs around each call in the
/// caller's task (`JavaScriptPoolInstrumentation.around(function:_:)`), so apps that do not trace build no tracing
/// package, as with metrics.
public struct PoolTracing: JavaScriptPoolInstrumentation {
    private let wrapped: (any JavaScriptPoolInstrumentation)?
    private let tracer: (any Tracer)?

    /// Spans from `tracer` (default: the one `InstrumentationSystem.bootstrap` installed, looked up at each call);
    /// every other event goes to `wrapped` (`PoolMetrics`, say).
    public init(wrapping wrapped: (any JavaScriptPoolInstrumentation)? = nil, tracer: (any Tracer)? = nil) {
        self.wrapped = wrapped
        self.tracer = tracer
    }

    public func around<T: Sendable>(function: String?, _ call: () async throws -> T) async throws -> T {
        let tracer = self.tracer ?? InstrumentationSystem.tracer
        if tracer is NoOpTracer {
            if let wrapped { return try await wrapped.around(function: function, call) }
            return try await call()
        }
        return try await Self.span(tracer, function: function) {
            if let wrapped { return try await wrapped.around(function: function, call) }
            return try await call()
        }
    }

    private static func span<Traced: Tracer, T: Sendable>(_ tracer: Traced, function: String?,
                                                          _ call: () async throws -> T) async throws -> T {
        try await tracer.withSpan(function == nil ? "JavaScriptPool.run" : "JavaScriptPool.call", ofKind: .internal) { span in
            if let function { span.attributes["hybrid.pool.function"] = function }
            return try await call()
        }
    }

    public func callQueued(depth: Int) { wrapped?.callQueued(depth: depth) }
    public func callStarted(waited: Duration, depth: Int) { wrapped?.callStarted(waited: waited, depth: depth) }
    public func callEnded(_ outcome: JavaScriptPool.CallOutcome, ran: Duration) { wrapped?.callEnded(outcome, ran: ran) }
    public func contextReplaced(_ reason: JavaScriptPool.ReplacementReason) { wrapped?.contextReplaced(reason) }
}
