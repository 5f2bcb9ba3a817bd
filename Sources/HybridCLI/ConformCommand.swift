import ArgumentParser
import Foundation
import Hybrid
import HybridSpawn

/// `hybrid conform PAGE...`: each page run on both engines with the same steps, and what the page showed compared.
struct ConformCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conform",
        abstract: "Run each page on the headless engine and on WebKit with the same steps, and print what differs.",
        discussion: """
            Each PAGE runs twice with the same steps, as hybrid run --engine headless and hybrid run --engine \
            webkit do (served from its folder on a free loopback port, with the same bridge, its sidecar mocks, \
            --mock, --mock-script, --message-handler and the built-in handlers; the steps, --call and --event \
            included, in command-line order); without PAGE, the demo runs, with its handlers and steps, as hybrid run \
            runs it. These are compared, in order: the \
            console lines (level and text), the dialogs, the uncaught exceptions (name and message), the \
            assertions (--assert) and their outcomes, the values of --eval, the bridge messages (direction, type, \
            handler and data; the signals __bridge_loaded__ and queue flushes, and so their number and sizes, are \
            left out, as WebKit sends one per batch of messages), the final DOM text (the body's text without scripts and styles, white space \
            collapsed) and the exit status.

            Normalisations, before comparing: loopback ports become PORT (127.0.0.1:PORT, localhost:PORT), numbers \
            of 12 or more digits (timestamps, also inside the bridge's callback ids cb_N_TIMESTAMP) become \
            TIMESTAMP, and times (the transcript's t) are not compared. A script that failed to load is an \
            exception on both engines, NetworkError: failed to load script URL: HTTP status 404; when WebKit \
            received no HTTP status for it (a refused connection), its reason is "no HTTP status (WebKit)", \
            which matches any reason of the headless engine for the same URL.

            --root DIR serves DIR instead of each page's folder on both runs, as hybrid run --root does (a page \
            that loads ../lib/x.js needs it; each page must be inside DIR).

            Each difference is a line: PAGE WHAT: headless "VALUE" | webkit "VALUE" (a missing value is none). \
            --json prints {"pages": [{"page", "differences": [{"what", "headless", "webkit"}]}]} instead. Exit \
            status: 0 when every page conforms, 1 when any differs, 2 when a page could not run on an engine (a \
            missing page, or WebKit not installed: scripts/bootstrap --webkit).

            Examples:
              hybrid conform                                  # the demo
              hybrid conform web/bridge/echo.html web/bridge/cordova.html
              hybrid conform web/examples/form.html
              hybrid conform web/examples/form.html --fill '#name=Ann' --json
              hybrid conform web/bridge/echo.html --call 'echoHandler={"n":1}'
              hybrid conform web/examples/form.html web/examples/responsive.html --quiet
              hybrid conform web/bridge/combined.html web/bridge/wechat.html --root web
            """
    )

    @Argument(help: "The pages: file paths, or file:, http: or https: URLs. Default: the demo.")
    var pages: [String] = []

    @Option(name: .customLong("click"), help: ArgumentHelp("Click the first element matching SELECTOR (repeatable).", valueName: "SELECTOR"))
    var clicks: [String] = []
    @Option(name: .customLong("fill"), help: ArgumentHelp("Type TEXT into the text field matching SELECTOR (repeatable).", valueName: "SELECTOR=TEXT"))
    var fills: [String] = []
    @Option(name: .customLong("select"), help: ArgumentHelp("Choose the option VALUE in the <select> matching SELECTOR (repeatable).", valueName: "SELECTOR=VALUE"))
    var selects: [String] = []
    @Option(name: .customLong("press"), help: ArgumentHelp("Press KEY on the focused element (repeatable).", valueName: "KEY"))
    var presses: [String] = []
    @Option(name: .customLong("check"), help: ArgumentHelp("Check the box matching SELECTOR (repeatable).", valueName: "SELECTOR"))
    var checks: [String] = []
    @Option(name: .customLong("uncheck"), help: ArgumentHelp("Uncheck the box matching SELECTOR (repeatable).", valueName: "SELECTOR"))
    var unchecks: [String] = []
    @Option(name: .customLong("wait-for"), help: ArgumentHelp("Wait until an element matches SELECTOR (repeatable).", valueName: "SELECTOR"))
    var waitFors: [String] = []
    @Option(name: .customLong("wait"), help: ArgumentHelp("Let MS milliseconds pass (repeatable).", valueName: "MS"))
    var waits: [String] = []
    @Option(name: .customLong("eval"), help: ArgumentHelp("Evaluate JS in the page; its value is compared (repeatable).", valueName: "JS"))
    var evals: [String] = []
    @Option(name: .customLong("assert"), help: ArgumentHelp("Check that the expression is truthy; the outcome is compared (repeatable).", valueName: "JS_EXPRESSION"))
    var asserts: [String] = []
    @Option(name: .customLong("steps"), help: ArgumentHelp("Run the steps of a JSON scenario where this option stands (repeatable).", valueName: "FILE"))
    var stepFiles: [String] = []
    // The native side, the same on both runs: steps that call into the page, and mocks (as hybrid run's options).
    @Option(name: .customLong("call"), help: ArgumentHelp("Call the page's JS handler NAME with JSON data; its answer is compared (repeatable).", valueName: "NAME[=JSON]"))
    var calls: [String] = []
    @Option(name: .customLong("event"), help: ArgumentHelp("Fire one event of the container's bridge protocols into the page (repeatable).", valueName: "NAME[=JSON]"))
    var events: [String] = []
    @Option(name: .customLong("mock"), help: ArgumentHelp("Mock native handlers from a JSON file, as hybrid run --mock (repeatable; later files win).", valueName: "FILE"))
    var mocks: [String] = []
    @Option(name: .customLong("mock-script"), help: ArgumentHelp("Answer native handlers with the functions a JavaScript module exports, as hybrid run --mock-script (repeatable).", valueName: "FILE"))
    var mockScripts: [String] = []
    @Option(name: .customLong("message-handler"), help: ArgumentHelp("Register window.webkit.messageHandlers.NAME, as hybrid run --message-handler (repeatable).", valueName: "NAME"))
    var messageHandlers: [String] = []

    @Option(name: .long, help: ArgumentHelp(DeviceOption.help, valueName: "NAME|FILE"))
    var device: String?
    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("Time limit in seconds for each run (0.001 to 86400; default 10).", valueName: "seconds"),
            transform: OptionValue.seconds)
    var timeout: Double = 10
    @Option(name: .customLong("root"), help: ArgumentHelp("Serve DIR instead of each page's folder, as hybrid run --root (each page must be inside DIR).", valueName: "DIR"))
    var root: String?
    @Flag(name: .long, help: "Print the differences as JSON on standard output.")
    var json = false
    @Flag(name: .long, help: "Print only the differences (not a line per page that conforms).")
    var quiet = false

    func run() async throws {
        // The step options, in command-line order, passed to both runs as they were given.
        let parsed: [(name: String, values: [String])] = [
            ("click", clicks), ("fill", fills), ("select", selects), ("press", presses), ("check", checks),
            ("uncheck", unchecks), ("wait-for", waitFors), ("wait", waits), ("eval", evals), ("assert", asserts),
            ("steps", stepFiles), ("call", calls), ("event", events),
        ]
        var common = RunStepOrder.ordered(arguments: Array(CommandLine.arguments.dropFirst()), parsed: parsed)
            .flatMap { ["--\($0.name)", $0.value] }
        common += mocks.flatMap { ["--mock", $0] } + mockScripts.flatMap { ["--mock-script", $0] }
            + messageHandlers.flatMap { ["--message-handler", $0] }
        common += ["--eval", ConformRecord.domTextScript, "--timeout", String(timeout), "--quiet"]
        if let device { common += ["--device", device] }
        if let root { common += ["--root", root] }
        var status = ExitStatus.success
        var results: [JSONValue] = []
        // No PAGE: the demo, as `hybrid run` with no PAGE runs it (nil is `hybrid run`'s PAGE).
        let runs: [(label: String, page: String?)] = pages.isEmpty ? [("demo", nil)] : pages.map { ($0, $0) }
        for (page, argument) in runs {
            var records: [ConformRecord] = []
            for engine in RunEngine.allCases {
                switch await ConformRecord.run(page: argument, engine: engine, arguments: common) {
                case .success(let record): records.append(record)
                case .failure(let failure):
                    StandardStreams.err("hybrid conform: \(page) on the \(engine.rawValue) engine: \(failure)\n")
                    status = max(status, .usage)
                }
            }
            guard records.count == 2 else { continue }
            let differences = ConformRecord.differences(records[0], records[1])
            if !differences.isEmpty { status = max(status, .exception) }
            if json {
                results.append(["page": .string(page), "differences": .array(differences.map { difference -> JSONValue in
                    ["what": .string(difference.what), "headless": difference.headless.map(JSONValue.string) ?? .null,
                     "webkit": difference.webkit.map(JSONValue.string) ?? .null]
                })])
                continue
            }
            for difference in differences {
                func shown(_ value: String?) -> String { value.map { JSONValue.string($0).jsonString } ?? "none" }
                StandardStreams.out("\(page) \(difference.what): headless \(shown(difference.headless)) | "
                                    + "webkit \(shown(difference.webkit))\n")
            }
            if !quiet {
                StandardStreams.out("\(page): " + (differences.isEmpty ? "conforms" : "\(differences.count) "
                                                   + "difference\(differences.count == 1 ? "" : "s")") + "\n")
            }
        }
        if json { StandardStreams.out(JSONValue.object(["pages": .array(results)]).jsonString + "\n") }
        if status != .success { throw status.exitCode }
    }
}

