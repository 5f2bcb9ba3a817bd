@testable import Bridge
import Foundation
import JavaScript
import Logging
import Synchronization
import Testing
import TestSupport
import WebView

/// A headless web view with a bridge and a log of its events.
final class WebPage: Sendable {
    let webView: HeadlessWebView
    let bridge: WebViewJavascriptBridge
    let events = Recorder<WebViewEvent>()
    let navigations = Recorder<String>()
    /// The bridge's log lines (`warning: ...`).
    let logs = Recorder<String>()

    static let webFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("web")

    init(container: ContainerProfile = .iOSWebViewJavascriptBridge) async {
        var configuration = WebViewConfiguration()
        container.configure(&configuration)
        webView = HeadlessWebView(runtime: JavaScriptRuntime(), configuration: configuration)
        let events = self.events
        webView.events.observe { events.append($0) }
        let logs = self.logs
        bridge = await WebViewJavascriptBridge(for: webView, container: container,
                                               logger: Logger(label: "test") { _ in RecordingLogHandler(recorder: logs) })
        await webView.setNavigationDelegate(NavigationRecorder(recorder: navigations))
    }

    func load(_ path: String) async throws {
        try await webView.load(Self.webFolder.appendingPathComponent(path))
    }

    /// Runs until idle; a page still busy after a generous limit is a failure of the test, not a crash of the suite.
    func idle() async {
        let outcome = await webView.runUntilIdle(timeout: .generous)
        #expect(outcome == .idle, "the page did not become idle")
    }

    func eval(_ script: String) async throws -> JSONValue {
        try await webView.evaluateJavaScript(script)
    }

    var bridgeEvents: [JSONObject] {
        events.all.compactMap { if case .custom("bridge", let fields) = $0.kind { fields } else { nil } }
    }

    /// The `divergence` events: `code` and `message`.
    var divergences: [JSONObject] {
        events.all.compactMap { if case .custom("divergence", let fields) = $0.kind { fields } else { nil } }
    }

    var exceptions: [JSException] {
        events.all.compactMap { if case .exception(let error) = $0.kind { error } else { nil } }
    }

    var console: [String] {
        events.all.compactMap { if case .console(let message) = $0.kind { message.text } else { nil } }
    }
}

final class NavigationRecorder: NavigationDelegate {
    let recorder: Recorder<String>
    init(recorder: Recorder<String>) { self.recorder = recorder }
    func decidePolicy(for action: NavigationAction) -> NavigationPolicy {
        recorder.append(action.rawURL)
        return action.isMainFrame ? .allow : .cancel
    }
}

/// Awaits an old-style response callback.
func answer(_ bridge: WebViewJavascriptBridge, _ name: String, _ data: JSONValue?) async -> JSONValue? {
    await withCheckedContinuation { continuation in
        bridge.callHandler(name, data: data) { continuation.resume(returning: $0) }
    }
}
