import Foundation
import Hybrid
import Synchronization
import WebKitEngine

/// `hybrid run --engine webkit`: the page in real WebKit (`WebKitWebView`), served by the same fixture server, with
/// the same bridge (`WebViewJavascriptBridge(engine:)`: its built-in and demo handlers, `--mock`, `--mock-script`,
/// `--message-handler`), the steps run as JavaScript in it (`--call` and `--event` through the bridge), console,
/// dialogs, uncaught errors and bridge messages printed and written to the transcript as the headless engine's are,
/// `--screenshot` and `--screenshot-each` taken with WebKit's snapshot. `--timeout` counts from the moment WebKit is
/// ready (starting it is not the page's time).
struct RunWebKitSession {
    var options: RunOptions

    func run() async -> ExitStatus {
        let unsupported = options.unsupportedOnWebKit
        if !unsupported.isEmpty {
            StandardStreams.err("hybrid run: --engine webkit does not run " + unsupported.joined(separator: ", ")
                                + " yet; run the page on the headless engine (--engine headless)\n")
            return .usage
        }
        if let reason = WebKitWebView.unavailableReason {
            StandardStreams.err("hybrid run: --engine webkit: \(reason)\n")
            return .usage
        }
        let mocks: MockHandlers
        do throws(RunInputError) {
            // Read before WebKit starts: a bad mock file is an input error at once.
            mocks = try RunBridge.mocks(page: options.url, files: options.mockFiles)
        } catch {
            StandardStreams.err("hybrid run: \(error.description)\n")
            return .usage
        }
        let report = RunReport(verbosity: options.verbosity, style: options.style)
        let transcript: RunTranscript
        // --report: the page of RunSession's, with the screenshots embedded.
        let htmlReport: RunHTMLReport?
        do { htmlReport = try options.reportPath.map(RunHTMLReport.init(path:)) } catch {
            StandardStreams.err("hybrid run: \(error)\n")
            return .usage
        }
        do {
            transcript = try RunTranscript(path: options.transcriptPath, start: .now, report: htmlReport)
        } catch {
            RunSession.reportTranscriptFailure(error)
            return .usage
        }
        let limit = Duration.milliseconds(Int64(options.timeout * 1000))
        let view: WebKitWebView
        let bridge: WebViewJavascriptBridge
        do {
            view = try await WebKitWebView.start(.init(device: options.device, loadTimeout: limit, scriptTimeout: limit))
        } catch {
            StandardStreams.err("hybrid run: --engine webkit: \(error)\n")
            return .usage
        }
        do {
            bridge = try await WebViewJavascriptBridge(engine: view)
        } catch {
            StandardStreams.err("hybrid run: --engine webkit: the bridge: \(error)\n")
            await view.close()
            return .usage
        }
        RunBridge.configure(bridge, options: options)
        let start = ContinuousClock.now
        let page = RunWebKitPage(view: view, bridge: bridge, report: report, transcript: transcript,
                                 deadline: start + limit, timeout: options.timeout)
        let events = Task { await page.forwardEvents() }
        // Served as the headless engine serves it: its folder on a free loopback port.
        var url = options.url
        var server: RunServer?
        var serverRuntime: JavaScriptRuntime?
        if url.isFileURL && !options.fileURL {
            let runtime = JavaScriptRuntime(configuration: .init(name: "hybrid.run.server"))
            serverRuntime = runtime
            do {
                let started = try await RunServer.start(root: options.servedFolder, apiMocks: options.apiMocks,
                                                        runtime: runtime) { fields in
                    let event = WebViewEvent(page: report.currentPage, kind: .custom(kind: "http", fields: fields))
                    transcript.write(event)
                    report.print(event)
                }
                server = started
                url = started.served(url)
            } catch {
                StandardStreams.err("hybrid run: \(error.description)\n")
                report.raise(.usage)
            }
        }
        transcript.write(kind: "meta", page: 0, at: transcript.start, [
            "schema": 2, "version": .string(HybridVersion.string), "url": .string(url.absoluteString),
            "timeout": .number(options.timeout), "demo": .bool(options.isDemo), "engine": "webkit",
        ])
        if report.status == .success {
            do {
                // Mocks (the page's sidecar, then --mock files, then --mock-script) override the built-in handlers.
                try await RunBridge.install(mocks, scripts: options.mockScripts, into: bridge)
                try await mocks.registerMessageHandlers(options.messageHandlers, in: view, runtime: bridge.runtime)
                await runPhases(page, url: url)
            } catch {
                StandardStreams.err("hybrid run: \((error as? RunInputError)?.description ?? "\(error)")\n")
                report.raise(.usage)
            }
        }
        if options.strict, report.tally.withLock({ $0.divergences }) > 0 { report.raise(.exception) }
        await view.close()
        await events.value
        await server?.stop()
        await serverRuntime?.shutdown()
        await bridge.runtime.shutdown()
        var status = report.status
        if let failure = transcript.close() {
            RunSession.reportTranscriptFailure(failure)
            status = max(status, .usage)
        }
        if options.verbosity > .quiet && status != .usage {
            StandardStreams.err(report.summary(page: options.label, elapsed: .now - start) + "\n")
        }
        if let htmlReport {
            status = htmlReport.finish(title: "hybrid run \(options.label)", summary: report.summary(page: options.label, elapsed: .now - start),
                                       status: status)
        }
        return status
    }

