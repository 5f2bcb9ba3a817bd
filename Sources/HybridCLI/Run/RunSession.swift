import Foundation
import Hybrid

/// One `hybrid run`: load (with the bridge, the fixture server and the routes' app shell), idle,
/// clicks, native calls, evals, asserts, DOM dump, under one time limit; then the summary.
struct RunSession {
    var options: RunOptions

    func run() async -> ExitStatus {
        let start = ContinuousClock.now
        let deadline = start + .milliseconds(Int64(options.timeout * 1000))
        let report = RunReport(verbosity: options.verbosity, style: options.style)
        let transcript: RunTranscript
        do {
            transcript = try RunTranscript(path: options.transcriptPath, start: start)
        } catch {
            StandardStreams.err("hybrid run: cannot write the transcript \(options.transcriptPath ?? ""): \(error.localizedDescription)\n")
            return .usage
        }
        let runtime = JavaScriptRuntime(configuration: .init(name: "hybrid.run", executionTimeLimit: .milliseconds(Int64(options.timeout * 1000))))
        let webView = HeadlessWebView(runtime: runtime)
        webView.observeEvents { event in
            // Written before it is shown: whatever the user saw is in the transcript (Ctrl-C included).
            transcript.write(event)
            report.print(event)
        }
        let label = options.label
        let interrupt = RunInterrupt {
            report.tally.withLock { $0.interrupted = true }
            transcript.write(kind: "interrupt", page: report.currentPage)
            transcript.close()
            if report.verbosity > .quiet { StandardStreams.err(report.summary(page: label, elapsed: .now - start) + "\n") }
        }
        defer { interrupt.cancel() }
        var server: RunServer?
        var app: RunApp?
        let phases = RunPhases(webView: webView, report: report, transcript: transcript, deadline: deadline)
        let status = await prepareAndRun(phases, server: &server, app: &app)
        await MainActor.run { [app] in app?.shutdown() }
        await server?.stop()
        await phases.close()
        transcript.close()
        // An input error is one line; no summary.
        if options.verbosity > .quiet && status != .usage {
            StandardStreams.err(report.summary(page: label, elapsed: .now - start) + "\n")
        }
        return status
    }

    /// Starts the server and the shell, attaches the bridge, then runs the phases.
    private func prepareAndRun(_ phases: RunPhases, server: inout RunServer?, app: inout RunApp?) async -> ExitStatus {
        let webView = phases.webView, report = phases.report
        var url = options.url
        phases.transcript.write(kind: "meta", page: 0, at: phases.transcript.start, [
            "schema": 1, "version": .string(HybridVersion.string), "url": .string(url.absoluteString),
            "timeout": .number(options.timeout), "demo": .bool(options.isDemo),
        ])
        let bridge = await RunBridge.attach(to: webView, demo: options.isDemo, logging: options.logBridge)
        let mocks: MockHandlers
        do throws(RunInputError) {
            if let routes = options.routes {
                let openStart = options.startFromRoutes
                let launched = await routes.launch(webView: webView, bridge: bridge, report: report, openStart: openStart)
                let (started, startURL) = try launched.get()
                app = started
                if let startURL { url = startURL }
            }
            // Mocks (the sidecar of the page actually loaded, then --mock files) override built-ins.
            mocks = try RunBridge.mocks(page: url, files: options.mockFiles)
            if url.isFileURL && !options.fileURL {
                let root = options.routes?.folder ?? url.deletingLastPathComponent()
                let started = try await RunServer.start(root: root, apiMocks: options.apiMocks, webView: webView, report: report)
                server = started
                url = started.served(url)
            }
        } catch {
            StandardStreams.err("hybrid run: \(error.description)\n")
            return .usage
        }
        mocks.install(into: bridge)
        return await RunPhaseList(options: options, phases: phases, bridge: bridge).run(url: url)
    }
}
