import Foundation
@testable import HybridTesting
import Synchronization
import Testing

/// `TestRunOptions.retries`: a failing file runs again; a test that fails and then passes is flaky.
@Suite struct RetryTests {
    @Test func aFailingFileRunsAgainUpToTheRetries() async throws {
        var options = Fixtures.options(jobs: 1)
        options.retries = 2
        let starts = StartCount()
        let file = Fixtures.script("a.test.js", in: "reporters")
        let report = await TestSuiteRunner(options: options).run([file], onEvent: { event in
            if case .testStarted(_, "fails") = event { starts.value.withLock { $0 += 1 } }
        })
        #expect(starts.value.withLock { $0 } == 3)
        #expect(report.counts == TestCounts(passed: 1, failed: 1, skipped: 1))
        #expect(!report.files[0].tests.contains { $0.isFlaky })
    }

    @Test func aTestThatPassesAfterFailingIsFlaky() {
        var report = TestFileReport(file: "f.test.js", tests: [TestCaseResult(name: "sometimes", status: .passed),
                                                              TestCaseResult(name: "always", status: .passed)])
        TestSuiteRunner.markFlaky(&report, failedBefore: ["sometimes"])
        #expect(report.tests.map(\.isFlaky) == [true, false])
    }
}

/// How many times a test started, counted from the runner's events.
private final class StartCount: Sendable {
    let value = Mutex(0)
}
