import Foundation
import HybridTesting
import WebKitEngine

extension TestCommand {
    /// What `--engine webkit` does not run, as the options the user gave, each with why; empty when the run can go
    /// ahead. Running without them would be a silent no-op, so the run stops instead.
    var unsupportedOnWebKit: [String] {
        let bridgeReason = "WebKit runs the iOS bridge with the sidecar mocks only"
        var found: [String] = []
        func add(_ given: Bool, _ option: String, _ why: String) { if given { found.append("\(option) (\(why))") } }
        add(virtualTime, "--virtual-time", "WebKit's timers run on its own clock")
        add(timingSeeds > 0, "--timing-seeds", "WebKit's timers run on its own clock")
        add(bridge.timingSeed != nil, "--timing-seed", "WebKit's timers run on its own clock")
        add(coverage.coverage || coverage.coverageMin != nil, coverage.coverage ? "--coverage" : "--coverage-min", "the pages' scripts are not instrumented in WebKit")
        add(!bridge.messageHandlers.isEmpty, "--message-handler", bridgeReason)
        add(!bridge.mockScripts.isEmpty, "--mock-script", bridgeReason)
        add(bridge.lenient, "--lenient", bridgeReason)
        add(bridge.maxMessageSize != nil, "--max-message-size", bridgeReason)
        add(bridge.containerProfile != .iOSWebViewJavascriptBridge, "--container", bridgeReason)
        add(bridge.replayHAR != nil, "--replay-har", "WebKit's network is not intercepted")
        add(maxMemory != nil, "--max-memory", "WebKit's memory is its web process's")
        return found
    }

    /// `--engine webkit`: the options it cannot run refused by name, WebKitGTK's absence named with the script that
    /// installs it; nil when the run can go ahead (the message otherwise).
    var webKitRefusal: String? {
        guard engine == .webkit else { return nil }
        let unsupported = unsupportedOnWebKit
        if !unsupported.isEmpty {
            return "--engine webkit does not run " + unsupported.joined(separator: ", ")
                + "; run these tests on the headless engine (--engine headless)"
        }
        return WebKitWebView.unavailableReason.map { "--engine webkit: \($0)" }
    }
}
