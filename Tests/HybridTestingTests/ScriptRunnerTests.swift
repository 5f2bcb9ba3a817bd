import Foundation
import HybridTesting
import Testing

@Suite struct ScriptRunnerTests {
    @Test func passingFileReportsEveryTestPassed() async {
        let report = await Fixtures.run("passing.test.js")
        #expect(report.tests.map(\.name) == ["ok and equal", "deepEqual", "throws and match", "async with rejects"])
        #expect(report.counts == TestCounts(passed: 4))
        #expect(!report.hasFailures, "\(report.failures)")
    }

    @Test func mixedFileReportsEachOutcome() async {
        let report = await Fixtures.run("mixed.test.js")
        let statuses = report.tests.map { "\($0.name): \($0.status.rawValue)" }
        #expect(statuses == ["passes: passed", "fails on equal: failed", "is skipped: skipped",
                             "fails asynchronously: failed", "throws a TypeError: failed",
                             "rejects wrongly: failed", "passes at the end: passed"], "\(report.failures)")
        #expect(report.counts.summaryLine == "2 passed, 4 failed, 1 skipped")
        let equal = report.test(named: "fails on equal")
        #expect(equal?.message == "expected 2 to equal 3")
        #expect(equal?.location == SourceLocation(file: "mixed.test.js", line: 7, text: "assert.equal(1 + 1, 3);"))
        #expect(report.test(named: "fails asynchronously")?.message?.contains("differs at .a[1]") == true)
        #expect(report.test(named: "fails asynchronously")?.location?.line == 16)
        #expect(report.test(named: "throws a TypeError")?.message?.hasPrefix("TypeError:") == true)
        #expect(report.test(named: "throws a TypeError")?.location?.line == 21)
        #expect(report.test(named: "rejects wrongly")?.message == "expected the promise to reject")
        #expect(report.test(named: "rejects wrongly")?.location?.line == 25)
    }

    /// The per-test timeout is the limit under test, so it is short; the test after the one that
    /// never settles finishes without a timer, so it cannot reach even this limit.
    @Test func neverSettlingTestTimesOutAndTheNextTestRuns() async throws {
        let report = await Fixtures.run("never-settles.test.js", in: "timeouts", testTimeout: .milliseconds(300))
        #expect(report.tests.map(\.name) == ["never settles", "runs after the timeout"])
        #expect(report.tests.map(\.status) == [.failed, .passed], "\(report.failures)")
        let timedOut = try #require(report.tests.first)
        #expect(timedOut.message == "timed out after 300 ms")
        #expect(timedOut.location?.line == 4)
        #expect(timedOut.location?.text == "test(\"never settles\", () => new Promise(() => {}));")
    }

    @Test func onlyRunsTheChosenTest() async {
        let report = await Fixtures.run("only.test.js")
        #expect(report.tests.map(\.status) == [.skipped, .passed, .skipped])
    }

    @Test func fileWithoutTestsFails() async {
        let report = await Fixtures.run("empty.test.js")
        #expect(report.tests.count == 1)
        #expect(report.tests.first?.name == "empty.test.js")
        #expect(report.tests.first?.message == "no tests declared")
    }

    @Test func topLevelThrowIsOneFailureNamedAfterTheFile() async {
        let report = await Fixtures.run("toplevel-throw.test.js")
        #expect(report.tests.map(\.status) == [.failed, .passed])
        #expect(report.tests.first?.name == "toplevel-throw.test.js")
        #expect(report.tests.first?.message?.contains("broken at the top level") == true)
        #expect(report.tests.first?.location?.line == 2)
    }

    @Test func unhandledRejectionAtTopLevelFailsTheFile() async {
        let report = await Fixtures.run("rejection.test.js")
        #expect(report.tests.first?.name == "rejection.test.js")
        #expect(report.tests.first?.message?.contains("nobody handles this") == true)
        #expect(report.counts == TestCounts(passed: 1, failed: 1))
    }

    @Test func syntaxErrorFailsTheFile() async {
        let report = await Fixtures.run("syntax-error.test.js")
        #expect(report.tests.count == 1)
        #expect(report.tests.first?.message?.contains("SyntaxError") == true)
    }

    @Test func misuseAndUncaughtErrorsInsideTests() async {
        let report = await Fixtures.run("nested/misuse.test.js")
        #expect(report.tests.first?.name == "nested/misuse.test.js")
        #expect(report.tests.first?.message?.contains("after the tests started") == true)
        let timer = report.test(named: "uncaught error in a timer during a test")
        #expect(timer?.status == .failed)
        #expect(timer?.message?.contains("from a timer") == true)
        #expect(timer?.location?.line == 5)
    }

    @Test func filterKeepsMatchingTestsOnly() async {
        let report = await Fixtures.run("mixed.test.js", filter: "mixed.test.js › passes")
        #expect(report.tests.map(\.name) == ["passes", "passes at the end"])
    }

    @Test func missingFileFailsToLoad() async {
        let report = await Fixtures.run("does-not-exist.test.js")
        #expect(report.tests.count == 1)
        #expect(report.tests.first?.message?.contains("cannot read") == true, "\(report.tests)")
    }
}

@Suite struct VirtualTimeRunnerTests {
    /// A two-hour timer, hourly intervals and 3 s of frames. The per-test timeout is counted on the page's clock too,
    /// so it is set above the longest wait (4 hours of virtual time).
    @Test func testsAwaitingLongTimersPassAtOnceOnTheVirtualClock() async {
        var options = Fixtures.options(testTimeout: .seconds(4 * 3600))
        options.virtualTime = true
        let report = await runTestFile(Fixtures.script("timers.test.js", in: "virtual-time"), options: options)
        #expect(report.tests.map(\.status) == [.passed, .passed, .passed], "\(report.failures)")
    }

    /// On the virtual clock the per-test timeout is virtual time: a two-hour wait runs out a 5 s timeout at once.
    @Test func onTheVirtualClockTheTestTimeoutIsVirtualTime() async {
        var options = Fixtures.options(testTimeout: .seconds(5), filter: "two-hour")
        options.virtualTime = true
        let report = await runTestFile(Fixtures.script("timers.test.js", in: "virtual-time"), options: options)
        #expect(report.tests.map(\.status) == [.failed], "\(report.failures)")
        #expect(report.tests.first?.message == "timed out after 5000 ms")
    }

    /// The limit under test is the short per-test timeout: without the virtual clock the two-hour timer runs it out.
    @Test func withoutTheVirtualClockTheSameTestsTimeOut() async {
        let report = await Fixtures.run("timers.test.js", in: "virtual-time", filter: "two-hour", testTimeout: .milliseconds(300))
        #expect(report.tests.map(\.status) == [.failed], "\(report.failures)")
        #expect(report.tests.first?.message == "timed out after 300 ms")
    }
}
