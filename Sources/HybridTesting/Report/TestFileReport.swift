import JavaScript

/// What one test file produced: its tests in the order they were declared, file-level failures first.
public struct TestFileReport: Sendable {
    /// The file's path as shown (``TestFile/path``), or the page URL for ``runTestPage(_:options:configure:)``.
    public var file: String
    /// One entry per test that ran or was skipped (tests a filter dropped are not listed).
    public var tests: [TestCaseResult]
    /// How long the file took, load included.
    public var duration: Duration
    /// What the page wrote to the console, in order.
    public var console: [ConsoleMessage]
    /// The files of the test's folder that its pages loaded over the test server (pages opened with `page.open`, their
    /// scripts, styles and data), as absolute paths, sorted; what `hybrid test --watch` re-runs the file for.
    public var loadedFiles: [String] = []
    /// The bridge messages, dialogs and DOM after each `page.*` step of the file's pages, in order, when
    /// ``TestRunOptions/recordsPageEvents`` is on; empty otherwise.
    public var pageEvents: [TestPageEvent] = []

    /// A report; see the properties.
    public init(file: String, tests: [TestCaseResult], duration: Duration = .zero, console: [ConsoleMessage] = []) {
        self.file = file
        self.tests = tests
        self.duration = duration
        self.console = console
    }

    /// Passed, failed and skipped tests.
    public var counts: TestCounts { TestCounts(tests) }

    /// True when any test failed.
    public var hasFailures: Bool { tests.contains { $0.status == .failed } }

    /// The failed tests.
    public var failures: [TestCaseResult] { tests.filter { $0.status == .failed } }

    /// The result of the test named `name`, if it is in the report.
    public func test(named name: String) -> TestCaseResult? { tests.first { $0.name == name } }
}