    /// Load, the steps (a screenshot after each with `--screenshot-each`), `--dump-dom`, `--screenshot`.
    private func runPhases(_ page: RunWebKitPage, url: URL) async {
        let report = page.report
        report.line(report.style.dim("engine webkit"))
        guard await page.load(url) else { return }
        if let folder = options.screenshotEach, !(await page.screenshot(to: folder + "/load.png")) { return }
        for (index, step) in options.steps.enumerated() {
            let number = index + 1
            if await !page.run(step, number: number) { return }
            if let folder = options.screenshotEach, !(await page.screenshot(to: folder + "/step-\(number).png")) { return }
        }
        if let firstFalsy = page.firstFalsy {
            StandardStreams.err(report.style.red("hybrid run: assertion failed: \(firstFalsy)") + "\n")
            report.raise(.exception)
        }
        if options.dumpDOM, let html = await page.html() { StandardStreams.out(html + "\n") }
        if let file = options.screenshot { _ = await page.screenshot(to: file) }
    }
}

/// The page of a WebKit run: its steps as JavaScript, its events and its bridge's messages printed in order with them.
final class RunWebKitPage: Sendable, RunBridgeSteps {
    let view: WebKitWebView
    let bridge: WebViewJavascriptBridge
    let report: RunReport
    let transcript: RunTranscript
    let deadline: ContinuousClock.Instant
    let timeout: Double
    private let state = Mutex(State())

    private struct State {
        var firstFalsy: String?
        var nextMark = 1
        /// The marks posted and not yet seen in the events: what `settle()` waits for (given the number of messages
        /// the page's bridge had queued and native had not fetched when the mark was logged).
        var waiting: [Int: CheckedContinuation<Int, Never>] = [:]
        /// Those waiting for a bridge message or signal: resumed once ``bridgeEvents`` passes their count.
        var bridgeWaiters: [Int: (after: Int, continuation: CheckedContinuation<Void, Never>)] = [:]
        var eventsEnded = false
        /// The current document's number (WebKit's committed loads, counted from 1).
        var page = 0
        /// The bridge's messages and signals so far: the page is idle once a round of it sees none.
        var bridgeEvents = 0
        var observations: [EventObservation] = []
    }

    init(view: WebKitWebView, bridge: WebViewJavascriptBridge, report: RunReport, transcript: RunTranscript,
         deadline: ContinuousClock.Instant, timeout: Double) {
        self.view = view
        self.bridge = bridge
        self.report = report
        self.transcript = transcript
        self.deadline = deadline
        self.timeout = timeout
        // Observed from now on: the bridge traces its messages only while they are watched.
        let observations = [
            view.observeEvents { [weak self] event in self?.forward(event) },
            bridge.events.observe { [weak self] event in
                self?.bridgeEventSeen()
                self?.emit(WebViewEvent(time: event.time, page: event.page, kind: .custom(kind: "bridge", fields: event.fields)))
            },
            bridge.divergences.observe { [weak self] divergence in
                self?.emit(WebViewEvent(time: divergence.time, page: divergence.page,
                                        kind: .custom(kind: "divergence", fields: divergence.fields)))
            },
        ]
        state.withLock { $0.observations = observations }
    }

    /// The first `--assert` found falsy.
    var firstFalsy: String? { state.withLock { $0.firstFalsy } }

    func pageID() async -> Int { state.withLock { $0.page } }

    /// The marker `settle()` logs: a console line no page writes.
    private static let markPrefix = "\u{0}hybrid-run-mark "

    /// Waits until the view has closed (its events end), then lets no one wait for a mark any more.
    func forwardEvents() async {
        for await _ in view.events {}
        let (waiting, observations) = state.withLock { state in
            state.eventsEnded = true
            defer { state.observations = [] }
            return (Self.takeWaiters(&state), state.observations)
        }
        observations.forEach { $0.cancel() }
        waiting()
    }

