import Foundation
import Hybrid

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

    /// Makes the bridge for `webView` with the built-in handlers (mocks are installed over them later).
    static func attach(to webView: HeadlessWebView, demo: Bool, logging: Bool) async -> WebViewJavascriptBridge {
        let bridge = await WebViewJavascriptBridge(for: webView)
        bridge.isEchoEnabled = true
        if logging { bridge.enableLogging() }
        if demo { RunDemo.registerHandlers(on: bridge) }
        return bridge
    }

    /// `--call NAME[=JSON]`: native calls the page's handler, the page runs until idle, and the
    /// answer (or `no response`) is printed on stdout. An error answer is status 1.
    static func call(_ call: RunOptions.Call, bridge: WebViewJavascriptBridge, phases: RunPhases) async -> Bool {
        let report = phases.report
        report.line(report.style.dim("call \(call.handler)") + (call.data.map { " " + $0.jsonString } ?? ""))
        // Enqueued now (not from another task), so the run-until-idle below includes the delivery;
        // the answer (data or error) is read from the traced response.
        report.tally.withLock { _ = $0.lastCallbackID.removeValue(forKey: call.handler) }
        bridge.callHandler(call.handler, data: call.data) { _ in }
        let idle = await phases.runUntilIdle()
        let answer = report.tally.withLock { tally in tally.lastCallbackID[call.handler].flatMap { tally.answers[$0] } }
        var fields: JSONObject = ["handler": .string(call.handler), "data": call.data ?? .null]
        if let error = answer?["error"] {
            let code = error["code"]?.stringValue ?? "", message = error["message"]?.stringValue ?? ""
            StandardStreams.err(report.style.red("hybrid run: --call \(call.handler): \(code): \(message)") + "\n")
            report.raise(.exception)
            fields["error"] = error
        } else if let answer {
            let value = answer["data"] ?? .null
            StandardStreams.out(RunReport.format(value) + "\n")
            fields["value"] = value
        } else {
            StandardStreams.out("no response\n")
            fields["value"] = .null
            fields["noResponse"] = true
        }
        phases.transcript.write(kind: "call", page: await phases.pageID(), fields)
        return idle
    }
}
