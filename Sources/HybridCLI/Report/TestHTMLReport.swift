import Foundation
import Hybrid
import HybridTesting

/// `hybrid test --report DIR`: `DIR/index.html` with pass and fail per file and test, and one page per file
/// (`DIR/files/NAME.html`): its tests on a timeline (failed ones with their message and source line), its console, and
/// what its pages did (`TestFileReport.pageEvents`, shown with `RunHTMLReport`'s pieces): the DOM after each `page.*`
/// step, the bridge traffic as a sequence diagram, the dialogs, and the WebKit engine's screenshot checks (the
/// baseline, and for a mismatch the screenshot and its diff image, embedded as `data:` URLs).
/// Self-contained pages, linked to each other relatively, so the folder can be archived and opened anywhere.
enum TestHTMLReport {
    /// Checks before any test runs that `folder` can be written (an input error otherwise).
    static func prepare(_ folder: String) -> String? {
        let files = URL(fileURLWithPath: folder).appendingPathComponent("files")
        do {
            try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        } catch {
            return "--report \(folder): cannot make the folder (\(error.localizedDescription))"
        }
        guard FileManager.default.isWritableFile(atPath: files.path) else { return "--report \(folder): the folder is not writable" }
        return nil
    }

    /// Writes the index and the file pages; the failure, if any.
    static func write(_ report: TestSuiteReport, to folder: String) -> String? {
        let root = URL(fileURLWithPath: folder)
        var names = Set<String>()
        var rows: [String] = []
        do {
            for file in report.files {
                let name = pageName(for: file.file, taken: &names)
                try Data(page(for: file).utf8).write(to: root.appendingPathComponent("files/" + name), options: .atomic)
                let counts = file.counts
                let tests = file.tests.map { test in
                    "<li><span class=\"\(test.status.rawValue)\">\(mark(test))</span> \(HTMLPage.escape(test.name))</li>"
                }.joined()
                rows.append("<tr><td class=\"\(file.hasFailures ? "failed" : "passed")\">\(file.hasFailures ? "✗" : "✓")</td>"
                            + "<td><a href=\"files/\(HTMLPage.escape(name))\">\(HTMLPage.escape(file.file))</a>"
                            + "<details><summary>\(counts.total) test\(counts.total == 1 ? "" : "s")</summary><ol>\(tests)</ol></details></td>"
                            + "<td class=\"passed\">\(counts.passed)</td><td class=\"failed\">\(counts.failed)</td>"
                            + "<td class=\"skipped\">\(counts.skipped)</td><td>\(HTMLPage.time(milliseconds(file.duration)))</td></tr>")
            }
            let body = """
                <header><h1>hybrid test</h1>
                <p class="summary \(report.hasFailures ? "failed" : "passed")">\(HTMLPage.escape(report.summaryLine)) — \(HTMLPage.time(milliseconds(report.duration)))</p></header>
                <section id="files"><h2>Files</h2>
                <table><thead><tr><th></th><th>file</th><th>passed</th><th>failed</th><th>skipped</th><th>time</th></tr></thead>
                <tbody>
                \(rows.joined(separator: "\n"))
                </tbody></table></section>
                """
            try Data(HTMLPage.document(title: "hybrid test: " + report.summaryLine, body: body).utf8)
                .write(to: root.appendingPathComponent("index.html"), options: .atomic)
            return nil
        } catch {
            return "cannot write the report in \(folder): \(error.localizedDescription)"
        }
    }

