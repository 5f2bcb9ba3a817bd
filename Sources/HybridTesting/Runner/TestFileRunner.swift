import Foundation
import JavaScript

/// A test of the file being run began (its name) or ended (its result).
enum TestActivity: Sendable {
    case started(String)
    case finished(TestCaseResult)
}

/// Runs one test file in a page driver: load with the test API injected, start the tests after the
/// load event, collect results until the API says done or a deadline passes, then close.
enum TestFileRunner {
    /// `onTest` hears each test begin and end as the page reports it.
    /// `snapshotFile` is where the file's snapshots are stored (nil: a page that is not a local file has none).
    static func run(_ driver: some TestPageDriver, file: String, options: TestRunOptions, snapshotFile: URL? = nil,
                    onTest: (TestActivity) -> Void = { _ in }) async -> TestFileReport {
        let began = ContinuousClock.now
        // Unbounded on purpose: every signal is a test's result or its output, and this loop reads them as they come
        // until the file ends (a result must never be dropped). A page that floods its console is bounded by the
        // test's timeout, not by this buffer.
        let (signals, continuation) = AsyncStream.makeStream(of: HarnessSignal.self)
        var state = FileRunState(file: file, options: options, locate: { driver.locate(url: $0) })
        // Starting an engine (WebKit's host) is not the page's load time.
        let unprepared = await driver.prepare()
        var deadline = Deadline(continuation: continuation)
        deadline.arm(options.loadTimeout)
        let loading: Task<Void, Never>
        var stored: JSONObject = [:]
        do {
            if let unprepared { throw TestPageError(message: unprepared) }
            stored = try snapshotFile.map(SnapshotFile.read) ?? [:]
            let harness = try HarnessScript.source(file: file, filter: options.filter, timeout: options.testTimeout,
                                                   snapshots: stored, updateSnapshots: options.updateSnapshots,
                                                   engine: options.engine)
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
        if let snapshotFile, !state.snapshots.isEmpty {
            for (key, value) in state.snapshots { stored[key] = .string(value) }
            if let failure = SnapshotFile.write(stored, to: snapshotFile) { state.fileErrors.append((failure, nil)) }
        }
        var report = state.report(duration: ContinuousClock.now - began)
        report.loadedFiles = driver.loadedFiles()
        report.pageEvents = driver.pageEvents()
        return report
    }
}

/// A test file's snapshots: `__snapshots__/NAME.snap.json` next to it, one JSON object of `"test name N"` to the
/// serialised value, keys sorted so the file diffs well.
enum SnapshotFile {
    static func url(for test: URL) -> URL {
        test.deletingLastPathComponent().appendingPathComponent("__snapshots__").appendingPathComponent(test.lastPathComponent + ".snap.json")
    }

    static func read(_ url: URL) throws -> JSONObject {
        guard FileManager.default.fileExists(atPath: url.path) else { return [:] }
        let text: String
        do { text = try String(contentsOf: url, encoding: .utf8) } catch {
            throw TestPageError(message: "cannot read the snapshots \(url.path): \(error.localizedDescription)")
        }
        guard case .object(let object)? = try? JSONValue(parsing: text) else {
            throw TestPageError(message: "the snapshots \(url.path) are not a JSON object: fix or delete the file")
        }
        return object
    }

    /// Writes `snapshots`; the failure to report, if any.
    static func write(_ snapshots: JSONObject, to url: URL) -> String? {
        let sorted = snapshots.keys.sorted()
        let body = sorted.map { "  " + JSONValue.string($0).jsonString + ": " + (snapshots[$0] ?? .null).jsonString }.joined(separator: ",\n")
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(("{\n" + body + "\n}\n").utf8).write(to: url, options: .atomic)
            return nil
        } catch {
            return "cannot write the snapshots \(url.path): \(error.localizedDescription)"
        }
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
