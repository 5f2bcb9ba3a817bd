import Glibc
import HybridTesting
import Synchronization

/// What a `hybrid test` run has done so far, from the runner's events: the files running (with the tests they
/// finished and the one running) and the reports of those finished (in any order). It draws the progress line and
/// makes the report an interrupted run writes.
final class TestRunProgress: Sendable {
    let files: [TestFile]
    /// A running file's tests so far.
    private struct Tests {
        var finished: [TestCaseResult] = []
        var running: String?
    }
    private struct State {
        var running: [Int: String] = [:]
        var tests: [Int: Tests] = [:]
        var finished: [Int: TestFileReport] = [:]
        var ended = false
    }
    private let state = Mutex(State())

    init(files: [TestFile]) {
        self.files = files
    }

    func record(_ event: TestSuiteEvent) {
        state.withLock { state in
            switch event {
            case .started(let index, let file): state.running[index] = file.path
            case .testStarted(let index, let name): state.tests[index, default: Tests()].running = name
            case .testFinished(let index, let result):
                state.tests[index, default: Tests()].finished.append(result)
                state.tests[index]?.running = nil
            case .finished(let index, let report):
                state.running[index] = nil
                state.tests[index] = nil
                state.finished[index] = report
            }
        }
    }

    /// Marks the run as ending; true for the first caller only, so the normal end and a signal never both
    /// write the report.
    func end() -> Bool {
        state.withLock { state in
            defer { state.ended = true }
            return !state.ended
        }
    }

    /// `[3/41] running web/tests/a.test.html, web/tests/b.test.js`, cut to `width` columns.
    func line(width: Int) -> String {
        let (finished, running) = state.withLock { state in
            (state.finished.count, state.running.sorted { $0.key < $1.key }.map(\.value))
        }
        var line = "[\(finished)/\(files.count)]"
        if !running.isEmpty { line += " running " + running.joined(separator: ", ") }
        // The last column stays free: writing into it makes some terminals wrap.
        let room = max(width - 1, 10)
        return line.count <= room ? line : String(line.prefix(room - 1)) + "…"
    }

    /// The report so far, for a run stopped by `signal`: the finished files as they ended; each running file's
    /// finished tests as they ended, then its running test failed (interrupted), or the file itself when no test
    /// was running; each file not started one skipped test (not run).
    func interruptedReport(by signal: Int32, duration: Duration) -> TestSuiteReport {
        let name = TerminationSignals.name(signal)
        return state.withLock { state in
            let reports = files.enumerated().map { index, file in
                if let report = state.finished[index] { return report }
                guard state.running[index] != nil else {
                    let notRun = TestCaseResult(name: file.path, status: .skipped, message: "not run: interrupted by \(name)")
                    return TestFileReport(file: file.path, tests: [notRun])
                }
                let tests = state.tests[index] ?? Tests()
                let interrupted = TestCaseResult(name: tests.running ?? file.path, status: .failed,
                                                 message: "interrupted by \(name) while running")
                return TestFileReport(file: file.path, tests: tests.finished + [interrupted])
            }
            return TestSuiteReport(files: reports, duration: duration)
        }
    }

    /// How many files finished.
    var finishedCount: Int { state.withLock { $0.finished.count } }
}
