import Foundation

/// A test of the file being run began (its name) or ended (its result).
enum TestActivity: Sendable {
    case started(String)
    case finished(TestCaseResult)
}

/// Runs one test file in a page driver: load with the test API injected, start the tests after the
/// load event, collect results until the API says done or a deadline passes, then close.
enum TestFileRunner {
    /// `onTest` hears each test begin and end as the page reports it.
    static func run(_ driver: some TestPageDriver, file: String, options: TestRunOptions,
                    onTest: (TestActivity) -> Void = { _ in }) async -> TestFileReport {
        let began = ContinuousClock.now
        // Unbounded on purpose: every signal is a test's result or its output, and this loop reads them as they come
        // until the file ends (a result must never be dropped). A page that floods its console is bounded by the
        // test's timeout, not by this buffer.
        let (signals, continuation) = AsyncStream.makeStream(of: HarnessSignal.self)
        var state = FileRunState(file: file, options: options, locate: { driver.locate(url: $0) })
        var deadline = Deadline(continuation: continuation)
        deadline.arm(options.loadTimeout)
        let loading: Task<Void, Never>
        do {
            let harness = try HarnessScript.source(file: file, filter: options.filter, timeout: options.testTimeout)
            loading = Task { await driver.load(harness: harness, signals: continuation) }
        } catch {
            continuation.yield(.loadFailed("\(error)"))
            loading = Task {}
        }
        var starting: Task<Void, Never>?
        let interruption = options.interruption?.register { reason in
            driver.interrupt(reason: reason)
            continuation.yield(.interrupted(reason))
        }
        defer { if let interruption { options.interruption?.unregister(interruption) } }
        loop: for await signal in signals {
            if case .deadline(let generation) = signal, generation != deadline.generation { continue }
            let (finished, running) = (state.results.count, state.current?.index)
            let action = state.handle(signal)
            state.results[finished...].forEach { onTest(.finished($0)) }
            if let test = state.current, test.index != running { onTest(.started(test.name)) }
            switch action {
            case .none:
                break
            case .start:
                deadline.arm(options.testTimeout + options.hangGrace)
                starting = Task { await driver.startTests() }
            case .rearm:
                deadline.arm(options.testTimeout + options.hangGrace)
            case .finish:
                break loop
            }
        }
        deadline.cancel()
        loading.cancel()
        starting?.cancel()
        continuation.finish()
        if state.isHung {
            // The page's thread may be stuck in JavaScript for good: park it, close without waiting.
            driver.abandon()
            Task.detached { await driver.close() }
        } else {
            await driver.close()
        }
        return state.report(duration: ContinuousClock.now - began)
    }
}

/// One pending deadline at a time; arming again makes the previous one stale.
private struct Deadline {
    let continuation: AsyncStream<HarnessSignal>.Continuation
    private(set) var generation = 0
    private var task: Task<Void, Never>?

    init(continuation: AsyncStream<HarnessSignal>.Continuation) {
        self.continuation = continuation
    }

    mutating func arm(_ duration: Duration) {
        task?.cancel()
        generation += 1
        let generation = generation, continuation = continuation
        task = Task {
            do {
                try await Task.sleep(for: duration)
                continuation.yield(.deadline(generation: generation))
            } catch {}
        }
    }

    mutating func cancel() {
        task?.cancel()
        task = nil
    }
}
