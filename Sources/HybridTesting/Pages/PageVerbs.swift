import Bridge
import Foundation
import JavaScript
import Synchronization
import WebView

/// The verbs that drive a page, shared by `page.*` in JavaScript tests (``PageHost``) and ``TestPage`` in Swift tests:
/// each runs through the web view's step helpers, the ones `hybrid run`'s steps use.
enum PageVerbs {
    /// Runs `verb` with its arguments as the test gave them (`press`: `[key]` or `[selector, key]`); false for a verb
    /// that is not one of these.
    static func perform(_ verb: String, _ arguments: [String], on webView: HeadlessWebView) async throws -> Bool {
        func argument(_ index: Int) -> String { index < arguments.count ? arguments[index] : "" }
        switch verb {
        case "click": try await webView.click(argument(0))
        case "fill": try await webView.fill(argument(0), with: argument(1))
        case "select": try await webView.selectOption(argument(1), in: argument(0))
        case "check": try await webView.setChecked(true, for: argument(0))
        case "uncheck": try await webView.setChecked(false, for: argument(0))
        case "press":
            if arguments.count > 1 { try await focus(argument(0), in: webView) }
            try await webView.press(argument(arguments.count - 1))
        case "type":
            try await focus(argument(0), in: webView)
            for character in argument(1) { try await webView.press(String(character)) }
        default:
            return false
        }
        return true
    }

    /// Focuses the element matching `selector`, throwing as the steps do when none matches.
    private static func focus(_ selector: String, in webView: HeadlessWebView) async throws {
        guard try await webView.count(of: selector) > 0 else {
            throw JSException(name: "Error", message: "no element matches '\(selector)'")
        }
        _ = try await webView.evaluateJavaScript("document.querySelector(\(JSONValue.string(selector).jsonString)).focus(), null")
    }

    /// Waits until the page is idle: its load done and the work it has now run (requests, bridge messages in flight,
    /// timers due now such as a `setTimeout(f, 0)` chain, animation frames whose time came, and the microtasks each
    /// runs) through the runtime's `settle()`. Timers due later are not waited for (a test moves them, or waits for
    /// what they do), nor are the test page's own (its test timeout).
    static func settle(_ webView: HeadlessWebView) async {
        repeat {
            // A trip to the document first: work queued on the runtime thread before the verb returned runs.
            _ = try? await webView.withDocument { _ in }
            await webView.runtime.settle()
        } while await webView.isLoading
    }

    /// Settles a page that has just loaded: as ``settle(_:)``, then, when the page asked for the WebViewJavascriptBridge
    /// and a bridge timing delays its injection (`--timing-seed`, on the virtual clock, held still while a page opens),
    /// moves the clock timer by timer until the bridge is there and its setup callbacks have run.
    static func settleLoaded(_ webView: HeadlessWebView, bridge: BridgeRequests) async {
        await settle(webView)
        guard bridge.asked else { return }
        for _ in 0..<1000 {
            if (try? await webView.evaluateJavaScript("typeof WebViewJavascriptBridge === 'object'")) == .bool(true) { return }
            guard await webView.runtime.fireNextTimer() else { return }
            await settle(webView)
        }
    }
}

/// Whether a page asked its bridge to be injected (its `__bridge_loaded__` signal), for ``PageVerbs/settleLoaded(_:bridge:)``.
final class BridgeRequests: Sendable {
    private let seen = Atomic(false)

    init(_ bridge: WebViewJavascriptBridge) {
        bridge.events.observe { [weak self] event in
            if event.type == .signal, event.outcome == "bridge_loaded" { self?.seen.store(true, ordering: .relaxed) }
        }
    }

    var asked: Bool { seen.load(ordering: .relaxed) }
}
