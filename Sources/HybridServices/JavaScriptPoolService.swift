import JavaScript
import Logging
import ServiceLifecycle

/// A `JavaScriptPool` as a swift-service-lifecycle `Service`: add it to a `ServiceGroup` beside the HTTP server,
/// and the group's graceful shutdown (SIGTERM, say) drains the pool after the server stopped taking requests.
///
/// ```swift
/// let pool = try await JavaScriptPool(configuration: .init(instrumentation: PoolMetrics())) { context in
///     _ = try context.evaluate(pricing, sourceURL: "pricing.js")
/// }
/// let group = ServiceGroup(services: [app, JavaScriptPoolService(pool)], gracefulShutdownSignals: [.sigterm],
///                          logger: logger)
/// try await group.run()
/// ```
///
/// `run()` waits until graceful shutdown, then shuts the pool down with `JavaScriptPool.ShutdownMode.drain`
/// (queued calls still run); if its task is cancelled instead, with `JavaScriptPool.ShutdownMode.cancel` (queued
/// calls fail with `JavaScriptPoolError.shutDown`). Either way it returns once the runtime threads have stopped.
public struct JavaScriptPoolService: Service {
    /// The pool this service stops.
    public let pool: JavaScriptPool
    private let logger: Logger

    public init(_ pool: JavaScriptPool, logger: Logger = Logger(label: "hybrid.pool")) {
        self.pool = pool
        self.logger = logger
    }

    public func run() async throws {
        do {
            try await gracefulShutdown()
            logger.info("draining the JavaScript pool", metadata: ["queued": "\(pool.statistics.queued)"])
            await pool.shutdown(.drain)
        } catch {
            logger.info("cancelled: stopping the JavaScript pool", metadata: ["queued": "\(pool.statistics.queued)"])
            await pool.shutdown(.cancel)
        }
    }
}
