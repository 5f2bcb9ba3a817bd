import Foundation
import HybridTesting
import Synchronization

/// `hybrid test --watch`: after the first run, waits for files to change (GLib's file monitor, ``FileChangeMonitor``)
/// and runs again the test files a change affects: a test file that changed, and each test file whose pages loaded
/// the changed file in its last run (a page it opened, a script or data it fetched from its folder). Each run prints
/// as a run does, ending with its `N passed, N failed` line. SIGINT, SIGTERM or SIGHUP while waiting exit at once
/// (130, 143, 129); during a run, as a run does.
struct TestWatch {
    let files: [TestFile]
    let options: TestRunOptions
    let reporter: TestReporter?
    let color: ColorMode

    /// How long changes are gathered after the first one, so that an editor's several writes make one run.
    static let settleTime = Duration.milliseconds(200)

    func run(after first: TestSuiteReport) async -> Never {
        var loaded = Self.loadedFiles(first, of: files)
        let monitor = FileChangeMonitor()
        // The changes, gathered between runs: a run starts after a change and the settle time with no run going.
        let pending = Mutex<Set<String>>([])
        let (wakeups, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        Task {
            for await path in monitor.changes {
                pending.withLock { _ = $0.insert(path) }
                wake.yield()
            }
        }
        var next = wakeups.makeAsyncIterator()
        while true {
            var folders = Set(files.map { $0.url.deletingLastPathComponent().path })
            for paths in loaded.values { for path in paths { folders.insert((path as NSString).deletingLastPathComponent) } }
            for failure in await monitor.watch(folders) { StandardStreams.err("hybrid test: --watch cannot watch \(failure)\n") }
            StandardStreams.err("Watching \(files.count == 1 ? "1 test file" : "\(files.count) test files") and what they load for changes (Ctrl-C to stop)\n")
            let waiting = TerminationSignals { signal in _exit(128 + signal) }
            var affected: [TestFile] = []
            while affected.isEmpty {
                _ = await next.next()
                try? await Task.sleep(for: Self.settleTime)
                let changed = pending.withLock { pending in defer { pending.removeAll() }; return pending }
                affected = files.filter { file in
                    changed.contains(file.url.path) || !changed.isDisjoint(with: loaded[file.url.path] ?? [])
                }
            }
            waiting.cancel()
            StandardStreams.err("\nRunning again: \(affected.map(\.path).joined(separator: ", "))\n")
            let report = await runOnce(affected)
            loaded.merge(Self.loadedFiles(report, of: affected)) { $1 }
        }
    }

    /// Runs `files` with the command's output, as the first run did (a progress line on a terminal, the reporter,
    /// the summary line last); a signal during the run ends the process as it ends a run.
    private func runOnce(_ files: [TestFile]) async -> TestSuiteReport {
        let progress = TestRunProgress(files: files)
        let output = TestConsoleOutput(reporter: reporter ?? (isatty(STDOUT_FILENO) == 1 ? .spec : nil), style: TerminalStyle(color),
                                       progress: isatty(STDERR_FILENO) == 1 ? progress : nil)
        let began = ContinuousClock.now
        let signals = TerminationSignals { signal in
            guard progress.end() else { return }
            output.interrupted(progress.interruptedReport(by: signal, duration: .now - began), by: TerminationSignals.name(signal),
                               finished: progress.finishedCount)
            _exit(128 + signal)
        }
        defer { signals.cancel() }
        output.begin()
        let report = await TestSuiteRunner(options: options).run(files, onReport: output.file) { event in
            progress.record(event)
            output.redrawProgress()
        }
        guard progress.end() else { while true { try? await Task.sleep(for: .seconds(60)) } }
        output.end(report)
        return report
    }

    /// Each test file's loaded files (its own path as the key), from a run of `files`.
    private static func loadedFiles(_ report: TestSuiteReport, of files: [TestFile]) -> [String: Set<String>] {
        var loaded: [String: Set<String>] = [:]
        let byPath = Dictionary(files.map { ($0.path, $0.url.path) }, uniquingKeysWith: { first, _ in first })
        for file in report.files {
            let key = byPath[file.file] ?? URL(fileURLWithPath: file.file).standardizedFileURL.path
            loaded[key] = Set(file.loadedFiles)
        }
        return loaded
    }
}
