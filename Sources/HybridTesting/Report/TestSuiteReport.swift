/// What a whole run produced: one report per file, in file order.
public struct TestSuiteReport: Sendable {
    /// One report per file, in file order.
    public var files: [TestFileReport]
    /// Wall-clock time of the whole run.
    public var duration: Duration

    /// A report of `files`.
    public init(files: [TestFileReport], duration: Duration = .zero) {
        self.files = files
        self.duration = duration
    }

    /// All tests of all files.
    public var counts: TestCounts { files.reduce(TestCounts()) { $0 + $1.counts } }

    /// True when any test failed.
    public var hasFailures: Bool { files.contains { $0.hasFailures } }

    /// `N passed, N failed` (`, N skipped` when any).
    public var summaryLine: String { counts.summaryLine }
}
