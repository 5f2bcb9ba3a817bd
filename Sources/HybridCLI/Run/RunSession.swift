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
        let mocks: MockHandlers
        do {
            mocks = try RunBridge.mocks(page: options.url, files: options.mockFiles)
        } catch {
            StandardStreams.err("hybrid run: \(error.description)\n")
            return .usage
        }
        let runtime = JavaScriptRuntime(configuration: .init(name: "hybrid.run", executionTimeLimit: .milliseconds(Int64(options.timeout * 1000))))
        let webView = HeadlessWebView(runtime: runtime)
        webView.observeEvents { event in
            report.print(event)
            transcript.write(event)
        }
        let label = options.label
        let interrupt = RunInterrupt {
            StandardStreams.err("\nhybrid run: interrupted\n")
            transcript.close()
            if report.verbosity > .quiet { StandardStreams.err(report.summary(page: label, elapsed: .now - start) + "\n") }
        }
        defer { interrupt.cancel() }
        var server: RunServer?
        var shell: AppShell?
        let phases = RunPhases(webView: webView, report: report, transcript: transcript, deadline: deadline)
        let status = await prepareAndRun(phases, mocks: mocks, server: &server, shell: &shell)
        await MainActor.run { [shell] in shell?.shutdown() }
        await server?.stop()
        await phases.close()
        transcript.close()
        if options.verbosity > .quiet { StandardStreams.err(report.summary(page: label, elapsed: .now - start) + "\n") }
        return status
    }

    /// Starts the server and the shell, attaches the bridge, then runs the phases.
    private func prepareAndRun(_ phases: RunPhases, mocks: MockHandlers, server: inout RunServer?, shell: inout AppShell?) async -> ExitStatus {
        let webView = phases.webView, report = phases.report
        var url = options.url
        phases.transcript.write(kind: "meta", page: 0, at: phases.transcript.start, [
            "schema": 1, "version": .string(HybridVersion.string), "url": .string(url.absoluteString),
            "timeout": .number(options.timeout), "demo": .bool(options.isDemo),
        ])
        do throws(RunInputError) {
            if let routes = options.routes {
                let openStart = options.startFromRoutes
                let launched = await routes.launch(webView: webView, report: report, openStart: openStart)
                let (app, startURL) = try launched.get()
                shell = app
                if let startURL { url = startURL }
            }
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
        let bridge = await RunBridge.attach(to: webView, mocks: mocks, demo: options.isDemo, logging: options.logBridge)
        return await RunPhaseList(options: options, phases: phases, bridge: bridge).run(url: url)
    }
}
