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
    /// What `--engine webkit` does not run yet, as the options the user gave (`--container`, `--routes`), each with
    /// why; empty when the run can go ahead. Running without them would be a silent no-op, so the run stops instead.
    var unsupportedOnWebKit: [String] {
        var found: [String] = []
        func add(_ given: Bool, _ option: String, _ why: String) { if given { found.append("\(option) (\(why))") } }
        add(container != .iOSWebViewJavascriptBridge, "--container",
            "WebKit carries the iOS WebViewJavascriptBridge only")
        add(timing != .device, "--timing-seed", "the seeded timing needs the virtual clock")
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
