import Foundation
import Hybrid

/// Writes `--transcript` JSON lines: one event per line, each with `t` (milliseconds since the
/// command started), `kind` and `page`; the first line is `{"kind":"meta","schema":2,...}`.
///
/// Lines are in causal order: the web view's events are written on the runtime thread as they happen, a step
/// (`click`, `call`, `eval`, ...) is written before it acts (its outcome, `callResult` or `evalResult`, after), and a
/// bridge delivery before what the page does with it.
final class RunTranscript: Sendable {
    private let file: OutputFile?
    let start: ContinuousClock.Instant

    /// Opens `path` (nil: no transcript); an unwritable path is an input error before the run starts.
    init(path: String?, start: ContinuousClock.Instant) throws(OutputFileError) {
        self.start = start
        file = try path.map { path throws(OutputFileError) in try OutputFile(path: path) }
    }

    var isEnabled: Bool { file != nil }

    /// Milliseconds from the start to `instant`.
    func milliseconds(at instant: ContinuousClock.Instant = .now) -> Double {
        let elapsed = instant - start
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }

    func write(kind: String, page: Int, at instant: ContinuousClock.Instant = .now, _ fields: JSONObject = [:]) {
        guard isEnabled else { return }
        file?.write(line(kind: kind, page: page, at: instant, fields))
    }

    private func line(kind: String, page: Int, at instant: ContinuousClock.Instant, _ fields: JSONObject) -> String {
        var line: JSONObject = ["t": .number((milliseconds(at: instant) * 1000).rounded() / 1000), "kind": .string(kind), "page": .number(Double(page))]
        for (key, value) in fields { line[key] = value }
        // A value with a lone surrogate (a bridge message's `dataJSON`, a console line's `textJSON`): written as the
        // page's own JSON text, so the line keeps `"\ud800"` where a Swift string would hold U+FFFD.
        var literals: [(placeholder: String, json: String)] = []
        for (rawKey, key) in Self.literalFields {
            guard case .string(let json)? = line[rawKey] else { continue }
            let placeholder = "\u{0}hybrid transcript \(key)\u{0}"
            line[rawKey] = nil
            line[key] = .string(placeholder)
            literals.append((JSONValue.string(placeholder).jsonString, json))
        }
        var text = JSONValue.object(line).jsonString
        for (placeholder, json) in literals {
            guard let range = text.range(of: placeholder) else { continue }
            text.replaceSubrange(range, with: json)
        }
        return text + "\n"
    }

    /// The fields that carry a JSON literal for another one: the literal is written as that field's value. (While the
    /// line is written, a placeholder, NULs around a name, stands for it: not what a page's fields can hold.)
    private static let literalFields = [("dataJSON", "data"), ("textJSON", "text")]

    /// Writes the last line (`interrupt`, `timeout`, `memory`) and closes the file, with nothing written between the
    /// two by another thread: whatever happens after it is not in the transcript. Returns the first failure.
    @discardableResult
    func finish(kind: String, page: Int) -> OutputFileError? {
        file?.close(after: line(kind: kind, page: page, at: .now, [:]))
    }

    func write(_ event: WebViewEvent) {
        guard isEnabled else { return }
        let (kind, fields) = RunTranscript.fields(of: event)
        write(kind: kind, page: event.page, at: event.time, fields)
    }

    /// Closes the file; the first write or close failure (a full disk), which the run reports as exit 2.
    @discardableResult
    func close() -> OutputFileError? {
        file?.close()
    }

    static func fields(of event: WebViewEvent) -> (String, JSONObject) {
        func optional(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
        func optional(_ n: Int?) -> JSONValue { n.map { .number(Double($0)) } ?? .null }
        switch event.kind {
        case .load(let milestone, let url):
            return ("load", ["milestone": .string(milestone.rawValue), "url": .string(url)])
        case .console(let message):
            var fields: JSONObject = ["level": .string(message.level.rawValue), "text": .string(message.text),
                                      "source": optional(message.sourceURL), "line": optional(message.line)]
            if let textJSON = message.textJSON { fields["textJSON"] = .string(textJSON) }
            return ("console", fields)
        case .dialog(let type, let text, let answer):
            return ("dialog", ["type": .string(type.rawValue), "text": .string(text), "answer": answer])
        case .exception(let error):
            return ("exception", ["name": .string(error.name), "message": .string(error.message), "source": optional(error.sourceURL),
                                  "line": optional(error.line), "column": optional(error.column), "stack": optional(error.stack)])
        case .navigation(let url, let type, let decision):
            return ("navigation", ["url": .string(url), "type": .string(type.rawValue), "decision": .string(decision.rawValue)])
        case .sameDocumentNavigation(let url, let type):
            return ("sameDocumentNavigation", ["url": .string(url), "type": .string(type.rawValue)])
        case .message(let name, let body):
            return ("message", ["name": .string(name), "body": body])
        case .custom(let kind, let fields):
            return (kind, fields)
        }
    }
}
