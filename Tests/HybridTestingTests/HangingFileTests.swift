import Foundation
import HybridTesting
import Testing
import TestSupport

/// Files whose JavaScript never ends: the runner fails them and moves on without waiting for the
/// page's thread.
///
/// That thread spins a core until the watchdog stops it, seconds after the test has its report, so
/// each case runs alone in a child process (this test bundle again, with only that test) and the
/// spinning ends with the child instead of starving the tests here. Only the deadline that must
/// run out is short: the 2 s of silence after which the runner calls the page hung.
@Suite struct HangingFileTests {
    static let childVariable = "HYBRID_HANGING_FILE_CHILD"
    static var inChild: Bool { ChildProcess.isChild(childVariable) }

    @Test(.disabled(if: inChild, "the child runs the case itself"), .spinsTheCPU,
          arguments: ["syncLoopFailsTheTestAndEndsTheFile()", "loopAfterAwaitFailsTheTestAndEndsTheFile()",
                      "endlessPromiseJobsFailTheTestThatStartedThem()", "pageStuckWhileLoadingIsAbandoned()"])
    func runsInAChildProcess(_ test: String) async throws {
        // Not niced: the child's own 2 s deadline must not run out while it waits for a core.
        let child = try await ChildProcess.runTests(matching: "HangingFileTests/" + test.dropLast(2),
                                                    childVariable: Self.childVariable, niceness: 0)
        #expect(child.status == 0 && child.testPassed(test), "\(child.stderr.suffix(4000))\(child.stdout.suffix(2000))")
    }

    @Test(.enabled(if: inChild, "runs in a child process: see runsInAChildProcess"))
    func syncLoopFailsTheTestAndEndsTheFile() async throws {
        try await expectHang("sync-loop.test.js", line: 1)
    }

    /// A loop after an await runs in a promise reaction: the runner must fail it without crashing.
    @Test(.enabled(if: inChild, "runs in a child process: see runsInAChildProcess"))
    func loopAfterAwaitFailsTheTestAndEndsTheFile() async throws {
        try await expectHang("loop-after-await.test.js", line: 2)
    }

    /// Promise jobs that never end hold the thread for good (JavaScriptCore cannot stop them). The test
    /// that started them fails; it used to pass, and the next test took the blame.
    @Test(.enabled(if: inChild, "runs in a child process: see runsInAChildProcess"))
    func endlessPromiseJobsFailTheTestThatStartedThem() async throws {
        let report = try await expectHang("endless-promise-chain.test.js", line: 2)
        #expect(report.tests.map(\.name) == ["starts promise jobs that never end"])
    }

    @Test(.enabled(if: inChild, "runs in a child process: see runsInAChildProcess"))
    func pageStuckWhileLoadingIsAbandoned() async throws {
        // The load is what must run out; nothing else in the page can finish.
        let options = TestRunOptions(testTimeout: .milliseconds(200), loadTimeout: .milliseconds(300))
        let report = try await runTestPage(Fixtures.root.appendingPathComponent("stuck/never-loads.test.html"),
                                           options: options)
        #expect(report.tests.map(\.message) == ["the page did not finish loading within 300 ms"])
        #expect(report.tests.first?.name.hasSuffix("stuck/never-loads.test.html") == true)
    }

    /// The file's first test loops forever: it fails as hung, the second never runs. The page loads
    /// with a generous limit; the per-test timeout and the hang grace (2 s) are the short defaults.
    @discardableResult
    private func expectHang(_ name: String, line: Int) async throws -> TestFileReport {
        let options = TestRunOptions(testTimeout: .milliseconds(300), loadTimeout: .generous)
        let report = await runTestFile(Fixtures.script(name, in: "hangs"), options: options)
        #expect(report.tests.map(\.status) == [.failed])
        let message = try #require(report.tests.first?.message)
        #expect(message.hasPrefix("timed out after 300 ms and the page stopped responding"), "\(message)")
        #expect(report.tests.first?.location?.line == line)
        return report
    }
}
