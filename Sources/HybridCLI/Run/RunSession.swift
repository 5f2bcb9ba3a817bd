import Foundation
import HybridTesting
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
        let htmlReport: RunHTMLReport?
        do throws(RunInputError) {
            htmlReport = try options.reportPath.map { path throws(RunInputError) in try RunHTMLReport(path: path) }
        } catch {
            StandardStreams.err("hybrid run: \(error.description)\n")
            return .usage
        }
        do {
            transcript = try RunTranscript(path: options.transcriptPath, start: start, report: htmlReport)
        } catch {
            RunSession.reportTranscriptFailure(error)
            return .usage
        }
        var harRecorder: RunHARRecorder?
        if let path = options.recordHAR {
            do {
                harRecorder = try RunHARRecorder(path: path)
            } catch {
                StandardStreams.err("hybrid run: cannot write the HAR \(error.path): \(error.reason)\n")
                return .usage
            }
        }
        let runtime = JavaScriptRuntime(configuration: .init(name: "hybrid.run", clock: options.virtualTime ? .virtual() : .real,
                                                             executionTimeLimit: .milliseconds(Int64(options.timeout * 1000))))
        let services = DeviceServices()
        if let reading = options.geolocation { services.geolocation = reading }
        services.clipboardText = options.clipboard
        var configuration = WebViewConfiguration(device: options.device, animationSettleTime: options.animationSettle, services: services)
        options.container.configure(&configuration)
        let webView = HeadlessWebView(runtime: runtime, configuration: configuration)
        webView.events.observe { event in
            // Written before it is shown: whatever the user saw is in the transcript (Ctrl-C included).
            transcript.write(event)
            report.print(event)
        }
        let label = options.label
        /// The end of a run that stops before its phases do (a signal, or a last resort that exits): record
        /// `kind` in the transcript, close it and print the summary; the caller then exits.
        @Sendable func finishEarly(kind: String, status: ExitStatus?) {
            if let status { report.raise(status) }
            if let failure = transcript.finish(kind: kind, page: report.currentPage) { RunSession.reportTranscriptFailure(failure) }
            if report.verbosity > .quiet { StandardStreams.err(report.summary(page: label, elapsed: .now - start) + "\n") }
        }
        let interrupt = RunInterrupt { signal in
            report.tally.withLock { $0.interruption = signal }
            finishEarly(kind: "interrupt", status: nil)
        }
        defer { interrupt.cancel() }
        await runtime.setDeadline(deadline)
        let timeout = options.timeout
        let lastResort = HardDeadline(deadline: deadline) {
            StandardStreams.err(HardDeadline.message(command: "run", timeout: timeout))
            finishEarly(kind: "timeout", status: .timeout)
        }
        defer { lastResort.cancel() }
        let memory = options.maxMemory.map { bytes in
            MemoryLimit.watching(runtime, bytes: bytes, command: "run") { finishEarly(kind: "memory", status: .memory) }
        }
        defer { memory?.cancel() }
        if memory != nil { await runtime.setChecksInterrupts(true) }
        if let harRecorder { await harRecorder.attach(to: webView) }
        var server: RunServer?
        var app: RunApp?
        var status = await prepareAndRun(webView: webView, report: report, transcript: transcript, deadline: deadline,
                                         server: &server, app: &app)
        if options.strict, report.tally.withLock({ $0.divergences }) > 0 {
            report.raise(.exception)
            status = max(status, .exception)
        }
        if memory?.isExceeded == true {
            report.raise(.memory)
            status = max(status, .memory)
        }
        if let app { await app.shutdown() }
        await server?.stop()
        await webView.close()
        await runtime.shutdown()
        // An input error found before the run is one line; no summary.
        let ran = status != .usage
        if let coverage = options.coverage, ran {
            // After the page closed: its documents' counts are recorded as they go away.
            let outcome = await coverage.finish(command: "run")
            StandardStreams.err(options.verbosity > .quiet ? outcome.trailer : outcome.failures.map { $0 + "\n" }.joined())
            if let failed = outcome.status {
                report.raise(failed)
                status = max(status, failed)
            }
        }
        if let failure = harRecorder?.finish() {
            StandardStreams.err("hybrid run: cannot write the HAR \(failure.path): \(failure.reason)\n")
            report.raise(.usage)
            status = .usage
        }
        if let failure = transcript.close() {
            RunSession.reportTranscriptFailure(failure)
            report.raise(.usage)
            status = .usage
        }
        if options.verbosity > .quiet && ran {
            StandardStreams.err(report.summary(page: label, elapsed: .now - start) + "\n")
        }
        if let htmlReport, ran {
            status = htmlReport.finish(title: "hybrid run \(label)", summary: report.summary(page: label, elapsed: .now - start),
                                       status: status)
        }
        return status
    }

    /// A transcript that could not be written to the end (a full disk): the run's record is incomplete.
    static func reportTranscriptFailure(_ failure: OutputFileError) {
        StandardStreams.err("hybrid run: cannot write the transcript \(failure.path): \(failure.reason)\n")
    }

    /// Starts the server (and with --routes the app), attaches the bridge, then runs the phases.
    private func prepareAndRun(webView: HeadlessWebView, report: RunReport, transcript: RunTranscript,
                               deadline: ContinuousClock.Instant, server: inout RunServer?, app: inout RunApp?) async -> ExitStatus {
        var url = options.url
        transcript.write(kind: "meta", page: 0, at: transcript.start, [
            "schema": 2, "version": .string(HybridVersion.string), "url": .string(url.absoluteString),
            "timeout": .number(options.timeout), "demo": .bool(options.isDemo),
        ])
        let bridge = await RunBridge.attach(to: webView, options: options)
        let own = RunTarget(webView: webView, bridge: bridge)
        do throws(RunInputError) {
            // Mocks (the page's sidecar, then --mock files) override built-ins.
            let mocks = try RunBridge.mocks(page: options.startFromRoutes ? nil : url, files: options.mockFiles)
            if url.isFileURL && !options.fileURL {
                let root = options.routes?.folder ?? options.servedFolder
                let started = try await RunServer.start(root: root, apiMocks: options.apiMocks, webView: webView, report: report)
                server = started
                url = started.served(url)
            }
            if let coverage = options.coverage {
                // The page's own scripts: the files its server serves (or, with --file-url, its file: URLs).
                let served = server
                await webView.addDocumentObserver(coverage.coverage.observer { url in
                    if let served { return served.file(for: url) }
                    return URL(string: url).flatMap { $0.isFileURL ? $0.path : nil }
                })
            }
            guard let routes = options.routes else {
                try await RunBridge.install(mocks, scripts: options.mockScripts, into: bridge)
                mocks.registerMessageHandlers(options.messageHandlers, in: webView)
                if let replayHAR = options.replayHAR {
                    let har: HARReplay
                    do { har = try HARReplay(contentsOf: replayHAR) } catch { throw RunInputError("--replay-har \(error)") }
                    await RunHARReplay.attach(har, passThrough: server?.baseURL.absoluteString, to: webView)
                }
                let phases = RunPhases(webView: webView, target: { own }, report: report, transcript: transcript, deadline: deadline)
                return await RunPhaseList(options: options, phases: phases).run(url: url) { [url] in try await webView.load(url) }
            }
            let started = try await launch(routes, webView: webView, report: report, transcript: transcript, mocks: mocks,
                                           baseURL: server?.baseURL, page: options.startFromRoutes ? nil : url).get()
            app = started
            let phases = RunPhases(webView: webView, target: { await started.target() ?? own }, report: report,
                                   transcript: transcript, deadline: deadline)
            let root = await started.root
            let rootURL = await root?.pageURL ?? url
            return await RunPhaseList(options: options, phases: phases).run(url: rootURL) { try await root?.loaded() }
        } catch {
            StandardStreams.err("hybrid run: \(error.description)\n")
            return .usage
        }
    }

    /// Opens the routes file's app; every web page it makes reports to the run and gets the mocks.
    @MainActor
    private func launch(_ routes: RunRoutes, webView: HeadlessWebView, report: RunReport, transcript: RunTranscript,
                        mocks: MockHandlers, baseURL: URL?, page: URL?) -> Result<RunApp, RunInputError> {
        let logging = options.logBridge
        let lenient = options.lenient
        let maxMessageSize = options.maxMessageSize
        let timing = options.timing
        let messageHandlers = options.messageHandlers
        return routes.launch(runtime: webView.runtime, events: webView, report: report, baseURL: baseURL, page: page) { webPage in
            webPage.webView.events.observe { event in
                transcript.write(event)
                report.print(event)
            }
            webPage.bridge.isEchoEnabled = true
            if lenient { webPage.bridge.compatibility = .lenient }
            if let maxMessageSize { webPage.bridge.maximumMessageSize = maxMessageSize }
            webPage.bridge.timing = timing
            if logging { webPage.bridge.enableLogging() }
            mocks.install(into: webPage.bridge)
            mocks.registerMessageHandlers(messageHandlers, in: webPage.webView)
        }
    }
}
