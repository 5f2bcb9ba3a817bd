import Foundation
@testable import HybridTesting
import JavaScript
import Synchronization
import Testing

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

@Suite struct FileRunnerTests {
    let options: TestRunOptions = {
        var options = TestRunOptions(testTimeout: .milliseconds(50), loadTimeout: .milliseconds(100))
        options.hangGrace = .milliseconds(10)
        return options
    }()

    @Test func pageThatNeverLoadsIsOneFailureNamedAfterTheFile() async {
        let report = await TestFileRunner.run(ScriptedPage(onLoad: []), file: "slow.test.html", options: options)
        #expect(report.tests.count == 1)
        #expect(report.tests.first?.name == "slow.test.html")
        #expect(report.tests.first?.message == "the page did not finish loading within 100 ms")
    }

    @Test func loadFailureIsReported() async {
        let report = await TestFileRunner.run(ScriptedPage(onLoad: [.loadFailed("404 Not Found")]), file: "x.test.html",
                                              options: options)
        #expect(report.tests.map(\.message) == ["404 Not Found"])
    }

    @Test func pageThatStopsRespondingFailsTheRunningTest() async {
        let page = ReplayingPage(onLoad: [.loaded], onStart: [
            .event(["type": "declared", "count": 2]),
            .event(["type": "begin", "index": 0, "name": "first"]),
        ])
        let report = await TestFileRunner.run(page, file: "hang.test.html", options: options)
        #expect(report.tests.map(\.name) == ["first"])
        #expect(report.tests.first?.status == .failed)
        #expect(report.tests.first?.message?.hasPrefix("timed out after 50 ms") == true)
    }

    @Test func pageThatNeverStartsFails() async {
        let page = ReplayingPage(onLoad: [.loaded], onStart: [])
        let report = await TestFileRunner.run(page, file: "quiet.test.html", options: options)
        #expect(report.tests.map(\.message) == ["the tests did not finish: the page stopped responding"])
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
        let report = await TestFileRunner.run(page, file: "p.test.html", options: options)
        #expect(report.tests.map(\.name) == ["p.test.html", "t"])
        #expect(report.tests[0].message == "uncaught NetworkError: failed to load script a.js (outside any test)")
        #expect(report.tests[1].status == .failed)
        #expect(report.tests[1].message == "uncaught Error: late")
    }
}
