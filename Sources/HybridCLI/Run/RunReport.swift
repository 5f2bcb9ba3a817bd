import Foundation
import Hybrid
import Synchronization

/// Prints a run's events as they happen and keeps its exit status. Thread-safe.
final class RunReport: Sendable {
    private let state = Mutex(ExitStatus.success)

    var status: ExitStatus { state.withLock { $0 } }

    func raise(_ status: ExitStatus) { state.withLock { $0 = max($0, status) } }

    /// Console lines (log/info/debug to stdout, warn/error to stderr), dialogs to stdout,
    /// exceptions to stderr with their position and stack.
    func print(_ event: WebViewEvent) {
        switch event.kind {
        case .console(let message):
            switch message.level {
            case .log, .info, .debug: StandardStreams.out(message.text + "\n")
            case .warn, .error: StandardStreams.err(message.text + "\n")
            }
        case .dialog(let type, let text, let answer):
            let reply = type == .alert ? "" : " -> " + RunReport.format(answer)
            StandardStreams.out("[\(type.rawValue)] \(text)\(reply)\n")
        case .exception(let error):
            failure(error)
        default:
            break
        }
    }

    /// Prints `file:line:column: Name: message` and the stack; status 1 (3 for the watchdog).
    func failure(_ error: any Error) {
        guard let error = error as? JSException else {
            StandardStreams.err("\(error)\n")
            raise(.exception)
            return
        }
        var text = error.description
        if let stack = error.stack, !stack.isEmpty {
            text += "\n" + stack.split(separator: "\n").map { "    at \($0)" }.joined(separator: "\n")
        }
        StandardStreams.err(text + "\n")
        raise(error.isExecutionTimeLimitExceeded ? .timeout : .exception)
    }

    /// Like `node -p`: strings raw, everything else as JSON.
    static func format(_ value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        return value.jsonString
    }
}
