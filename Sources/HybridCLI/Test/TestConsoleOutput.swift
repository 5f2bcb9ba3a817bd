import Foundation
import HybridTesting
import Synchronization

/// What `hybrid test` prints: failures in file order (or TAP), a progress line on a terminal, the summary.
final class TestConsoleOutput: Sendable {
    private let tap: Bool
    private let showsProgress: Bool
    private let writer = Mutex(TAPWriter())

    init(tap: Bool, progress: Bool) {
        self.tap = tap
        self.showsProgress = progress
    }

    func begin() {
        if tap { StandardStreams.out(writer.withLock { $0.header }) }
    }

    /// `[3/10] running tests…` on standard error, redrawn in place.
    var progress: @Sendable (Int, Int) -> Void {
        { [self] finished, total in
            guard showsProgress else { return }
            StandardStreams.err("\r\u{1B}[2K[\(finished)/\(total)] files done")
        }
    }

    /// One file's results, called in file order.
    var file: @Sendable (TestFileReport) -> Void {
        { [self] report in
            clearProgress()
            if tap {
                StandardStreams.out(writer.withLock { $0.lines(for: report) })
            } else if report.hasFailures {
                StandardStreams.out(Self.failures(of: report))
            }
        }
    }

    func end(_ report: TestSuiteReport) {
        clearProgress()
        if tap {
            StandardStreams.out(writer.withLock { $0.plan })
            StandardStreams.err(report.summaryLine + "\n")
        } else {
            StandardStreams.out(report.summaryLine + "\n")
        }
    }

    private func clearProgress() {
        if showsProgress { StandardStreams.err("\r\u{1B}[2K") }
    }

    /// Each failure: `FAIL file › name`, the message, `at file:line` and the line itself; then the
    /// file's console output, which usually explains the failure.
    static func failures(of report: TestFileReport) -> String {
        var out = ""
        for test in report.failures {
            out += test.name == report.file ? "FAIL \(report.file)\n" : "FAIL \(report.file) › \(test.name)\n"
            for line in (test.message ?? "failed").split(separator: "\n", omittingEmptySubsequences: false) {
                out += "    \(line)\n"
            }
            if let location = test.location {
                out += "    at \(location)\n"
                if let text = location.text { out += "    \(location.line) | \(text)\n" }
            }
        }
        let console = report.console.suffix(20)
        if !console.isEmpty {
            out += "  console output of \(report.file)" + (report.console.count > 20 ? " (last 20 lines)" : "") + ":\n"
            for message in console { out += "    \(message.level.rawValue): \(message.text)\n" }
        }
        return out + "\n"
    }
}
