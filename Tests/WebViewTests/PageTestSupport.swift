import Foundation
import JavaScript
import Synchronization
import TestSupport
@testable import WebView

/// A temporary folder of page files, removed when dropped.
final class PageFixture: Sendable {
    let root: URL

    init(_ files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("page-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func url(_ path: String) -> URL { root.appendingPathComponent(path) }
}

/// Collects every event of a web view synchronously, in order.
final class EventLog: Sendable {
    private final class Store: Sendable {
        let events = Mutex<[WebViewEvent]>([])
    }
    private let store = Store()

    init(_ webView: HeadlessWebView) {
        let store = self.store
        webView.events.observe { event in store.events.withLock { $0.append(event) } }
    }

    var all: [WebViewEvent] { store.events.withLock { $0 } }

    var consoleLines: [String] {
        all.compactMap { if case .console(let message) = $0.kind { message.text } else { nil } }
    }

    var exceptions: [JSException] {
        all.compactMap { if case .exception(let error) = $0.kind { error } else { nil } }
    }

    var dialogs: [(DialogType, String, JSONValue)] {
        all.compactMap { if case .dialog(let type, let text, let answer) = $0.kind { (type, text, answer) } else { nil } }
    }

    var navigations: [(String, NavigationType, NavigationPolicy)] {
        all.compactMap { if case .navigation(let url, let type, let decision) = $0.kind { (url, type, decision) } else { nil } }
    }

    var milestones: [LoadMilestone] {
        all.compactMap { if case .load(let milestone, _) = $0.kind { milestone } else { nil } }
    }
}

/// Records navigation requests and answers from a rule.
final class RecordingNavigationDelegate: NavigationDelegate {
    private let actions = Mutex<[NavigationAction]>([])
    private let rule: @Sendable (NavigationAction) -> NavigationPolicy

    init(_ rule: @escaping @Sendable (NavigationAction) -> NavigationPolicy = { _ in .cancel }) { self.rule = rule }

    var requests: [NavigationAction] { actions.withLock { $0 } }

    func decidePolicy(for action: NavigationAction) -> NavigationPolicy {
        actions.withLock { $0.append(action) }
        return rule(action)
    }
}

/// A web view on a fresh runtime, with an event log.
func makeWebView(executionTimeLimit: Duration? = nil) -> (HeadlessWebView, EventLog) {
    let runtime = JavaScriptRuntime(configuration: .init(executionTimeLimit: executionTimeLimit))
    let webView = HeadlessWebView(runtime: runtime)
    return (webView, EventLog(webView))
}

extension HeadlessWebView {
    /// Runs `script` in the page (a click, `location.href = ...`, `history.back()`) and waits until the web view is
    /// idle again: a navigation it starts has loaded the next document, whose scripts and requests have settled.
    func settle(after script: String) async throws {
        _ = try await evaluateJavaScript(script + "; 0")
        _ = await runUntilIdle(timeout: .generous)
    }
}

/// The `key=value` integers of the first line of `output` that starts with `prefix` (a memory child process's report,
/// `PAGE_MEMORY cycles=200 growthKB=...`); nil when there is no such line.
func reportFields(_ prefix: String, in output: String) -> [String: Int]? {
    guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix(prefix + " ") }) else { return nil }
    return Dictionary(line.dropFirst(prefix.count + 1).split(separator: " ").map {
        let pair = $0.split(separator: "=")
        return (String(pair[0]), pair.count > 1 ? Int(pair[1]) ?? -1 : -1)
    }, uniquingKeysWith: { first, _ in first })
}
