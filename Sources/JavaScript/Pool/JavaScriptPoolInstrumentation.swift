/// Hears what a ``JavaScriptPool`` does, to feed metrics and logs (the `HybridServices` module's `PoolMetrics` reports
/// them through swift-metrics). Called on whatever thread the event happens on, outside the pool's lock: keep it
/// quick and thread-safe. Every method has an empty default.
public protocol JavaScriptPoolInstrumentation: Sendable {
    /// A call went into the queue (no runtime was free); `depth` calls wait now.
    func callQueued(depth: Int)
    /// A call started on a runtime after waiting `waited`; `depth` calls still wait.
    func callStarted(waited: Duration, depth: Int)
    /// A call ended: it ran for `ran` (zero when it never started).
    func callEnded(_ outcome: JavaScriptPool.CallOutcome, ran: Duration)
    /// A context was replaced by a fresh one.
    func contextReplaced(_ reason: JavaScriptPool.ReplacementReason)
    /// Wraps one call as its caller's task sees it, from submission to answer: `call` queues it, runs it and returns
    /// its result or throws its error. Runs in the caller's task (its task-local values, a tracing span among them,
    /// are there). `function` is what `JavaScriptPool.call` calls, or nil for `JavaScriptPool.run`. The default runs
    /// `call`; the `HybridServices` module's `PoolTracing` wraps it in a swift-distributed-tracing span.
    func around<T: Sendable>(function: String?, _ call: () async throws -> T) async throws -> T
}

extension JavaScriptPoolInstrumentation {
    public func callQueued(depth: Int) {}
    public func callStarted(waited: Duration, depth: Int) {}
    public func callEnded(_ outcome: JavaScriptPool.CallOutcome, ran: Duration) {}
    public func contextReplaced(_ reason: JavaScriptPool.ReplacementReason) {}
    public func around<T: Sendable>(function: String?, _ call: () async throws -> T) async throws -> T { try await call() }
}