/// What one engine's run of a page showed, from its transcript, normalised (see `hybrid conform --help`).
struct ConformRecord {
    /// Named lists of values: `console`, `dialog`, `exception`, `assert`, `eval`, `bridge`; and `dom text`, `exit`.
    var lists: [(name: String, values: [String])] = []

    /// The body's text without scripts and styles, white space collapsed: the last `--eval` of each run.
    static let domTextScript = """
        (function () { if (!document.body) return ''; var body = document.body.cloneNode(true); \
        Array.prototype.forEach.call(body.querySelectorAll('script, style'), function (e) { e.parentNode.removeChild(e); }); \
        return body.textContent.replace(/\\s+/g, ' ').trim(); })()
        """

    /// Runs `hybrid run PAGE --engine ENGINE` (no PAGE: the demo) with `arguments` and a transcript; its record, or
    /// why it could not run.
    static func run(page: String?, engine: RunEngine, arguments: [String]) async -> Result<ConformRecord, ConformFailure> {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hybrid-conform-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            return .failure(ConformFailure(description: "cannot create \(folder.path): \(error.localizedDescription)"))
        }
        let transcript = folder.appendingPathComponent("run.jsonl")
        guard let hybrid = Bundle.main.executableURL else {
            return .failure(ConformFailure(description: "cannot find the hybrid executable"))
        }
        let arguments = ["run"] + (page.map { [$0] } ?? []) + ["--engine", engine.rawValue, "--transcript", transcript.path]
            + arguments
        let status: Int32, stderr: String
        do {
            let output = try await SpawnedChild.run(executable: hybrid, arguments: arguments, standardOutput: .null)
            (status, stderr) = (output.termination.status, output.errorText)
        } catch {
            return .failure(ConformFailure(description: "\(error)"))
        }
        if status == ExitStatus.usage.rawValue {
            let reason = stderr.split(separator: "\n").first { $0.hasPrefix("hybrid run: ") }
                .map { String($0.dropFirst("hybrid run: ".count)) } ?? "exit \(status)"
            return .failure(ConformFailure(description: reason))
        }
        guard let text = try? String(contentsOf: transcript, encoding: .utf8) else {
            return .failure(ConformFailure(description: "no transcript (exit \(status))"))
        }
        var record = ConformRecord()
        var lists: [String: [String]] = [:]
        let order = ["console", "dialog", "exception", "assert", "eval", "bridge"]
        var domText: String?
        for line in text.split(separator: "\n") {
            guard let event = (try? JSONValue(parsing: String(line)))?.objectValue else { continue }
            switch event["kind"]?.stringValue {
            case "console":
                lists["console", default: []].append("\(event["level"]?.stringValue ?? "log") \(event["text"]?.stringValue ?? "")")
            case "dialog":
                lists["dialog", default: []].append("\(event["type"]?.stringValue ?? "") \(event["text"]?.stringValue ?? "")")
            case "exception":
                let name = event["name"]?.stringValue ?? "", message = event["message"]?.stringValue ?? ""
                lists["exception", default: []].append(name.isEmpty ? message : "\(name): \(message)")
            case "assert":
                lists["assert", default: []].append("\(event["code"]?.stringValue ?? "") "
                                                    + (event["passed"] == .bool(true) ? "passed" : "failed"))
            case "evalResult":
                let value = event["value"].map(RunReport.format) ?? "error " + (event["error"]?.stringValue ?? "")
                if event["code"]?.stringValue == domTextScript { domText = value } else {
                    lists["eval", default: []].append(value)
                }
            case "bridge":
                let outcome = event["outcome"]?.stringValue ?? ""
                if outcome == "bridge_loaded" || outcome == "queue_has_message" { continue }
                let fields = ["dir", "type", "handler"].compactMap { event[$0]?.stringValue }
                lists["bridge", default: []].append((fields + [event["data"]?.jsonString ?? ""]).joined(separator: " "))
            default:
                break
            }
        }
        for name in order { record.lists.append((name, (lists[name] ?? []).map(normalised))) }
        record.lists.append(("dom text", [normalised(domText ?? "")]))
        record.lists.append(("exit", [String(status)]))
        return .success(record)
    }

    /// Ports and timestamps replaced (see `hybrid conform --help`).
    static func normalised(_ text: String) -> String {
        text.replacingOccurrences(of: #"(127\.0\.0\.1|localhost):[0-9]+"#, with: "$1:PORT", options: .regularExpression)
            .replacingOccurrences(of: #"[0-9]{12,}"#, with: "TIMESTAMP", options: .regularExpression)
    }

    struct Difference: Equatable {
        var what: String
        var headless: String?
        var webkit: String?
    }

    /// Every place the two records differ: `console[2]` for the third console line, `dom text`, `exit`.
    static func differences(_ headless: ConformRecord, _ webkit: ConformRecord) -> [Difference] {
        var differences: [Difference] = []
        for ((name, left), (_, right)) in zip(headless.lists, webkit.lists) {
            for index in 0..<max(left.count, right.count) {
                let a = index < left.count ? left[index] : nil, b = index < right.count ? right[index] : nil
                if a != b && !scriptFailuresMatch(a, b) {
                    let single = name == "dom text" || name == "exit"
                    differences.append(Difference(what: single ? name : "\(name)[\(index)]", headless: a, webkit: b))
                }
            }
        }
        return differences
    }
}

extension ConformRecord {
    /// The reason WebKit's host gives a script that failed to load without an HTTP status (its
    /// `Host.unknownScriptStatus`).
    static let unknownScriptStatus = "no HTTP status (WebKit)"

    /// A script load that failed on both engines, its reason unknown on WebKit: the same URL is enough.
    static func scriptFailuresMatch(_ headless: String?, _ webkit: String?) -> Bool {
        let prefix = "NetworkError: failed to load script ", unknown = ": " + unknownScriptStatus
        guard let headless, let webkit, headless.hasPrefix(prefix), webkit.hasPrefix(prefix), webkit.hasSuffix(unknown)
        else { return false }
        return headless.hasPrefix(String(webkit.dropLast(unknown.count)) + ": ")
    }
}

struct ConformFailure: Error, CustomStringConvertible {
    var description: String
}
