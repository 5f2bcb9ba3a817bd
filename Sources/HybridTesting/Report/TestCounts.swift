/// How many tests passed, failed and were skipped.
public struct TestCounts: Sendable, Hashable {
    /// Tests that passed.
    public var passed = 0
    /// Tests that failed (file-level failures included).
    public var failed = 0
    /// Tests skipped (`test.skip`, or not chosen by `test.only`).
    public var skipped = 0

    /// Counts as given.
    public init(passed: Int = 0, failed: Int = 0, skipped: Int = 0) {
        self.passed = passed
        self.failed = failed
        self.skipped = skipped
    }

    /// Counts `results` by status.
    public init(_ results: some Sequence<TestCaseResult>) {
        for result in results { add(result.status) }
    }

    /// Every test counted.
    public var total: Int { passed + failed + skipped }

    /// Adds one test with `status`.
    public mutating func add(_ status: TestStatus) {
        switch status {
        case .passed: passed += 1
        case .failed: failed += 1
        case .skipped: skipped += 1
        }
    }

    /// Adds two counts.
    public static func + (lhs: TestCounts, rhs: TestCounts) -> TestCounts {
        TestCounts(passed: lhs.passed + rhs.passed, failed: lhs.failed + rhs.failed, skipped: lhs.skipped + rhs.skipped)
    }

    /// Exactly `N passed, N failed`, with `, N skipped` when any was skipped.
    public var summaryLine: String {
        "\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
    }
}
