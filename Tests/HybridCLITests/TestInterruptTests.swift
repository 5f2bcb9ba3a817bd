import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import HybridCLI
import HybridTesting
import Testing
import TestSupport

/// `hybrid test` stopped by SIGINT, SIGTERM or SIGHUP writes what it knows (the JUnit report: finished files as
/// they ended, the running ones failed, the rest skipped), then exits 130, 143 or 129.
@Suite struct TestInterruptTests {
    /// Four files, two at a time: `a` passes at once, `b` and `c` wait for good, so `d` never starts.
    func suite() async throws -> URL {
        try await RunFixture.folder([
            "a.test.js": "test('passes', () => {});",
            "b.test.js": "test('waits', () => new Promise(() => {}));",
            "c.test.js": "test('waits', () => new Promise(() => {}));",
            "d.test.js": "test('passes', () => {});",
        ])
    }

    /// Starts the run, waits until `a`'s result is printed (`b` started with it, so it is running), sends
    /// `signal`, and returns the exit status, standard output and standard error.
    func interrupt(with signal: Int32, junit: URL, in folder: URL) async throws -> (Int32, String, String) {
        // Generous load and test limits: on one loaded core a page took more than the default 10 s to load.
        let arguments = HybridBinary.withGenerousLimits(["test", "--jobs", "2", "--tap", "--junit", junit.path, "."])
        let process = try SpawnedProcess(HybridBinary.url, arguments, currentDirectory: folder)
        let run = await process.interrupt(after: "ok 1 - a.test.js › passes\n", with: signal)
        return (run.status, run.output, run.errors)
    }

    func testcases(_ junit: URL) throws -> [String: XMLElement] {
        let root = try #require(try XMLDocument(contentsOf: junit).rootElement())
        var cases: [String: XMLElement] = [:]
        for suite in root.elements(forName: "testsuite") {
            for testcase in suite.elements(forName: "testcase") {
                cases[suite.attribute(forName: "name")?.stringValue ?? ""] = testcase
            }
        }
        return cases
    }

    @Test(arguments: [(SIGINT, "SIGINT", Int32(130)), (SIGTERM, "SIGTERM", Int32(143)), (SIGHUP, "SIGHUP", Int32(129))])
    func aKilledRunWritesWhatItKnows(signal: Int32, name: String, status: Int32) async throws {
        let folder = try await suite()
        defer { try? FileManager.default.removeItem(at: folder) }
        let junit = folder.appendingPathComponent("junit.xml")
        let (exit, stdout, stderr) = try await interrupt(with: signal, junit: junit, in: folder)
        #expect(exit == status, "\(stderr)")
        #expect(stdout.hasSuffix("Bail out! interrupted by \(name)\n"), "\(stdout)")
        #expect(stderr.hasPrefix("hybrid test: interrupted by \(name) after 1 of 4 files\n"), "\(stderr)")
        let cases = try testcases(junit)
        #expect(cases.keys.sorted() == ["a.test.js", "b.test.js", "c.test.js", "d.test.js"])
        #expect(cases["a.test.js"]?.attribute(forName: "name")?.stringValue == "passes")
        #expect(cases["a.test.js"]?.children?.isEmpty ?? true, "passed")
        let running = try #require(cases["b.test.js"]?.elements(forName: "failure").first)
        #expect(running.attribute(forName: "message")?.stringValue == "interrupted by \(name) while running")
        // `c` may or may not have started when the signal came; `d` cannot have.
        #expect(cases["c.test.js"] != nil)
        let notRun = try #require(cases["d.test.js"]?.elements(forName: "skipped").first)
        #expect(notRun.attribute(forName: "message")?.stringValue == "not run: interrupted by \(name)")
    }

    /// The tests of a running file that had finished once kept their results only in the file's report, which an
    /// interrupted run never gets: the whole file showed as one failed test. Now they keep their results, and only
    /// the test running is marked interrupted.
    @Test func theFinishedTestsOfARunningFileKeepTheirResults() async throws {
        // `waits` settles only once go.txt is there, which the test writes after taking the report: the run then
        // ends by itself (a run cancelled midway is not what this is about).
        let folder = try await RunFixture.folder([
            "a.test.js": """
                test('passes', () => {});
                test('waits', () => new Promise(done => (function poll() {
                    fetch('go.txt').then(r => r.ok ? done() : setTimeout(poll, 20), () => setTimeout(poll, 20));
                })()));
                """,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try TestDiscovery.find([folder.path])
        let progress = TestRunProgress(files: files)
        let (events, heard) = AsyncStream.makeStream(of: TestSuiteEvent.self)
        let options = TestRunOptions(testTimeout: .generous, loadTimeout: .generous, jobs: 1)
        let run = Task {
            let report = await TestSuiteRunner(options: options).run(files, onEvent: { event in
                progress.record(event)
                heard.yield(event)
            })
            heard.finish()
            return report
        }
        // Interrupted once `waits` runs, so `passes` has its result.
        for await event in events {
            if case .testStarted(_, "waits") = event { break }
        }
        let report = progress.interruptedReport(by: SIGTERM, duration: .zero)
        try Data("go".utf8).write(to: folder.appendingPathComponent("go.txt"))
        #expect(await run.value.summaryLine == "2 passed, 0 failed")
        let junit = folder.appendingPathComponent("junit.xml")
        try Data(JUnitWriter.xml(for: report).utf8).write(to: junit)
        let root = try #require(try XMLDocument(contentsOf: junit).rootElement())
        let cases = root.elements(forName: "testsuite").flatMap { $0.elements(forName: "testcase") }
        #expect(cases.map { $0.attribute(forName: "name")?.stringValue } == ["passes", "waits"])
        #expect(cases.first?.children?.isEmpty ?? true, "passed")
        let interrupted = try #require(cases.last?.elements(forName: "failure").first)
        #expect(interrupted.attribute(forName: "message")?.stringValue == "interrupted by SIGTERM while running")
    }
}
