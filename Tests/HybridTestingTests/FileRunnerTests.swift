import Foundation
@testable import HybridTesting
import JavaScript
import Synchronization
import Testing
import TestSupport

/// A page that plays back canned signals, to test the runner's timeouts and attribution.
private struct ScriptedPage: TestPageDriver {
    var onLoad: [HarnessSignal]

    func load(harness: String, signals: AsyncStream<HarnessSignal>.Continuation) async {
        for signal in onLoad { signals.yield(signal) }
    }
    func startTests() async {}
    func locate(url: String) -> (path: String, file: URL)? { nil }
    func close() async {}
}

/// Loads by replaying `onLoad`, starts the tests by replaying `onStart`.
private struct ReplayingPage: TestPageDriver {
    var onLoad: [HarnessSignal]
    var onStart: [HarnessSignal]
    let sink = SinkBox()

    func load(harness: String, signals: AsyncStream<HarnessSignal>.Continuation) async {
        sink.continuation.withLock { $0 = signals }
        for signal in onLoad { signals.yield(signal) }
    }
    func startTests() async {
        let continuation = sink.continuation.withLock { $0 }
        for signal in onStart { continuation?.yield(signal) }
    }
    func locate(url: String) -> (path: String, file: URL)? { nil }
    func close() async {}
}

private final class SinkBox: Sendable {
    let continuation = Mutex<AsyncStream<HarnessSignal>.Continuation?>(nil)
}

/// The runner's deadlines: each test makes short only the deadline that must run out, and only
/// where nothing else can happen meanwhile (a page that sends nothing more), so how soon a task
/// gets a thread on a loaded machine never decides which deadline runs out.
@Suite struct FileRunnerTests {
    /// Limits no loaded machine reaches, but for the one a test passes.
    private func options(loadTimeout: Duration = .generous, silence: Duration? = nil) -> TestRunOptions {
        var options = TestRunOptions(testTimeout: .milliseconds(50), loadTimeout: loadTimeout)
        // The runner calls the page hung after `testTimeout + hangGrace` without a word from it.
        options.hangGrace = silence.map { $0 - options.testTimeout } ?? .generous
        return options
    }

    @Test func pageThatNeverLoadsIsOneFailureNamedAfterTheFile() async {
        let report = await TestFileRunner.run(ScriptedPage(onLoad: []), file: "slow.test.html",
                                              options: options(loadTimeout: .milliseconds(100)))
        #expect(report.tests.count == 1)
        #expect(report.tests.first?.name == "slow.test.html")
        #expect(report.tests.first?.message == "the page did not finish loading within 100 ms")
    }

    @Test func loadFailureIsReported() async {
        let report = await TestFileRunner.run(ScriptedPage(onLoad: [.loadFailed("404 Not Found")]), file: "x.test.html",
                                              options: options())
        #expect(report.tests.map(\.message) == ["404 Not Found"])
    }

    @Test func pageThatNeverStartsFails() async {
        let report = await TestFileRunner.run(ScriptedPage(onLoad: [.loaded]), file: "quiet.test.html",
                                              options: options(silence: .milliseconds(60)))
        #expect(report.tests.map(\.message) == ["the tests did not finish: the page stopped responding"])
    }

    /// Signal by signal, so that the deadline passes exactly after the test began: the running test
    /// takes the blame and the file ends. (Through the runner, a task that starts late could let the
    /// deadline pass before `begin` arrives; the end-to-end case is in HangingFileTests.)
    @Test func pageThatStopsRespondingFailsTheRunningTest() {
        var state = FileRunState(file: "hang.test.html", options: options(), locate: { _ in nil })
        #expect(state.handle(.loaded) == .start)
        #expect(state.handle(.event(["type": "declared", "count": 2])) == FileRunState.Action.none)
        #expect(state.handle(.event(["type": "begin", "index": 0, "name": "first"])) == .rearm)
        #expect(state.handle(.deadline(generation: 2)) == .finish)
        #expect(state.isHung)
        let report = state.report(duration: .zero)
        #expect(report.tests.map(\.name) == ["first"])
        #expect(report.tests.first?.status == .failed)
        #expect(report.tests.first?.message == "timed out after 50 ms and the page stopped responding (a loop, or a "
                                              + "chain of promise jobs, that never ends?); the file's other tests did not run")
    }

    @Test func exceptionsDuringLoadGoToTheFileAndDuringATestToTheTest() async {
        let page = ReplayingPage(onLoad: [.exception(JSException(name: "NetworkError", message: "failed to load script a.js")),
                                          .loaded], onStart: [
            .event(["type": "declared", "count": 1]),
            .event(["type": "begin", "index": 0, "name": "t"]),
            .exception(JSException(name: "Error", message: "late")),
            .event(["type": "result", "index": 0, "name": "t", "status": "passed", "frames": ["x.js:3"]]),
            .event(["type": "bogus"]),
            .event(["type": "done", "declared": 1]),
        ])
        let report = await TestFileRunner.run(page, file: "p.test.html", options: options())
        #expect(report.tests.map(\.name) == ["p.test.html", "t"])
        #expect(report.tests[0].message == "uncaught NetworkError: failed to load script a.js (outside any test)")
        #expect(report.tests[1].status == .failed)
        #expect(report.tests[1].message == "uncaught Error: late")
    }
}
