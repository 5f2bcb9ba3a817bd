import Foundation
import HybridTesting
import Synchronization

/// What `hybrid test` prints: failures in file order (or TAP), a progress line on a terminal, the summary.
final class TestConsoleOutput: Sendable {
    private let tap: Bool
    private let style: TerminalStyle
    /// Set when standard error is a terminal: the progress line is drawn from it.
    private let progress: TestRunProgress?
    private struct State {
        var writer = TAPWriter()
        /// After an interruption nothing more is printed: the run's last words are said.
        var closed = false
    }
    private let state = Mutex(State())

    init(tap: Bool, style: TerminalStyle, progress: TestRunProgress?) {
        self.tap = tap
        self.style = tap ? TerminalStyle(enabled: false) : style
        self.progress = progress
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
            if tap {
                StandardStreams.out(state.writer.lines(for: report))
            } else if report.hasFailures {
                StandardStreams.out(failures(of: report))
            }
        }
        redrawProgress()
    }

    func end(_ report: TestSuiteReport) {
        state.withLock { state in
            guard !state.closed else { return }
            clearProgress()
            if tap {
                StandardStreams.out(state.writer.plan)
                StandardStreams.err(report.summaryLine + "\n")
            } else {
                StandardStreams.out(summary(report.counts) + "\n")
            }
        }
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
