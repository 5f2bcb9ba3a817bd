import Foundation
import HybridTesting
import Testing
import TestSupport

/// A `TestSuiteRunner` run cancelled while a page is running returns what finished, and the process does not
/// crash while the cancelled page's runtime, server and web view go away (a SIGSEGV was seen twice in such
/// runs). The run happens in a child process (this bundle again, with only that test): a crash kills the
/// child, not the suite, and shows up here as a failed child.
@Suite struct CancelledSuiteTests {
    static let childVariable = "HYBRID_CANCELLED_SUITE_CHILD"
    static var inChild: Bool { ChildProcess.isChild(childVariable) }

    @Test(.disabled(if: inChild, "the child runs the case itself"))
    func cancelledRunEndsWithoutACrash() async throws {
        let child = try await ChildProcess.runTests(matching: "CancelledSuiteTests/cancelledRunInChild",
                                                    childVariable: Self.childVariable)
        #expect(child.status == 0 && child.testPassed("cancelledRunInChild()"),
                "status \(child.status): \(child.stderr.suffix(4000))\(child.stdout.suffix(2000))")
    }

    /// `a` passes at once; `b`'s test waits for good (until the generous test timeout), one file at a time, so
    /// `b` is running when the run is cancelled and `c` never starts.
    @Test(.enabled(if: inChild, "runs in a child process: see cancelledRunEndsWithoutACrash"))
    func cancelledRunInChild() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cancel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = ["a.test.js": "test('passes', () => {});",
                     "b.test.html": "<!DOCTYPE html><script>test('waits', () => new Promise(() => {}));</script>",
                     "c.test.js": "test('passes', () => {});"]
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let found = try TestDiscovery.find([folder.path])
        #expect(found.map(\.url.lastPathComponent) == ["a.test.js", "b.test.html", "c.test.js"])
        let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
        let runner = TestSuiteRunner(options: TestRunOptions(testTimeout: .generous, loadTimeout: .generous, jobs: 1))
        let run = Task {
            await runner.run(found, onEvent: { event in
                if case .testStarted(index: 1, _) = event { startedContinuation.yield() }
            })
        }
        for await _ in started { break }
        run.cancel()
        let report = await run.value
        let first = try #require(report.files.first)
        #expect(first.tests.map(\.name) == ["passes"])
        #expect(first.tests.map(\.status) == [.passed])
        #expect(!report.files.contains { $0.file.hasSuffix("c.test.js") }, "c never started: \(report.files.map(\.file))")
    }
}
