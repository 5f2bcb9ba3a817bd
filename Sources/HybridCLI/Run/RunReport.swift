import Foundation
import Hybrid
import Synchronization

/// Prints a run's events as they happen, counts them for the summary and keeps the exit status.
/// Thread-safe: events arrive on the runtime thread, phases on other tasks.
final class RunReport: Sendable {
    let verbosity: RunOptions.Verbosity
    let style: TerminalStyle
    let tally = Mutex(RunTally())

    init(verbosity: RunOptions.Verbosity = .normal, style: TerminalStyle = TerminalStyle(enabled: false)) {
        self.verbosity = verbosity
        self.style = style
    }

    var status: ExitStatus { tally.withLock { $0.status } }

    func raise(_ status: ExitStatus) { tally.withLock { $0.status = max($0.status, status) } }

    /// The page id of the latest event (what server events are attributed to).
    var currentPage: Int { tally.withLock { $0.page } }

    /// A readable line on stdout unless `--quiet`.
    func line(_ text: String) {
        guard verbosity > .quiet else { return }
        StandardStreams.out(text + "\n")
    }

    /// Prints one event: console lines (log/info/debug to stdout, warn/error to stderr), dialogs,
    /// bridge messages, exceptions (stderr, with position and stack); in `--verbose` also load
    /// milestones, navigations and HTTP requests.
    func print(_ event: WebViewEvent) {
        tally.withLock { $0.count(event) }
        switch event.kind {
        case .console(let message):
            switch message.level {
            case .log, .info, .debug: line(message.text)
            case .warn, .error: if verbosity > .quiet { StandardStreams.err(message.text + "\n") }
            }
        case .dialog(let type, let text, let answer):
            let reply = type == .alert ? "" : " -> " + RunReport.format(answer)
            line(style.yellow("[\(type.rawValue)]") + " \(text)\(reply)")
        case .exception(let error):
            failure(error)
        case .custom("bridge", let fields):
            bridge(fields)
        case .custom("divergence", let fields):
            // Shown even with --quiet: the page would behave differently on a phone.
            StandardStreams.err(style.yellow("divergence \(fields["code"]?.stringValue ?? "?"):")
                                + " \(fields["message"]?.stringValue ?? "")\n")
        case .custom("http", let fields) where verbosity == .verbose:
            let status = fields["status"].flatMap(\.intValue) ?? 0
            line(style.dim("http \(fields["method"]?.stringValue ?? "") \(fields["path"]?.stringValue ?? "") \(status) "
                           + "\(fields["bytes"].flatMap(\.intValue) ?? 0) B"))
        case .load(let milestone, let url) where verbosity == .verbose:
            line(style.dim("load \(milestone.rawValue) \(url)"))
        case .navigation(let url, let type, let decision) where verbosity == .verbose:
            line(style.dim("navigation \(type.rawValue) \(url) \(decision.rawValue)"))
        case .sameDocumentNavigation(let url, let type) where verbosity == .verbose:
            line(style.dim("same-document navigation \(type.rawValue) \(url)"))
        case .custom(let kind, let fields) where verbosity == .verbose && (kind == "page" || kind == "app"):
            line(style.dim("\(kind) \(JSONValue.object(fields).jsonString)"))
        default:
            break
        }
    }

    /// A bridge message as a readable line; signals (`__bridge_loaded__`, queue flushes) only in
    /// `--verbose`. A call to a native handler that is neither mocked nor built in gets a warning.
    private func bridge(_ fields: JSONObject) {
        let outcome = fields["outcome"]?.stringValue ?? ""
        if outcome == "bridge_loaded" || outcome == "queue_has_message" {
            if verbosity == .verbose { line(style.dim("bridge \(outcome)")) }
            return
        }
        let toNative = fields["dir"]?.stringValue == "js->native"
        let type = fields["type"]?.stringValue ?? ""
        let handler = fields["handler"]?.stringValue ?? tally.withLock { $0.handlerOfResponse(fields) } ?? ""
        if toNative, type == "call", outcome == BridgeError.handlerNotFound {
            StandardStreams.err(style.yellow("hybrid run: warning:") + " the page called native handler \"\(handler)\", "
                                + "which is neither mocked nor built in (answered handler_not_found)\n")
        }
        let arrow: String
        switch (toNative, type) {
        case (true, "call"): arrow = "JS → native"
        case (false, "call"): arrow = "native → JS"
        case (false, "event"): arrow = "native → JS event"
        case (true, _): arrow = "JS ⇢ native"
        case (false, _): arrow = "native ⇢ JS"
        }
        var text = style.dim(arrow) + " " + style.cyan(handler.isEmpty ? "?" : handler)
        if type != "call" && type != "event" { text += style.dim(type == "progress" ? " progress" : " answer") }
        if let error = fields["error"] {
            text += " " + style.red("error \(error["code"]?.stringValue ?? ""): \(error["message"]?.stringValue ?? "")")
        } else if let data = fields["data"], data != .null {
            text += " " + RunReport.format(data)
        }
        line(text)
    }

    /// Prints `file:line:column: Name: message` and the stack; status 1 (3 for the watchdog).
    func failure(_ error: any Error) {
        tally.withLock { $0.errors += 1 }
        guard let error = error as? JSException else {
            StandardStreams.err("\(error)\n")
            raise(.exception)
            return
        }
        var text = error.description
        if let stack = error.stack, !stack.isEmpty {
            text += "\n" + stack.split(separator: "\n").map { "    at \($0)" }.joined(separator: "\n")
        }
        StandardStreams.err(style.red(text) + "\n")
        raise(error.isExecutionTimeLimitExceeded ? .timeout : .exception)
    }

    /// The one-line summary: page, bridge messages each way, dialogs, errors, assertions, the bridge protocols the page
    /// used, elapsed time.
    func summary(page: String, elapsed: Duration) -> String {
        let t = tally.withLock { $0 }
        let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        var parts = ["\(t.toNative) JS→native", "\(t.toJS) native→JS", "\(t.dialogs) dialog\(t.dialogs == 1 ? "" : "s")",
                     "\(t.errors) error\(t.errors == 1 ? "" : "s")"]
        if t.divergences > 0 { parts.append("\(t.divergences) divergence\(t.divergences == 1 ? "" : "s")") }
        if t.assertions > 0 { parts.append("\(t.assertions - t.failedAssertions)/\(t.assertions) assertions passed") }
        // Which bridge protocols the page spoke (none: no part).
        if !t.protocols.isEmpty { parts.append("bridge\(t.protocols.count == 1 ? "" : "s") " + t.protocols.joined(separator: " ")) }
        parts.append(String(format: "%.0f ms", ms))
        let verdict = if let signal = t.interruption {
            style.red("interrupted by \(TerminationSignals.name(signal)) (exit \(128 + signal))")
        } else {
            t.status == .success ? style.green("ok") : style.red("exit \(t.status.rawValue)")
        }
        return "\(style.bold(page)): " + parts.joined(separator: ", ") + " — " + verdict
    }

    /// Like `node -p`: strings raw, everything else as JSON.
    static func format(_ value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        return value.jsonString
    }
}
