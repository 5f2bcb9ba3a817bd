import CoreMetrics
import JavaScript
import Logging

/// Reports what a `JavaScriptPool` does through swift-metrics (and logs what needs a look through swift-log):
/// pass it as the pool's `JavaScriptPool.Configuration.instrumentation`.
///
/// | metric | kind | dimensions |
/// |---|---|---|
/// | `hybrid_pool_calls_total` | counter | `outcome`: `completed`, `failed`, `timedOut`, `overloaded`, `cancelled` |
/// | `hybrid_pool_wait_seconds` | timer | time a call waited for a runtime |
/// | `hybrid_pool_run_seconds` | timer | time a call ran (its promise included) |
/// | `hybrid_pool_queue_depth` | gauge | calls waiting, after each change |
/// | `hybrid_pool_contexts_replaced_total` | counter | `reason`: `timedOut`, `uses`, `heapGrowth` |
///
/// A call stopped by its time limit is also logged at `warning`; an overloaded call at `debug`. Labels start with
/// `prefix` (default `hybrid_pool`), and `dimensions` are added to every metric (a pool's name, say).
public struct PoolMetrics: JavaScriptPoolInstrumentation {
    private let calls: [JavaScriptPool.CallOutcome: Counter]
    private let replaced: [JavaScriptPool.ReplacementReason: Counter]
    private let wait: Timer
    private let run: Timer
    private let depth: Gauge
    private let logger: Logger

    /// Metrics made by `factory` (default: the one `MetricsSystem.bootstrap` installed).
    public init(prefix: String = "hybrid_pool", dimensions: [(String, String)] = [],
                factory: any MetricsFactory = MetricsSystem.factory, logger: Logger = Logger(label: "hybrid.pool")) {
        calls = Dictionary(uniqueKeysWithValues: JavaScriptPool.CallOutcome.allCases.map { outcome in
            (outcome, Counter(label: "\(prefix)_calls_total", dimensions: dimensions + [("outcome", outcome.rawValue)], factory: factory))
        })
        replaced = Dictionary(uniqueKeysWithValues: JavaScriptPool.ReplacementReason.allCases.map { reason in
            (reason, Counter(label: "\(prefix)_contexts_replaced_total", dimensions: dimensions + [("reason", reason.rawValue)],
                             factory: factory))
        })
        wait = Timer(label: "\(prefix)_wait_seconds", dimensions: dimensions, preferredDisplayUnit: .seconds, factory: factory)
        run = Timer(label: "\(prefix)_run_seconds", dimensions: dimensions, preferredDisplayUnit: .seconds, factory: factory)
        depth = Gauge(label: "\(prefix)_queue_depth", dimensions: dimensions, factory: factory)
        self.logger = logger
    }

    public func callQueued(depth: Int) {
        self.depth.record(depth)
    }

    public func callStarted(waited: Duration, depth: Int) {
        wait.recordNanoseconds(Self.nanoseconds(waited))
        self.depth.record(depth)
    }

    public func callEnded(_ outcome: JavaScriptPool.CallOutcome, ran: Duration) {
        calls[outcome]?.increment()
        switch outcome {
        case .completed, .failed, .timedOut: run.recordNanoseconds(Self.nanoseconds(ran))
        case .overloaded, .cancelled: break
        }
        if outcome == .timedOut {
            logger.warning("a JavaScript pool call ran past its time limit; its context was replaced",
                           metadata: ["ran": "\(ran)"])
        } else if outcome == .overloaded {
            logger.debug("a JavaScript pool call was refused: the queue is full")
        }
    }

    public func contextReplaced(_ reason: JavaScriptPool.ReplacementReason) {
        replaced[reason]?.increment()
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
