import ArgumentParser
import Foundation
import Hybrid
import HybridTesting
import Synchronization

/// How `hybrid test` reports on standard output (`--reporter`).
enum TestReporter: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// Each file and each of its tests (✓, ✗, -), then the failures.
    case spec
    /// A character per test (`.` passed, `F` failed, `s` skipped), then the failures.
    case dot
    /// One JSON document of every file and test when the run ends.
    case json
    /// JUnit XML when the run ends.
    case junit
    /// TAP 13 as files finish.
    case tap

    init?(argument: String) { self.init(rawValue: argument.lowercased()) }

    /// Whether the summary goes to standard error, standard output being a machine's format.
    var isMachineReadable: Bool { self == .json || self == .junit || self == .tap }
}

/// What `hybrid test` prints: failures in file order (or a `--reporter`'s output), a progress line on a terminal,
/// the summary (always the last line: `N passed, N failed`, `, N skipped` when any).
final class TestConsoleOutput: Sendable {
    /// nil: failures only (the default when standard output is not a terminal).
    private let reporter: TestReporter?
    private var tap: Bool { reporter == .tap }
    private let style: TerminalStyle
    /// Set when standard error is a terminal: the progress line is drawn from it.
    private let progress: TestRunProgress?
    private struct State {
        var writer = TAPWriter()
        /// `--reporter dot`: the failures, printed after the dots.
        var dotDetails = ""
        /// After an interruption nothing more is printed: the run's last words are said.
        var closed = false
    }
    private let state = Mutex(State())

    init(reporter: TestReporter?, style: TerminalStyle, progress: TestRunProgress?) {
        self.reporter = reporter
        self.style = reporter?.isMachineReadable == true ? TerminalStyle(enabled: false) : style
        // Dots share the terminal line the progress line would redraw.
        self.progress = reporter == .dot ? nil : progress
    }

    func begin() {
        guard tap else { return }
        state.withLock { StandardStreams.out($0.writer.header) }
    }

    /// Redraws `[3/10] running a.test.html, b.test.js` on standard error, in place.
    func redrawProgress() {
        guard let progress else { return }
        state.withLock { state in
            guard !state.closed else { return }
            StandardStreams.err("\r\u{1B}[2K" + progress.line(width: Self.terminalWidth()))
        }
    }

    /// One file's results, called in file order.
    func file(_ report: TestFileReport) {
        state.withLock { state in
            guard !state.closed else { return }
            clearProgress()
            switch reporter {
            case .tap: StandardStreams.out(state.writer.lines(for: report))
            case .json, .junit: break
            case .spec: StandardStreams.out(spec(of: report) + flaky(in: report) + (report.hasFailures ? failures(of: report) : ""))
            case .dot:
                StandardStreams.out(report.tests.map { $0.status == .passed ? "." : $0.status == .failed ? style.red("F") : style.yellow("s") }.joined())
                if report.hasFailures || report.tests.contains(where: \.isFlaky) { state.dotDetails += flaky(in: report) + failures(of: report) }
            case nil: StandardStreams.out(flaky(in: report) + (report.hasFailures ? failures(of: report) : ""))
            }
        }
        redrawProgress()
    }

    /// The reporter's end and the summary line; `trailer` (the coverage summary) goes just before the summary line, on
    /// its stream.
    func end(_ report: TestSuiteReport, trailer: String = "") {
        state.withLock { state in
            guard !state.closed else { return }
            clearProgress()
            switch reporter {
            case .tap: StandardStreams.out(state.writer.plan)
            case .json: StandardStreams.out(Self.json(report).jsonString + "\n")
            case .junit: StandardStreams.out(JUnitWriter.xml(for: report))
            case .dot: StandardStreams.out("\n" + (state.dotDetails.isEmpty ? "" : "\n" + state.dotDetails))
            case .spec, nil: break
            }
            if reporter?.isMachineReadable == true {
                StandardStreams.err(trailer + report.summaryLine + "\n")
            } else {
                StandardStreams.out(trailer + summary(report.counts) + "\n")
            }
        }
    }

    /// `--reporter spec`: the file, then each test with its mark and time.
    private func spec(of report: TestFileReport) -> String {
        var out = style.bold(report.file) + "\n"
        for test in report.tests {
            let time = style.dim(" (\(Int(Self.milliseconds(test.duration))) ms)")
            switch test.status {
            case .passed: out += "  " + style.green("✓") + " \(test.name)" + time + (test.isFlaky ? " " + style.yellow("flaky") : "") + "\n"
            case .failed: out += "  " + style.red("✗ \(test.name)") + time + "\n"
            case .skipped: out += "  " + style.yellow("- \(test.name)") + (test.message.map { style.dim(" (\($0))") } ?? "") + "\n"
            }
        }
        return out
    }

