extension JavaScriptRuntime {
    /// How a runtime is set up.
    public struct Configuration: Sendable {
        /// The thread's name, shown by debuggers.
        public var name: String
        /// Real time, or a virtual clock for deterministic tests.
        public var clock: RuntimeClock
        /// The longest one entry into JavaScript may run (an evaluation, a call from Swift, a timer
        /// callback); nil for no limit, the default.
        public var executionTimeLimit: Duration?
        /// Where `console` output goes unless a context has its own sink. Default: standard error.
        public var consoleSink: ConsoleSink

        public init(name: String = "hybrid.runtime", clock: RuntimeClock = .real, executionTimeLimit: Duration? = nil,
                    consoleSink: @escaping ConsoleSink = ConsoleMessage.standardErrorSink) {
            self.name = name
            self.clock = clock
            self.executionTimeLimit = executionTimeLimit
            self.consoleSink = consoleSink
        }
    }
}

extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
