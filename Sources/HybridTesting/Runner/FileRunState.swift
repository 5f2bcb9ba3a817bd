import Bridge
import Foundation
import JavaScript

/// Turns one file's ``HarnessSignal``s into its ``TestFileReport``: attributes exceptions to the test
/// that was running (or to the file), notices timeouts, and adds the file-level failures.
struct FileRunState {
    enum Phase { case loading, running, finished }
    enum Action: Equatable {
        case none
        /// The page loaded: start the tests and arm the per-test deadline.
        case start
        /// A test began or ended: re-arm the per-test deadline.
        case rearm
        /// Nothing more to wait for.
        case finish
    }

    let file: String
    let options: TestRunOptions
    let locateURL: @Sendable (String) -> (path: String, file: URL)?
    private(set) var phase = Phase.loading
    var declared: Int?
    var results: [TestCaseResult] = []
    /// The test running, if one is.
    private(set) var current: (index: Int, name: String)?
    private var currentErrors: [String] = []
    private var currentErrorLocation: SourceLocation?
    private var currentDeclared: [String] = []
    /// True when the page stopped answering: its runtime thread may be stuck, so it is not waited for.
    private(set) var isHung = false
    var fileErrors: [(message: String, location: SourceLocation?)] = []
    var console: [ConsoleMessage] = []
    /// Snapshots the tests recorded (new ones, or all that changed with ``TestRunOptions/updateSnapshots``), in order.
    var snapshots: [(key: String, value: String)] = []
    /// The bridge's divergences from the device outside any test, judged when the file ends (the page declares the
    /// ones it expects only once it has loaded).
    private var divergences: [BridgeDivergence] = []
    /// The divergences while the current test runs: they fail that test (unless expected) when it ends.
    private var currentDivergences: [BridgeDivergence] = []
    private var expectedDivergences: Set<String> = []
    var sources = SourceLines()

    init(file: String, options: TestRunOptions, locate: @escaping @Sendable (String) -> (path: String, file: URL)?) {
        self.file = file
        self.options = options
        self.locateURL = locate
    }

    mutating func handle(_ signal: HarnessSignal) -> Action {
        guard phase != .finished else { return .none }
        switch signal {
        case .console(let message):
            console.append(message)
        case .divergence(let divergence):
            if phase == .running, current != nil { currentDivergences.append(divergence) } else { divergences.append(divergence) }
        case .exception(let error):
            let text = "uncaught " + (error.name.isEmpty ? error.message : "\(error.name): \(error.message)")
            if phase == .running, current != nil {
                currentErrors.append(text)
                if currentErrorLocation == nil { currentErrorLocation = location(error.sourceURL, error.line) }
            } else {
                fileErrors.append((text + " (outside any test)", location(error.sourceURL, error.line)))
            }
        case .loaded:
            guard phase == .loading else { return .none }
            phase = .running
            return .start
        case .loadFailed(let message):
            fileErrors.append((message, nil))
            return finish()
        case .deadline:
            return timedOut()
        case .pageClosed:
            return pageClosed()
        case .interrupted(let reason):
            return interrupted(reason)
        case .event(let json):
            guard let event = HarnessEvent(json) else { return .none }
            return handle(event)
        }
        return .none
    }

    private mutating func handle(_ event: HarnessEvent) -> Action {
        switch event {
        case .declared(let count, let expected):
            declared = count
            expectedDivergences = Set(expected)
        case .begin(let index, let name, let declared):
            current = (index, name)
            currentDeclared = declared
            currentErrors = []
            currentErrorLocation = nil
            currentDivergences = []
            return .rearm
        case .result(_, let name, var status, var message, let frames, let declared, let milliseconds):
            var place = location(frames: frames, declared: declared)
            // Uncaught errors while it ran, and divergences from the device it does not expect, fail the test.
            let problems = currentErrors + currentDivergences.filter(isFailure).map(Self.describe)
            if !problems.isEmpty, status != .skipped {
                let uncaught = problems.joined(separator: "; ")
                if status == .passed { place = currentErrorLocation ?? place }
                message = status == .failed ? "\(message ?? "failed") (also \(uncaught))" : uncaught
                status = .failed
            }
            currentDivergences = []
            results.append(TestCaseResult(name: name, status: status, message: message, location: place,
                                          duration: .microseconds(Int64((milliseconds * 1000).rounded()))))
            current = nil
            currentErrors = []
            return .rearm
        case .error(let message, let frames):
            fileErrors.append((message, location(frames: frames, declared: [])))
        case .snapshot(let key, let value):
            snapshots.append((key, value))
        case .done:
            return finish()
        }
        return .none
    }

    private mutating func timedOut() -> Action {
        switch phase {
        case .loading:
            fileErrors.append(("the page did not finish loading within \(options.loadTimeout.shortText)", nil))
            isHung = true
        case .running:
            if let current {
                let extra = currentErrors.isEmpty ? "" : " (\(currentErrors.joined(separator: "; ")))"
                let place = location(frames: [], declared: currentDeclared)
                results.append(TestCaseResult(name: current.name, status: .failed,
                                              message: "timed out after \(options.testTimeout.shortText) and the page stopped "
                                                + "responding (a loop, or a chain of promise jobs, that never ends?); the file's other tests did not run" + extra,
                                              location: place, duration: options.testTimeout))
                self.current = nil
            } else {
                fileErrors.append(("the tests did not finish: the page stopped responding", nil))
            }
            isHung = true
        case .finished:
            break
        }
        return finish()
    }

    /// ``TestInterruption`` stopped the file: the running test (or the file) fails with the reason. Its
    /// JavaScript was stopped, but a chain of promise jobs could still hold its thread: it is not waited for.
    private mutating func interrupted(_ reason: String) -> Action {
        let message = "\(reason); the file's other tests did not run"
        if let current {
            results.append(TestCaseResult(name: current.name, status: .failed, message: message,
                                          location: location(frames: [], declared: currentDeclared)))
            self.current = nil
        } else {
            fileErrors.append((message, nil))
        }
        isHung = true
        return finish()
    }

    /// The document went away before the tests were done: the running test (or the file) fails.
    private mutating func pageClosed() -> Action {
        let message = "the page navigated away or closed before the tests finished"
        if let current {
            results.append(TestCaseResult(name: current.name, status: .failed, message: message))
            self.current = nil
        } else {
            fileErrors.append((message, nil))
        }
        return finish()
    }

    /// A divergence fails unless the page expects its code; with --strict, always.
    private func isFailure(_ divergence: BridgeDivergence) -> Bool {
        options.strict || !expectedDivergences.contains(divergence.code)
    }

    private static func describe(_ divergence: BridgeDivergence) -> String {
        "divergence \(divergence.code): \(divergence.message)"
    }

    private mutating func finish() -> Action {
        // Outside any test (or in a test that never ended), a divergence fails the file.
        for divergence in divergences + currentDivergences where isFailure(divergence) {
            fileErrors.append((Self.describe(divergence), nil))
        }
        divergences = []
        currentDivergences = []
        phase = .finished
        return .finish
    }
}