    /// Takes everyone waiting for a mark or a bridge event, for the caller to resume (the view has closed, or its
    /// web process has ended: nothing more will come).
    private static func takeWaiters(_ state: inout State) -> @Sendable () -> Void {
        let marks = Array(state.waiting.values), bridge = state.bridgeWaiters.values.map(\.continuation)
        state.waiting = [:]
        state.bridgeWaiters = [:]
        return {
            marks.forEach { $0.resume(returning: 0) }
            bridge.forEach { $0.resume() }
        }
    }

    /// A bridge message or signal was traced: counted, and those waiting for one resumed.
    private func bridgeEventSeen() {
        let resumed = state.withLock { state in
            state.bridgeEvents += 1
            let due = state.bridgeWaiters.filter { $0.value.after < state.bridgeEvents }
            due.keys.forEach { state.bridgeWaiters[$0] = nil }
            return due.values.map(\.continuation)
        }
        resumed.forEach { $0.resume() }
    }

    /// One event of the view (its reader thread, in order): printed and recorded as the headless engine's are.
    private func forward(_ event: WebViewEvent) {
        switch event.kind {
        case .console(let message):
            if message.text.hasPrefix(Self.markPrefix) {
                // `mark queued`: the mark's number, and the messages the page's bridge had not given native.
                let fields = message.text.dropFirst(Self.markPrefix.count).split(separator: " ").compactMap { Int($0) }
                if fields.count == 2 { state.withLock { $0.waiting.removeValue(forKey: fields[0]) }?.resume(returning: fields[1]) }
                return
            }
            emit(event)
        case .exception(let exception):
            // WebKit's message is `TypeError: ...`: the name and the message as the headless engine gives them.
            var name = exception.name, text = exception.message
            if name.isEmpty, let colon = text.range(of: ": "), text[..<colon.lowerBound].allSatisfy({ $0.isLetter }) {
                name = String(text[..<colon.lowerBound])
                text = String(text[colon.upperBound...])
            }
            emit(WebViewEvent(time: event.time, page: event.page, kind: .exception(JSException(
                name: name, message: text, sourceURL: exception.sourceURL, line: exception.line))))
        case .custom(kind: "webProcessTerminated", let fields):
            let reason = fields["reason"]?.stringValue ?? "crashed"
            // terminatedByAPI: the time limit stopped a script, which the run reports itself.
            if reason != "terminatedByAPI" {
                StandardStreams.err(report.style.red("hybrid run: the WebKit web process ended (\(reason))") + "\n")
                report.raise(.exception)
            }
            transcript.write(event)
            state.withLock { Self.takeWaiters(&$0) }()
        case .load(milestone: .start, url: _):
            state.withLock { $0.page = event.page }
            emit(event)
        default:
            emit(event)
        }
    }

    private func emit(_ event: WebViewEvent) {
        transcript.write(event)
        report.print(event)
    }

