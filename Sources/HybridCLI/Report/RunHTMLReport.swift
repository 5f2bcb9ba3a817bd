import Foundation
import Hybrid
import Synchronization

/// `hybrid run --report FILE.html`: the run's events, kept as the transcript writes them (`RunTranscript`), and the
/// DOM after each step, made into one self-contained page: the steps on a timeline (each with its DOM), the bridge
/// traffic as a sequence diagram between the page and native (each message expandable to its data), the console,
/// dialogs, exceptions, divergences and the assertions (a failed one with its source, the `--assert` code), and the
/// WebKit engine's screenshots (`--screenshot`, `--screenshot-each`) embedded as `data:` URLs.
final class RunHTMLReport: Sendable {
    /// One event: milliseconds since the run started, its transcript kind, page and fields.
    struct Line: Sendable {
        var t: Double
        var kind: String
        var page: Int
        var fields: JSONObject
    }

    let path: String
    private let lines = Mutex<[Line]>([])

    /// Checks that `path` can be written before the run starts (an input error otherwise), leaving it empty.
    init(path: String) throws(RunInputError) {
        self.path = path
        guard FileManager.default.createFile(atPath: path, contents: Data()) else {
            throw RunInputError("--report \(path): cannot write the file")
        }
    }

    func record(_ line: Line) {
        lines.withLock { $0.append(line) }
    }

    /// The kinds that are steps of the run (a row of the timeline).
    static let stepKinds: Set<String> = ["click", "fill", "select", "press", "check", "uncheck", "waitFor", "wait", "call",
                                         "eval", "assert", "rotate", "fileInput"]

