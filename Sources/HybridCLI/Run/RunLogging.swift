import Logging

/// `--log-level`: swift-log output of the libraries (the bridge's `WVJB SEND/RCVD` lines at info).
enum RunLogging {
    static func level(_ name: String) -> Logger.Level? {
        Logger.Level(rawValue: name.lowercased())
    }

    /// Sends every logger's output to stderr at `level` and up; nil (no `--log-level`): library
    /// logging is off (`hybrid run` prints its own warnings). Call once, before the run.
    static func bootstrap(_ level: Logger.Level?) {
        LoggingSystem.bootstrap { label in
            guard let level else { return SwiftLogNoOpLogHandler(label) }
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }
}
