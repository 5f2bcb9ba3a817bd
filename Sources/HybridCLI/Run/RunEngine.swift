import ArgumentParser
import Foundation
import Hybrid

/// `--engine`: which engine runs the page.
enum RunEngine: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// The headless web view (domino on JavaScriptCore): fast, no layout, no pixels.
    case headless
    /// Real WebKit (WebKitGTK) in a helper process: layout, pixels, screenshots.
    case webkit
}

extension RunOptions {
    /// What `--engine webkit` does not run yet, as the options the user gave (`--call`, `--mock`), each with why;
    /// empty when the run can go ahead. Running without them would be a silent no-op, so the run stops instead.
    var unsupportedOnWebKit: [String] {
        let bridge = "the bridge, its mocks and native handlers do not run on WebKit yet"
        var found: [String] = []
        func add(_ given: Bool, _ option: String, _ why: String) { if given { found.append("\(option) (\(why))") } }
        add(steps.contains { if case .call = $0 { true } else { false } }, "--call", bridge)
        add(steps.contains { if case .event = $0 { true } else { false } }, "--event", bridge)
        let sidecar = url.isFileURL && !startFromRoutes
            && FileManager.default.fileExists(atPath: MockHandlers.sidecarURL(forPage: url).path)
        add(!mockFiles.isEmpty || sidecar, sidecar && mockFiles.isEmpty ? "the sidecar mock file" : "--mock", bridge)
        add(!messageHandlers.isEmpty, "--message-handler", bridge)
        add(!mockScripts.isEmpty, "--mock-script", bridge)
        add(lenient, "--lenient", bridge)
        add(maxMessageSize != nil, "--max-message-size", bridge)
        add(container != .iOSWebViewJavascriptBridge, "--container", bridge)
        add(timing != .device, "--timing-seed", bridge)
        add(routes != nil, "--routes", "the app shell runs on the headless engine only")
        add(replayHAR != nil, "--replay-har", "WebKit's network is not intercepted")
        add(recordHAR != nil, "--record-har", "WebKit's network is not intercepted")
        add(virtualTime, "--virtual-time", "WebKit's timers run on its own clock")
        add(rotations > 0, "--rotate", "the WebKit view does not turn")
        add(!fileInputs.isEmpty, "--file-input", "WebKit's file chooser is not driven")
        add(geolocation != nil, "--geolocation", "WebKit's device services are not driven")
        add(clipboard != nil, "--clipboard", "WebKit's device services are not driven")
        add(canvasOut != nil, "--canvas-out", "use --screenshot")
        add(maxMemory != nil, "--max-memory", "WebKit's memory is its web process's")
        add(coverage != nil, "--coverage", "WebKit's scripts are not instrumented")
        return found
    }
}