    /// `FLAKY file › test (passed on a retry)` for each test that passed only after its file ran again.
    private func flaky(in report: TestFileReport) -> String {
        report.tests.filter(\.isFlaky).map { test in
            style.yellow(style.bold("FLAKY")) + " " + style.bold("\(report.file) › \(test.name)") + " (passed on a retry)\n"
        }.joined()
    }

    /// `duration` in whole milliseconds.
    static func milliseconds(_ duration: Duration) -> Double {
        (Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15).rounded()
    }

    /// `--reporter json`: `{"files": [{"file", "duration", "tests": [{"name", "status", "duration", "message",
    /// "file", "line", "flaky"}]}], "passed", "failed", "skipped", "duration"}`; durations in milliseconds.
    static func json(_ report: TestSuiteReport) -> JSONValue {
        func ms(_ d: Duration) -> JSONValue { .number(milliseconds(d)) }
        let files: [JSONValue] = report.files.map { file in
            let tests: [JSONValue] = file.tests.map { test in
                var object: JSONObject = ["name": .string(test.name), "status": .string(test.status.rawValue), "duration": ms(test.duration)]
                if let message = test.message { object["message"] = .string(message) }
                if let location = test.location {
                    object["file"] = .string(location.file)
                    object["line"] = .number(Double(location.line))
                }
                if test.isFlaky { object["flaky"] = .bool(true) }
                return .object(object)
            }
            return .object(["file": .string(file.file), "duration": ms(file.duration), "tests": .array(tests)])
        }
        let counts = report.counts
        return .object(["files": .array(files), "passed": .number(Double(counts.passed)), "failed": .number(Double(counts.failed)),
                        "skipped": .number(Double(counts.skipped)), "duration": ms(report.duration)])
    }

    /// The run was stopped by `signal`: TAP's `Bail out!`, a line saying how far it got, the summary of
    /// `report` (running files failed, the rest skipped); nothing is printed after this.
    func interrupted(_ report: TestSuiteReport, by signal: String, finished: Int) {
        state.withLock { state in
            guard !state.closed else { return }
            state.closed = true
            clearProgress()
            if tap { StandardStreams.out("Bail out! interrupted by \(signal)\n") }
            StandardStreams.err("hybrid test: interrupted by \(signal) after \(finished) of \(report.files.count) files\n")
            if tap {
                StandardStreams.err(report.summaryLine + "\n")
            } else {
                StandardStreams.out(summary(report.counts) + "\n")
            }
        }
    }

    private func clearProgress() {
        if progress != nil { StandardStreams.err("\r\u{1B}[2K") }
    }

    /// `N passed, N failed, N skipped`, each count coloured when it matters.
    private func summary(_ counts: TestCounts) -> String {
        guard style.enabled else { return counts.summaryLine }
        var parts = [counts.passed > 0 ? style.green("\(counts.passed) passed") : "\(counts.passed) passed",
                     counts.failed > 0 ? style.red("\(counts.failed) failed") : "\(counts.failed) failed"]
        if counts.skipped > 0 { parts.append(style.yellow("\(counts.skipped) skipped")) }
        return parts.joined(separator: ", ")
    }

    /// Each failure: `FAIL file › name`, the message, `at file:line` and the line itself; then the
    /// file's console output, which usually explains the failure.
    func failures(of report: TestFileReport) -> String {
        var out = ""
        for test in report.failures {
            let title = test.name == report.file ? report.file : "\(report.file) › \(test.name)"
            out += style.red(style.bold("FAIL")) + " " + style.bold(title) + "\n"
            for line in (test.message ?? "failed").split(separator: "\n", omittingEmptySubsequences: false) {
                out += "    \(line)\n"
            }
            if let location = test.location {
                out += "    " + style.dim("at \(location)") + "\n"
                if let text = location.text { out += "    " + style.dim("\(location.line) |") + " \(text)\n" }
            }
        }
        let console = report.console.suffix(20)
        if !console.isEmpty {
            out += style.dim("  console output of \(report.file)" + (report.console.count > 20 ? " (last 20 lines)" : "") + ":")
                + "\n"
            for message in console { out += "    \(message.level.rawValue): \(message.text)\n" }
        }
        return out + "\n"
    }

    /// The width of the terminal on standard error (80 when it does not say).
    static func terminalWidth() -> Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }
}
