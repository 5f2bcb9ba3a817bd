import Foundation
import Hybrid
import Synchronization

/// The bridge `hybrid run` attaches to every page: built-in handlers (`echo`, and the demo's
/// handlers in the demo), then the page's sidecar mocks, then each `--mock` file, each overriding
/// the previous handler by handler.
enum RunBridge {
    /// Reads the mocks: the sidecar `NAME.mock.json` next to a local page (when present), then each
    /// `--mock FILE` in order. Throws a one-line input error (with the JSON error's position).
    static func mocks(page: URL?, files: [String]) throws(RunInputError) -> MockHandlers {
        var mocks = MockHandlers()
        var sources: [URL] = []
        if let page, page.isFileURL {
            let sidecar = MockHandlers.sidecarURL(forPage: page)
            if FileManager.default.fileExists(atPath: sidecar.path) { sources.append(sidecar) }
        }
        sources += files.map { URL(fileURLWithPath: $0) }
        for source in sources {
            do {
                mocks = mocks.overriding(with: try MockHandlers(contentsOf: source))
            } catch {
                throw RunInputError(error.description)
            }
        }
        return mocks
    }

    /// Makes the bridge for `webView` with the run's settings (``configure(_:options:)``; mocks are installed over
    /// its built-in handlers later).
    static func attach(to webView: HeadlessWebView, options: RunOptions) async -> WebViewJavascriptBridge {
        let bridge = await WebViewJavascriptBridge(for: webView, container: options.container)
        configure(bridge, options: options)
        return bridge
    }

    /// The run's settings on a bridge of either engine: the built-in handlers (`echo`, and the demo's in the demo),
    /// `--lenient`, logging (`--log-level`), `--max-message-size` and `--timing-seed`.
    static func configure(_ bridge: WebViewJavascriptBridge, options: RunOptions) {
        bridge.isEchoEnabled = true
        if options.lenient { bridge.compatibility = .lenient }
        if options.logBridge { bridge.enableLogging() }
        if options.isDemo { RunDemo.registerHandlers(on: bridge) }
        if let size = options.maxMessageSize { bridge.maximumMessageSize = size }
        bridge.timing = options.timing
    }

    /// Installs `mocks`, then each `--mock-script` over them.
    static func install(_ mocks: MockHandlers, scripts: [String], into bridge: WebViewJavascriptBridge) async throws(RunInputError) {
        mocks.install(into: bridge)
        for script in scripts {
            do { try await MockScript.install(contentsOf: script, into: bridge) } catch { throw RunInputError("--mock-script \(error)") }
        }
    }

    /// `--call NAME[=JSON]`: native calls the page's handler, the page runs until idle, and the
    /// answer (or `no response`) is printed on stdout. An error answer, including one the bridge
    /// gave itself (an answer over the size limit is `payload_too_large`), is status 1.
    ///
    /// The answer is the bridge's own completion of this call, never read from traced traffic: a
    /// response whose id native did not send, or answered already, is not this call's answer.
    static func call(_ call: RunOptions.Call, bridge: WebViewJavascriptBridge, phases: some RunBridgeSteps) async -> Bool {
        let report = phases.report
        report.line(report.style.dim("call \(call.handler)") + (call.data.map { " " + $0.jsonString } ?? ""))
        // The step is written before what it causes; its outcome (`callResult`) once the page is idle.
        var fields: JSONObject = ["handler": .string(call.handler), "data": call.data ?? .null]
        phases.transcript.write(kind: "call", page: await phases.pageID(), fields)
        // Queued before this returns, so the run-until-idle below includes the delivery and the answer.
        let outcome = Mutex<Result<JSONValue?, BridgeError>?>(nil)
        bridge.call(call.handler, call.data) { result in
            outcome.withLock { if $0 == nil { $0 = result } }
        }
        let idle = await phases.runUntilIdle()
        fields["data"] = nil
        switch outcome.withLock({ $0 }) {
        case .failure(let error)?:
            StandardStreams.err(report.style.red("hybrid run: --call \(call.handler): \(error.code): \(error.message)") + "\n")
            report.raise(.exception)
            fields["error"] = ["code": .string(error.code), "message": .string(error.message)]
        case .success(let answer)?:
            let value = answer ?? .null
            StandardStreams.out(RunReport.format(value) + "\n")
            fields["value"] = value
        case nil:
            StandardStreams.out("no response\n")
            fields["value"] = .null
            fields["noResponse"] = true
        }
        phases.transcript.write(kind: "callResult", page: await phases.pageID(), fields)
        return idle
    }

    /// `--event NAME[=JSON]`: the container fires the event into the page (the bridge traces it), and the page runs
    /// until idle. An event the container does not fire is status 1, the message listing those it does.
    static func fire(_ event: RunOptions.Call, bridge: WebViewJavascriptBridge, phases: some RunBridgeSteps) async -> Bool {
        let report = phases.report
        report.line(report.style.dim("event \(event.handler)") + (event.data.map { " " + $0.jsonString } ?? ""))
        var fields: JSONObject = ["name": .string(event.handler), "data": event.data ?? .null]
        phases.transcript.write(kind: "event", page: await phases.pageID(), fields)
        do throws(BridgeError) {
            try await bridge.fireEvent(event.handler, data: event.data)
        } catch {
            StandardStreams.err(report.style.red("hybrid run: --event \(event.handler): \(error.code): \(error.message)") + "\n")
            report.raise(.exception)
            fields["error"] = ["code": .string(error.code), "message": .string(error.message)]
            phases.transcript.write(kind: "eventResult", page: await phases.pageID(), fields)
        }
        return await phases.runUntilIdle()
    }
}

/// What the bridge's steps (`--call`, `--event`) need of a run, on either engine: where they print and write, the
/// page they act on, and running the page until idle (false when the time limit came first).
protocol RunBridgeSteps {
    var report: RunReport { get }
    var transcript: RunTranscript { get }
    func pageID() async -> Int
    func runUntilIdle() async -> Bool
}

extension RunPhases: RunBridgeSteps {}
