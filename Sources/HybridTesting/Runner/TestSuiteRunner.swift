import Foundation

/// Runs many test files, each in its own runtime, ``TestRunOptions/jobs`` at a time, and hands the
/// reports back in file order whatever order they finish in.
public struct TestSuiteRunner: Sendable {
    /// How the files run.
    public var options: TestRunOptions

    /// A runner with `options`.
    public init(options: TestRunOptions = TestRunOptions()) {
        self.options = options
    }

    /// Runs `files`. `onProgress(finished, total)` is called as each file finishes; `onReport` gets
    /// each file's report in file order, as soon as it and every file before it are done; `onEvent` hears
    /// each file and each test start and finish as it happens (what a progress line or an interrupted run needs):
    /// the events of one file come in order, those of files running at once from their own tasks, interleaved.
    public func run(_ files: [TestFile],
                    onProgress: @escaping @Sendable (_ finished: Int, _ total: Int) -> Void = { _, _ in },
                    onReport: @escaping @Sendable (TestFileReport) -> Void = { _ in },
                    onEvent: @escaping @Sendable (TestSuiteEvent) -> Void = { _ in }) async -> TestSuiteReport {
        let began = ContinuousClock.now
        var reports = [TestFileReport?](repeating: nil, count: files.count)
        let options = self.options
        var emitted = 0
        await withTaskGroup(of: (Int, TestFileReport).self) { group in
            var started = 0, finished = 0, bailed = false
            func startNext() {
                let index = started, file = files[index]
                onEvent(.started(index: index, file: file))
                group.addTask {
                    var failedBefore: Set<String> = []
                    var attempt = 0
                    while true {
                        var report = await runTestFile(file, options: options, configure: nil) { activity in
                            switch activity {
                            case .started(let name): onEvent(.testStarted(index: index, name: name))
                            case .finished(let result): onEvent(.testFinished(index: index, result: result))
                            }
                        }
                        Self.markFlaky(&report, failedBefore: failedBefore)
                        guard report.hasFailures, attempt < options.retries, !Task.isCancelled else { return (index, report) }
                        failedBefore.formUnion(report.failures.map(\.name))
                        attempt += 1
                    }
                }
                started += 1
            }
            while started < min(options.jobs, files.count) { startNext() }
            for await (index, report) in group {
                reports[index] = report
                onEvent(.finished(index: index, report: report))
                finished += 1
                onProgress(finished, files.count)
                while emitted < files.count, let next = reports[emitted] {
                    onReport(next)
                    emitted += 1
                }
                if report.hasFailures, options.bail { bailed = true }
                // A cancelled run starts no more files: it ends with those that were running.
                if started < files.count, !Task.isCancelled, !bailed { startNext() }
            }
        }
        if options.bail, reports.contains(where: { $0?.hasFailures == true }) {
            // --bail: the files never started are there, skipped, so the summary counts them.
            for index in reports.indices where reports[index] == nil && !Task.isCancelled {
                let notRun = TestCaseResult(name: files[index].path, status: .skipped, message: "not run: --bail after a failure")
                reports[index] = TestFileReport(file: files[index].path, tests: [notRun])
            }
            while emitted < files.count, let next = reports[emitted] {
                onReport(next)
                emitted += 1
            }
        }
        return TestSuiteReport(files: reports.compactMap { $0 }, duration: ContinuousClock.now - began)
    }

    /// Marks each passed test of `report` that failed in an earlier run of its file as flaky.
    static func markFlaky(_ report: inout TestFileReport, failedBefore: Set<String>) {
        for i in report.tests.indices where report.tests[i].status == .passed && failedBefore.contains(report.tests[i].name) {
            report.tests[i].isFlaky = true
        }
    }
}