    /// One file's page.
    static func page(for file: TestFileReport) -> String {
        let end = max(file.tests.reduce(0) { $0 + milliseconds($1.duration) }, 1)
        var start = 0.0
        let tests = file.tests.map { test -> String in
            let duration = milliseconds(test.duration)
            defer { start += duration }
            let width = String(format: "%.1f", max(1, min(100, duration / end * 100)))
            let offset = String(format: "%.1f", min(99, start / end * 100))
            var item = "<li><span class=\"t\">\(HTMLPage.time(duration))</span><span class=\"track\"><span class=\"bar\" "
                + "style=\"margin-left: \(offset)%; width: \(width)%\"></span></span>"
                + "<span class=\"\(test.status.rawValue)\">\(mark(test)) \(HTMLPage.escape(test.name))</span>"
                + (test.isFlaky ? " <em>flaky</em>" : "")
            if test.status == .failed {
                item += "<pre>\(HTMLPage.escape(test.message ?? "failed"))</pre>"
                if let location = test.location {
                    item += "<div class=\"t\">\(HTMLPage.escape(location.description))</div>"
                    if let text = location.text { item += "<pre class=\"source\">\(location.line) | \(HTMLPage.escape(text))</pre>" }
                }
            } else if test.status == .skipped, let message = test.message {
                item += " <span class=\"skipped\">(\(HTMLPage.escape(message)))</span>"
            }
            return item + "</li>"
        }
        let failures = file.failures.map { "<li><span class=\"failed\">✗ \(HTMLPage.escape($0.name))</span>: \(HTMLPage.escape($0.message ?? ""))"
            + ($0.location.map { " <span class=\"t\">\(HTMLPage.escape($0.description))</span>" } ?? "") + "</li>" }
        let console = file.console.map { message in
            "<li class=\"level-\(message.level.rawValue)\"><strong>\(message.level.rawValue)</strong> \(HTMLPage.escape(message.text))"
                + (message.sourceURL.map { " <span class=\"t\">\(HTMLPage.escape($0))\(message.line.map { ":\($0)" } ?? "")</span>" } ?? "") + "</li>"
        }
        // What the file's pages did (recorded for the report): bridge traffic, dialogs, the DOM after each step.
        var bridge: [(fields: JSONObject, at: String)] = [], dialogs: [String] = [], steps: [String] = []
        var screenshots: [String] = []
        for event in file.pageEvents {
            let at = "<span class=\"t\">\(HTMLPage.time(event.milliseconds))</span>"
            switch event.kind {
            case "bridge": bridge.append((event.fields, at))
            case "dialog": dialogs.append(RunHTMLReport.dialog(event.fields, at: at))
            case "dom":
                steps.append("<li>\(at)<code>\(HTMLPage.escape(event.fields["step"]?.stringValue ?? ""))</code>"
                             + RunHTMLReport.dom(event.fields["html"]?.stringValue ?? "") + "</li>")
            case "screenshot": screenshots.append(screenshot(event.fields, at: at))
            default: break
            }
        }
        let body = """
            <header><p><a href="../index.html">← all files</a></p><h1>\(HTMLPage.escape(file.file))</h1>
            <p class="summary \(file.hasFailures ? "failed" : "passed")">\(HTMLPage.escape(file.counts.summaryLine)) — \(HTMLPage.time(milliseconds(file.duration)))</p></header>
            \(HTMLPage.section("failures", "Failures", failures, empty: "No failed test."))\
            \(HTMLPage.section("timeline", "Tests", tests, empty: "No tests."))\
            \(HTMLPage.section("steps", "Page steps", steps))\
            \(HTMLPage.section("screenshots", "Screenshots", screenshots))\
            \(HTMLPage.section("sequence", "Bridge: page ⇄ native", RunHTMLReport.sequence(bridge)))\
            \(HTMLPage.section("dialogs", "Dialogs", dialogs))\
            \(HTMLPage.section("console", "Console", console, empty: "Nothing logged."))
            """
        return HTMLPage.document(title: file.file, body: body)
    }

    /// A screenshot check of the WebKit engine (`expect(page).toHaveScreenshot(name)`): its test, name and outcome, the
    /// baseline, and for a mismatch the screenshot and the differing pixels, embedded.
    private static func screenshot(_ f: JSONObject, at: String) -> String {
        func text(_ key: String) -> String { f[key]?.stringValue ?? "" }
        let outcome = text("outcome")
        let failed = outcome == "mismatch" || outcome == "error"
        var item = "<li>\(at)<strong>\(HTMLPage.escape(text("name")))</strong> <span class=\"\(failed ? "failed" : "passed")\">"
            + "\(HTMLPage.escape(outcome))</span> <span class=\"t\">\(HTMLPage.escape(text("test")))</span>"
        if let error = f["error"]?.stringValue { item += "<pre>\(HTMLPage.escape(error))</pre>" }
        if outcome != "error" { item += "<div>" + HTMLPage.image(path: text("baseline"), caption: "baseline") }
        if let actual = f["actual"]?.stringValue { item += HTMLPage.image(path: actual, caption: "screenshot") }
        if let diff = f["diff"]?.stringValue { item += HTMLPage.image(path: diff, caption: "differences (red)") }
        return item + (outcome != "error" ? "</div>" : "") + "</li>"
    }

    private static func mark(_ test: TestCaseResult) -> String {
        switch test.status {
        case .passed: "✓"
        case .failed: "✗"
        case .skipped: "-"
        }
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    /// `web_tests_a.test.html.html` for `web/tests/a.test.html`, unique among the pages already named.
    private static func pageName(for path: String, taken: inout Set<String>) -> String {
        let base = String(path.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" })
        var name = base + ".html", counter = 2
        while taken.contains(name) {
            name = base + "-\(counter).html"
            counter += 1
        }
        taken.insert(name)
        return name
    }
}