    /// Writes the page; the failure, if any.
    func write(title: String, summary: String, status: Int32) -> String? {
        let html = Self.html(lines.withLock { $0 }, title: title, summary: summary, status: status)
        do {
            try Data(html.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            return nil
        } catch {
            return "cannot write the report \(path): \(error.localizedDescription)"
        }
    }

    static func html(_ lines: [Line], title: String, summary: String, status: Int32) -> String {
        // The timeline spans the page's life: from its first event (the command's own start-up left out) to the last.
        let begin = lines.first?.t ?? 0, end = max((lines.last?.t ?? 0) - begin, 1)
        var bridge: [(fields: JSONObject, at: String)] = []
        var timeline: [String] = [], console: [String] = [], dialogs: [String] = []
        var exceptions: [String] = [], divergences: [String] = [], assertions: [String] = [], failed: [String] = []
        var pendingDOM: [String] = []
        var screenshots: [String] = []
        func flushDOM() {
            guard !pendingDOM.isEmpty, !timeline.isEmpty else { return }
            timeline[timeline.count - 1] = timeline[timeline.count - 1].replacingOccurrences(of: "</li>", with: pendingDOM.joined() + "</li>")
            pendingDOM = []
        }
        for line in lines {
            let f = line.fields, at = "<span class=\"t\">\(HTMLPage.time(line.t))</span>"
            func text(_ key: String) -> String { f[key]?.stringValue ?? "" }
            switch line.kind {
            case "dom":
                pendingDOM.append(dom(text("html")))
            case "load" where ["domcontentloaded", "load", "idle"].contains(text("milestone")):
                flushDOM()
                timeline.append("<li>\(at)\(bar(line.t - begin, end))<strong>\(HTMLPage.escape(text("milestone")))</strong> <code>\(HTMLPage.escape(text("url")))</code></li>")
            case _ where stepKinds.contains(line.kind):
                flushDOM()
                timeline.append("<li>\(at)\(bar(line.t - begin, end))<strong>\(HTMLPage.escape(line.kind))</strong> \(describe(line.kind, f))</li>")
                if line.kind == "assert" {
                    let passed = f["passed"]?.boolValue ?? false
                    let item = "<li>\(at)<span class=\"\(passed ? "passed" : "failed")\">\(passed ? "✓" : "✗")</span> <code>\(HTMLPage.escape(text("code")))</code></li>"
                    assertions.append(item)
                    if !passed {
                        failed.append("<li>\(at)<span class=\"failed\">assertion failed</span><pre class=\"source\">--assert \(HTMLPage.escape(text("code")))</pre></li>")
                    }
                }
            case "evalResult", "callResult":
                flushDOM()
                let value = f["error"].map { "<span class=\"failed\">\(HTMLPage.escape($0.stringValue ?? $0.jsonString))</span>" }
                    ?? "<details><summary>result</summary><pre>\(HTMLPage.json(f["value"] ?? f["response"] ?? .null))</pre></details>"
                timeline.append("<li>\(at)\(bar(line.t - begin, end))<strong>\(line.kind == "evalResult" ? "eval result" : "call result")</strong> \(value)</li>")
            case "bridge":
                bridge.append((f, at))
            case "console":
                console.append("<li class=\"level-\(HTMLPage.escape(text("level")))\">\(at)<strong>\(HTMLPage.escape(text("level")))</strong> \(HTMLPage.escape(text("text")))"
                               + place(f) + "</li>")
            case "dialog":
                dialogs.append(dialog(f, at: at))
            case "exception":
                let item = "<li>\(at)<span class=\"failed\">\(HTMLPage.escape(text("name"))): \(HTMLPage.escape(text("message")))</span>" + place(f)
                    + (f["stack"]?.stringValue.map { "<details><summary>stack</summary><pre>\(HTMLPage.escape($0))</pre></details>" } ?? "") + "</li>"
                exceptions.append(item)
                failed.append(item)
            case "screenshot":
                // The WebKit engine's --screenshot and --screenshot-each files, embedded.
                let path = text("path")
                screenshots.append("<li>\(at)" + HTMLPage.image(path: path, caption: (path as NSString).lastPathComponent) + "</li>")
            case "divergence":
                divergences.append("<li>\(at)<strong>\(HTMLPage.escape(text("code")))</strong> \(HTMLPage.escape(text("message")))</li>")
            default:
                break
            }
        }
        flushDOM()
        let statusClass = status == 0 ? "passed" : "failed"
        let body = """
            <header><h1>\(HTMLPage.escape(title))</h1>
            <p class="summary \(statusClass)">\(HTMLPage.escape(summary))</p></header>
            \(HTMLPage.section("failures", "Failures", failed, empty: "No failed assertion and no exception."))\
            \(HTMLPage.section("timeline", "Steps", timeline, empty: "No steps."))\
            \(HTMLPage.section("screenshots", "Screenshots", screenshots))\
            \(HTMLPage.section("sequence", "Bridge: page ⇄ native", sequence(bridge), empty: "No bridge messages."))\
            \(HTMLPage.section("console", "Console", console, empty: "Nothing logged."))\
            \(HTMLPage.section("dialogs", "Dialogs", dialogs))\
            \(HTMLPage.section("exceptions", "Exceptions", exceptions))\
            \(HTMLPage.section("divergences", "Divergences from the device", divergences))\
            \(HTMLPage.section("assertions", "Assertions", assertions))
            """
        return HTMLPage.document(title: title, body: body)
    }

    /// Writes the page at the end of a run (`summary` without its colours); the run's status, `.usage` when the page
    /// could not be written (the failure printed).
    func finish(title: String, summary: String, status: ExitStatus) -> ExitStatus {
        let plain = summary.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        guard let failure = write(title: title, summary: plain, status: status.rawValue) else { return status }
        StandardStreams.err("hybrid run: \(failure)\n")
        return max(status, .usage)
    }

    /// The DOM after a step, expandable.
    static func dom(_ html: String) -> String {
        "<details class=\"dom\"><summary>DOM after this step</summary><pre>\(HTMLPage.escape(html))</pre></details>"
    }

    /// A dialog: its type, text and answer.
    static func dialog(_ f: JSONObject, at: String) -> String {
        "<li>\(at)<strong>\(HTMLPage.escape(f["type"]?.stringValue ?? ""))</strong> \(HTMLPage.escape(f["text"]?.stringValue ?? ""))"
            + (f["answer"].map { $0 == .null ? "" : " → <code>\(HTMLPage.escape($0.jsonString))</code>" } ?? "") + "</li>"
    }

    /// The sequence diagram of bridge messages (`bridge` lines' fields, each with its time), lifelines first.
    static func sequence(_ messages: [(fields: JSONObject, at: String)]) -> [String] {
        messages.isEmpty ? [] : [lanes] + messages.map { message($0.fields, at: $0.at) }
    }

    private static let lanes = "<li><span></span><span class=\"lane\">page</span><span></span><span class=\"lane\">native</span></li>"

    /// A bridge message as a row between the two lifelines: the arrow points at the receiver.
    private static func message(_ f: JSONObject, at: String) -> String {
        let toNative = f["dir"]?.stringValue == "js->native"
        let type = f["type"]?.stringValue ?? "", handler = f["handler"]?.stringValue
        let label = [type, handler ?? (type == "signal" ? f["outcome"]?.stringValue : nil)].compactMap { $0 }.joined(separator: " ")
            + (f["callbackId"]?.stringValue.map { " #\($0)" } ?? "") + (f["responseId"]?.stringValue.map { " ↩ #\($0)" } ?? "")
        let error = f["error"] != nil || type == "error"
        var data = f
        data["dir"] = nil
        let classes = "arrow \(toNative ? "right" : "left")\(error ? " error" : "")"
        return "<li>\(at)<span></span><details><summary class=\"\(classes)\">\(HTMLPage.escape(label))</summary>"
            + "<pre>\(HTMLPage.json(.object(data)))</pre></details><span></span></li>"
    }

    private static func describe(_ kind: String, _ f: JSONObject) -> String {
        switch kind {
        case "fill": return "<code>\(HTMLPage.escape(f["selector"]?.stringValue ?? ""))</code> \(HTMLPage.escape((f["text"] ?? .null).jsonString))"
        case "select": return "<code>\(HTMLPage.escape(f["selector"]?.stringValue ?? ""))</code> \(HTMLPage.escape((f["value"] ?? .null).jsonString))"
        case "press": return "<code>\(HTMLPage.escape(f["key"]?.stringValue ?? ""))</code>"
        case "wait": return HTMLPage.escape((f["ms"] ?? .null).jsonString) + " ms"
        case "eval", "assert": return "<code>\(HTMLPage.escape(f["code"]?.stringValue ?? ""))</code>"
        case "call": return "<code>\(HTMLPage.escape(f["handler"]?.stringValue ?? ""))</code>"
            + (f["data"].map { " <code>\(HTMLPage.escape($0.jsonString))</code>" } ?? "")
        default:
            if let selector = f["selector"]?.stringValue { return "<code>\(HTMLPage.escape(selector))</code>" }
            var rest = f
            rest["t"] = nil
            return rest.isEmpty ? "" : "<code>\(HTMLPage.escape(JSONValue.object(rest).jsonString))</code>"
        }
    }

    private static func place(_ f: JSONObject) -> String {
        guard let source = f["source"]?.stringValue, !source.isEmpty else { return "" }
        return " <span class=\"t\">\(HTMLPage.escape(source))\(f["line"]?.intValue.map { ":\($0)" } ?? "")</span>"
    }

    private static func bar(_ t: Double, _ end: Double) -> String {
        "<span class=\"track\"><span class=\"bar\" style=\"width: \(String(format: "%.1f", max(1, min(100, t / end * 100))))%\"></span></span>"
    }
}