    /// Lets the page run its zero-delay timers (what a click or a load set off), then waits until every event the
    /// page sent before has been printed: the page logs a marker behind them, which the events carry in order.
    /// The marker carries how many messages the page's bridge had queued that native had not fetched then
    /// (``WebViewJavascriptBridge/queuedMessagesScript``): their signal reaches native by the navigation policy,
    /// which the marker does not wait for. Nil when the time limit came first.
    private func settle() async -> Int? {
        let mark = state.withLock { state in
            defer { state.nextMark += 1 }
            return state.nextMark
        }
        let text = JSONValue.string(Self.markPrefix + String(mark)).jsonString
        let script = "setTimeout(function () { setTimeout(function () { console.debug(\(text) + ' ' + "
            + "\(WebViewJavascriptBridge.queuedMessagesScript)); }, 0); }, 0); null"
        let outcome = await withDeadline { [self] in
            await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
                let ended = state.withLock { state in
                    if !state.eventsEnded { state.waiting[mark] = continuation }
                    return state.eventsEnded
                }
                if ended { return continuation.resume(returning: 0) }
                Task {
                    if (try? await self.view.evaluateJavaScript(script)) == nil {
                        self.state.withLock { $0.waiting.removeValue(forKey: mark) }?.resume(returning: 0)
                    }
                }
            }
        }
        switch outcome {
        case .done(let queued): return queued
        case .timedOut, .failed:
            state.withLock { $0.waiting.removeValue(forKey: mark) }?.resume(returning: 0)
            return nil
        }
    }

    /// Waits until a bridge message or signal has been traced since `count` of them; false when the time limit came
    /// first. True at once when the view has closed.
    private func bridgeEvent(after count: Int) async -> Bool {
        let key = state.withLock { state in
            defer { state.nextMark += 1 }
            return state.nextMark
        }
        let outcome = await withDeadline { [self] in
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state in
                    if state.eventsEnded || state.bridgeEvents > count { return true }
                    state.bridgeWaiters[key] = (count, continuation)
                    return false
                }
                if now { continuation.resume() }
            }
        }
        guard case .done = outcome else {
            state.withLock { $0.bridgeWaiters.removeValue(forKey: key) }?.continuation.resume()
            return false
        }
        return true
    }

    /// Runs until the page and its bridge are idle: the page settles, then the bridge's own work (a delivery it
    /// received, a mock's delay) is done and every message handler with reply has answered, again until a round
    /// passes without a bridge message or signal or an answer (a signal's queue is fetched, a delivery or an answer
    /// sets off the page) and with nothing in the page's bridge queue: messages the page queued (a handler's answer,
    /// a call) whose signal has not reached native yet are waited for, however late the signal comes. False when
    /// the time limit came first (a page whose signal never comes, as on a phone, never gets its answer).
    func runUntilIdle() async -> Bool {
        while true {
            let before = (state.withLock { $0.bridgeEvents }, view.repliesSent)
            guard let queued = await settle() else { return false }
            guard await bridge.runtime.runUntilIdle(timeout: max(deadline - .now, .zero)) == .idle else { return false }
            if case .timedOut = await withDeadline({ [view] in await view.repliesAnswered() }) { return false }
            guard (state.withLock { $0.bridgeEvents }, view.repliesSent) == before else { continue }
            if queued == 0 { return true }
            guard await bridgeEvent(after: before.0) else {
                StandardStreams.err(report.style.red("hybrid run: the page's bridge queued \(queued) message(s) whose "
                                                     + "https://__wvjb_queue_message__ signal never reached native") + "\n")
                return false
            }
        }
    }

    /// ``runUntilIdle()``, the time limit reported; false when the run must stop.
    private func idle() async -> Bool {
        await runUntilIdle() ? true : timedOut(in: "running until idle")
    }

    /// Loads `url` (until its `load` event) and runs until idle; false when the run must stop (the failure printed).
    func load(_ url: URL) async -> Bool {
        switch await withDeadline({ [view] in try await view.load(url) }) {
        case .timedOut:
            return timedOut(in: "loading \(url.absoluteString)")
        case .failed(let error as WebKitEngineError) where error.kind == .timeout:
            return timedOut(in: "loading \(url.absoluteString)")
        case .failed(let error):
            StandardStreams.err("hybrid run: \(error)\n")
            report.raise(.usage)
            return false
        case .done:
            return await idle()
        }
    }

    /// Runs step `number`; false when the run must stop (the time limit).
    func run(_ step: RunStep, number: Int) async -> Bool {
        let style = report.style
        let failed: @Sendable (String) -> Void = { [report] reason in
            StandardStreams.err(style.red("hybrid run: step \(number) (\(step.label)): \(reason)") + "\n")
            report.raise(.exception)
        }
        let page = await pageID()
        if let record = step.record {
            // Each step is written before what it causes.
            report.line(style.dim(record.line))
            transcript.write(kind: record.kind, page: page, record.fields)
        }
        switch step {
        case .eval(let code):
            transcript.write(kind: "eval", page: page, ["code": .string(code)])
            switch await withDeadline({ [self] in try await evaluate(code) }) {
            case .timedOut: return timedOut(in: "step \(number) (\(step.label))")
            case .failed(let error as WebKitEngineError) where error.kind == .timeout:
                return timedOut(in: "step \(number) (\(step.label))")
            case .failed(let error):
                report.failure(error)
                transcript.write(kind: "evalResult", page: await pageID(), ["code": .string(code), "error": .string("\(error)")])
            case .done(let value):
                StandardStreams.out(RunReport.format(value) + "\n")
                transcript.write(kind: "evalResult", page: await pageID(), ["code": .string(code), "value": value])
            }
        case .assert(let code):
            var passed = false
            switch await withDeadline({ [view] in try await view.evaluateJavaScript("!!(" + code + "\n)") }) {
            case .timedOut: return timedOut(in: step.label)
            case .failed(let error): report.failure(error)
            case .done(let value): passed = value == .bool(true)
            }
            if !passed { state.withLock { $0.firstFalsy = $0.firstFalsy ?? code } }
            report.tally.withLock {
                $0.assertions += 1
                if !passed { $0.failedAssertions += 1 }
            }
            report.line((passed ? style.green("✓ assert") : style.red("✗ assert")) + " " + code)
            transcript.write(kind: "assert", page: page, ["code": .string(code), "passed": .bool(passed)])
            return true
        case .wait(let milliseconds):
            let duration = Duration.milliseconds(Int64(milliseconds.rounded()))
            if case .timedOut = await withDeadline({ try await Task.sleep(for: duration) }) {
                return timedOut(in: step.label)
            }
        case .waitFor(let selector):
            let literal = JSONValue.string(selector).jsonString
            // WebKit's evaluation does not await a promise: the element is looked for every 20 ms.
            let outcome = await withDeadline { [view] () async throws -> Void in
                while try await view.evaluateJavaScript("!!document.querySelector(\(literal))") != .bool(true) {
                    try await Task.sleep(for: .milliseconds(20))
                }
            }
            switch outcome {
            case .timedOut: return timedOut(in: "waiting for '\(selector)' (\(step.label))")
            case .failed(let error): failed("\(error)")
            case .done: break
            }
        case .call(let call):
            return await RunBridge.call(call, bridge: bridge, phases: self) ? true : timedOut(in: "step \(number) (\(step.label))")
        case .event(let event):
            return await RunBridge.fire(event, bridge: bridge, phases: self) ? true : timedOut(in: "step \(number) (\(step.label))")
        case .click, .fill, .select, .press, .check, .uncheck:
            guard let script = RunWebKitActions.script(for: step) else { break }
            switch await withDeadline({ [view] in try await view.evaluateJavaScript(script) }) {
            case .timedOut: return timedOut(in: step.label)
            case .failed(let error): failed("\(error)")
            case .done(.string(let reason)): failed(reason)
            case .done: break
            }
        }
        return await idle()
    }

    /// `--eval`: the value of `code`, a promise awaited (WebKit's evaluation returns a promise as it is, so its
    /// settlement is kept in the page and read back).
    private func evaluate(_ code: String) async throws -> JSONValue {
        let slot = state.withLock { state in
            defer { state.nextMark += 1 }
            return state.nextMark
        }
        let script = """
            (function () {
              var value = (0, eval)(\(JSONValue.string(code).jsonString));
              if (value && typeof value.then === 'function') {
                var slots = window.__hybridRunResults || (window.__hybridRunResults = {});
                slots[\(slot)] = null;
                value.then(function (v) { slots[\(slot)] = {value: v === undefined ? null : v}; },
                           function (e) { slots[\(slot)] = {error: String(e)}; });
                return {pending: true};
              }
              return {value: value === undefined ? null : value};
            })()
            """
        var answer = try await view.evaluateJavaScript(script)
        while answer?["pending"] == .bool(true) || answer == .null {
            try await Task.sleep(for: .milliseconds(10))
            answer = try await view.evaluateJavaScript("window.__hybridRunResults[\(slot)]")
        }
        if let error = answer?["error"]?.stringValue { throw WebKitEngineError(.javaScript, error) }
        return answer?["value"] ?? .null
    }

    /// The serialised DOM (doctype and `<html>`).
    func html() async -> String? {
        let script = """
            (document.doctype ? new XMLSerializer().serializeToString(document.doctype) : '') +
              document.documentElement.outerHTML
            """
        guard case .done(let value) = await withDeadline({ [view] in try await view.evaluateJavaScript(script) }) else {
            return nil
        }
        return value?.stringValue
    }

    /// Writes a snapshot to `path` (its folder created); false when the run must stop.
    func screenshot(to path: String) async -> Bool {
        switch await withDeadline({ [view] in try await view.takeSnapshot() }) {
        case .timedOut: return timedOut(in: "taking the screenshot \(path)")
        case .failed(let error):
            StandardStreams.err(report.style.red("hybrid run: screenshot \(path): \(error)") + "\n")
            report.raise(.exception)
        case .done(let png):
            let url = URL(fileURLWithPath: path)
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try png.write(to: url)
                report.line(report.style.dim("screenshot \(path)"))
                transcript.write(kind: "screenshot", page: 1, ["path": .string(path), "bytes": .number(Double(png.count))])
            } catch {
                StandardStreams.err("hybrid run: cannot write the screenshot \(path): \(error.localizedDescription)\n")
                report.raise(.usage)
            }
        }
        return true
    }

    private func withDeadline<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async -> PhaseOutcome<T> {
        await PhaseOutcome.within(deadline: deadline, operation)
    }

    /// Reports the time limit (status 3); false, for the caller to return.
    @discardableResult
    private func timedOut(in phase: String) -> Bool {
        StandardStreams.err("hybrid run: time limit of \(String(format: "%g", timeout)) s reached while \(phase)\n")
        report.raise(.timeout)
        return false
    }
}
