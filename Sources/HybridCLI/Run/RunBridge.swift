import Foundation
import Hybrid
import Synchronization

/// The bridge `hybrid run` attaches to every page: built-in handlers (`echo`, and the demo's
/// handlers in the demo), then the page's sidecar mocks, then each `--mock` file, each overriding
/// the previous handler by handler.
enum RunBridge {
    /// Reads the mocks: the sidecar `NAME.mock.json` next to a local page (when present), then each
    /// `--mock FILE` in order. Throws a one-line input error (with the JSON error's position).
    static func mocks(page: URL, files: [String]) throws(RunInputError) -> MockHandlers {
        var mocks = MockHandlers()
        var sources: [URL] = []
        if page.isFileURL {
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
        let result = Mutex<Result<JSONValue?, any Error>?>(nil)
        let task = Task {
            do {
                let answer = try await bridge.call(call.handler, call.data)
                result.withLock { $0 = .success(answer) }
            } catch {
                result.withLock { $0 = .failure(error) }
            }
        }
        let idle = await phases.runUntilIdle()
        // The page answered when its response was traced; the task then finishes at once.
        let answered = report.tally.withLock { tally in
            tally.lastCallbackID[call.handler].map { tally.answered.contains($0) } ?? false
        }
        var outcome: Result<JSONValue?, any Error>?
        if answered {
            await task.value
            outcome = result.withLock { $0 }
        } else {
            task.cancel()
        }
        var fields: JSONObject = ["handler": .string(call.handler), "data": call.data ?? .null]
        switch outcome {
        case .success(let answer)?:
            StandardStreams.out(RunReport.format(answer ?? .null) + "\n")
            fields["value"] = answer ?? .null
        case .failure(let error as BridgeError)?:
            StandardStreams.err(report.style.red("hybrid run: --call \(call.handler): \(error.code): \(error.message)") + "\n")
            report.raise(.exception)
            fields["error"] = ["code": .string(error.code), "message": .string(error.message)]
        case .failure(let error)?:
            StandardStreams.err("hybrid run: --call \(call.handler): \(error)\n")
            report.raise(.exception)
            fields["error"] = ["code": "failed", "message": .string("\(error)")]
        case nil:
            StandardStreams.out("no response\n")
            fields["value"] = .null
            fields["noResponse"] = true
        }
        phases.transcript.write(kind: "call", page: await phases.pageID(), fields)
        return idle
    }
}
