import Foundation

extension JavaScriptPool {
    /// How a ``JavaScriptPool`` runs: how many runtime threads, how much work may wait, how long a call may take and
    /// when a context is replaced by a fresh one.
    public struct Configuration: Sendable {
        /// What a call does when ``maxQueued`` calls already wait.
        public enum Overflow: Sendable, Hashable {
            /// Fails at once with ``JavaScriptPoolError/overloaded(queued:)``: the caller sheds the load (a service
            /// answers 503).
            case fail
            /// Waits up to the duration for room in the queue, then fails with
            /// ``JavaScriptPoolError/overloaded(queued:)``.
            case wait(Duration)
        }

        /// Runtime threads, each with one context prepared by the pool's setup (default: the number of cores).
        public var runtimes: Int
        /// Calls that may wait for a runtime before ``overflow`` applies (default 1,024).
        public var maxQueued: Int
        /// What happens past ``maxQueued`` (default ``Overflow/fail``).
        public var overflow: Overflow
        /// The longest one call may take, in wall-clock time from the moment a runtime starts it, including the
        /// time a promise it returned takes to settle (default 10 s; nil: none). A call past it fails with
        /// ``JavaScriptPoolError/timedOut(_:)`` and its context is discarded and replaced, so whatever it left
        /// running (timers, pending promises, a loop) never touches the next call.
        public var callTimeLimit: Duration?
        /// Calls after which a context is replaced by a fresh one (nil: never; default nil).
        public var maxUsesPerContext: Int?
        /// Bytes the runtime's heap may grow past what it held after setup before the context is replaced
        /// (measured after each call; nil: never; default nil). Growth counts garbage not yet collected, so
        /// set it well above a call's working set.
        public var maxHeapGrowth: Int?
        /// The runtime threads' name, numbered (`hybrid.pool-0`, ...), shown by debuggers.
        public var name: String
        /// Where the contexts' `console` output goes (default: standard error).
        public var consoleSink: ConsoleSink
        /// Told of every call's wait and run and of every replaced context, for metrics and logs (default: none).
        public var instrumentation: (any JavaScriptPoolInstrumentation)?

        public init(runtimes: Int = ProcessInfo.processInfo.activeProcessorCount, maxQueued: Int = 1024,
                    overflow: Overflow = .fail, callTimeLimit: Duration? = .seconds(10), maxUsesPerContext: Int? = nil,
                    maxHeapGrowth: Int? = nil, name: String = "hybrid.pool",
                    consoleSink: @escaping ConsoleSink = ConsoleMessage.standardErrorSink,
                    instrumentation: (any JavaScriptPoolInstrumentation)? = nil) {
            self.runtimes = max(1, runtimes)
            self.maxQueued = max(0, maxQueued)
            self.overflow = overflow
            self.callTimeLimit = callTimeLimit
            self.maxUsesPerContext = maxUsesPerContext.map { max(1, $0) }
            self.maxHeapGrowth = maxHeapGrowth
            self.name = name
            self.consoleSink = consoleSink
            self.instrumentation = instrumentation
        }
    }

    /// How ``JavaScriptPool/shutdown(_:)`` treats calls that have not started.
    public enum ShutdownMode: Sendable, Hashable {
        /// Runs every queued call, then stops.
        case drain
        /// Fails every queued call with ``JavaScriptPoolError/shutDown``; calls already running finish.
        case cancel
    }

    /// Why a context was replaced by a fresh one.
    public enum ReplacementReason: String, Sendable, Hashable, CaseIterable {
        /// A call ran past ``Configuration/callTimeLimit``.
        case timedOut
        /// The context served ``Configuration/maxUsesPerContext`` calls.
        case uses
        /// The heap grew past ``Configuration/maxHeapGrowth``.
        case heapGrowth
    }

    /// How a call ended, for ``JavaScriptPoolInstrumentation``.
    public enum CallOutcome: String, Sendable, Hashable, CaseIterable {
        /// It returned a value.
        case completed
        /// It threw (a JavaScript exception or rejection, a decoding error, a failed setup).
        case failed
        /// It ran past ``Configuration/callTimeLimit``.
        case timedOut
        /// It never ran: the queue was full.
        case overloaded
        /// It never ran: its caller was cancelled or the pool shut down.
        case cancelled
    }

    /// What a pool has done so far.
    public struct Statistics: Sendable, Hashable {
        /// Calls that returned a value.
        public var completed = 0
        /// Calls that failed, for any reason (a JavaScript exception, a time limit, overload, shutdown).
        public var failed = 0
        /// Calls refused because the queue was full.
        public var overloaded = 0
        /// Calls stopped by ``Configuration/callTimeLimit``.
        public var timedOut = 0
        /// Contexts replaced by fresh ones (after a time limit, ``Configuration/maxUsesPerContext`` or
        /// ``Configuration/maxHeapGrowth``).
        public var recycled = 0
        /// Calls waiting for a runtime now.
        public var queued = 0
        /// Calls running now.
        public var running = 0
    }
}

/// Why a ``JavaScriptPool`` call did not run or did not finish. A JavaScript exception thrown by the call itself
/// reaches the caller as the ``JSException``.
public enum JavaScriptPoolError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The queue was full (``JavaScriptPool/Configuration/maxQueued`` calls waiting).
    case overloaded(queued: Int)
    /// The call ran past ``JavaScriptPool/Configuration/callTimeLimit``; its context was replaced.
    case timedOut(Duration)
    /// The pool was shut down before the call started.
    case shutDown
    /// The setup of a context failed (its message); that context is never handed out.
    case setupFailed(String)

    public var description: String {
        switch self {
        case .overloaded(let queued): "JavaScript pool overloaded: \(queued) calls already waiting"
        case .timedOut(let limit): "JavaScript pool call stopped after its time limit of \(limit)"
        case .shutDown: "the JavaScript pool was shut down"
        case .setupFailed(let message): "a JavaScript pool context failed its setup: \(message)"
        }
    }
}
