import JavaScript
import Logging

/// Routes the bridge's log lines (missing handlers, bad messages) into the file's console output,
/// so they show with the file's failures instead of interleaving with other files' output.
struct ConsoleLogHandler: LogHandler {
    let signals: AsyncStream<HarnessSignal>.Continuation
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let consoleLevel: ConsoleMessage.Level = switch event.level {
        case .trace, .debug: .debug
        case .info, .notice: .info
        case .warning: .warn
        case .error, .critical: .error
        }
        signals.yield(.console(ConsoleMessage(level: consoleLevel, text: "[bridge] \(event.message)")))
    }
}
