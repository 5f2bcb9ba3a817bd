import Foundation

/// Runs many test files, each in its own runtime, ``TestRunOptions/jobs`` at a time, and hands the
/// reports back in file order whatever order they finish in.
public struct TestSuiteRunner: Sendable {
    public var options: TestRunOptions

    public init(options: TestRunOptions = TestRunOptions()) {
        self.options = options
    }

    /// Runs `files`. `onProgress(finished, total)` is called as each file finishes; `onReport` gets
    /// each file's report in file order, as soon as it and every file before it are done.
    public func run(_ files: [TestFile],
                    onProgress: @escaping @Sendable (_ finished: Int, _ total: Int) -> Void = { _, _ in },
                    onReport: @escaping @Sendable (TestFileReport) -> Void = { _ in }) async -> TestSuiteReport {
        let began = ContinuousClock.now
        var reports = [TestFileReport?](repeating: nil, count: files.count)
        let options = self.options
        await withTaskGroup(of: (Int, TestFileReport).self) { group in
            var started = 0, finished = 0, emitted = 0
            func startNext() {
                let index = started, file = files[index]
                group.addTask { (index, await runTestFile(file, options: options)) }
                started += 1
            }
            while started < min(options.jobs, files.count) { startNext() }
            for await (index, report) in group {
                reports[index] = report
                finished += 1
                onProgress(finished, files.count)
                while emitted < files.count, let next = reports[emitted] {
                    onReport(next)
                    emitted += 1
                }
                if started < files.count { startNext() }
            }
        }
        return TestSuiteReport(files: reports.compactMap { $0 }, duration: ContinuousClock.now - began)
    }
}

/// Runs one test file in a runtime of its own and returns its report.
///
/// A `*.test.js` file runs in a blank page; a `*.test.html` page is served over HTTP from its folder.
public func runTestFile(_ file: TestFile, options: TestRunOptions = TestRunOptions()) async -> TestFileReport {
    switch file.kind {
    case .script:
        return await TestFileRunner.run(ScriptPageDriver(file: file, options: options), file: file.path, options: options)
    case .page:
        return await TestFileRunner.run(UnavailablePageDriver(file: file), file: file.path, options: options)
    }
}

/// Stands in for HTML pages until the web view is wired in: every page fails to load, clearly.
struct UnavailablePageDriver: TestPageDriver {
    let file: TestFile
    func load(harness: String, signals: AsyncStream<HarnessSignal>.Continuation) async {
        signals.yield(.loadFailed("\(file.path): HTML test pages need HeadlessWebView, not in this build yet"))
    }
    func startTests() async {}
    func locate(url: String) -> (path: String, file: URL)? { nil }
    func close() async {}
}
