import Bridge
import FixtureServer
import Foundation
import JavaScript
import Synchronization
import WebView

/// A page driven from a Swift Testing test, as `page.open(url)` drives one from a JavaScript test: served from its
/// folder over HTTP as `hybrid run` and `hybrid test` serve it (its sidecar mocks `NAME.mock.json` in its bridge, then
/// `configure`'s handlers), driven by the same step helpers (click, fill, type, press, select, check), with the calls
/// the page made to native recorded.
///
/// ```swift
/// let page = try await TestPage.open(URL(fileURLWithPath: "web/checkout.html")) { bridge in
///     bridge.registerHandler("pay") { data, respond in respond(["order": 42]) }
/// }
/// try await page.fill("#name", "Ann")
/// try await page.click("#pay")
/// try await page.waitFor("#msg:not(:empty)")
/// #expect(page.calls("pay") == [["name": "Ann"]])
/// #expect(try await page.text("#msg") == "Order 42")
/// await page.close()
/// ```
///
/// Each page has a runtime of its own. A step that fails throws a ``TestPageError`` that names the step and its
/// selector: `click('#missing'): no element matches the selector '#missing'`.
///
/// A test mocks the page's native handlers (``mock(_:_:)``), its network (``network``) and holds its clock
/// (``clock``), from before its first script with a ``Setup``.
public final class TestPage: Sendable {
    /// The network mocks and the clock's hold (``mock(_:_:)``, ``network``, ``clock``).
    let fakes = PageFakes()
    /// The web view the page is in.
    public let webView: HeadlessWebView
    /// The page's bridge (register more handlers on it at any time).
    public let bridge: WebViewJavascriptBridge
    private let server: FixtureServer?
    /// The calls the page made to native, in order (``calls(_:)``, ``native``).
    let recorded = Mutex<[NativeCall]>([])

    private init(webView: HeadlessWebView, bridge: WebViewJavascriptBridge, server: FixtureServer?) {
        self.webView = webView
        self.bridge = bridge
        self.server = server
    }

    /// Opens `url` (a local page, served from its folder; or an `http(s)` URL as it is) on a runtime of its own, with
    /// the device, container, bridge compatibility, timing and clock (`virtualTime`) of `options`, and returns once it
    /// has loaded and settled (its bridge injected and its setup callbacks run). `setup`'s mocks and clock apply from
    /// the page's first script, after `configure`. Throws ``TestPageError`` when the page cannot be opened.
    public static func open(_ url: URL, options: TestRunOptions = TestRunOptions(), setup: Setup = Setup(),
                            configure: BridgeSetup? = nil) async throws -> TestPage {
        if url.isFileURL, !FileManager.default.isReadableFile(atPath: url.path) {
            throw TestPageError(message: "open('\(url.path)'): no such page")
        }
        let runtime = JavaScriptRuntime(configuration: .init(name: "hybrid.test-page",
                                                             clock: setup.runtimeClock(options)))
        var configuration = WebViewConfiguration(device: options.device)
        options.container.configure(&configuration)
        // No back-forward cache: the harness tells that a page was left by its document closing (a test page that
        // navigates away fails), which a kept page would not do.
        configuration.backForwardCacheCapacity = 0
        let webView = HeadlessWebView(runtime: runtime, configuration: configuration)
        let server = url.isFileURL ? FixtureServer(root: url.deletingLastPathComponent().path, runtime: runtime) : nil
        let bridge = await WebViewJavascriptBridge(for: webView, container: options.container)
        bridge.compatibility = options.compatibility
        bridge.timing = options.timing
        if let size = options.maximumMessageSize { bridge.maximumMessageSize = size }
        let page = TestPage(webView: webView, bridge: bridge, server: server)
        let requests = BridgeRequests(bridge)
        bridge.events.observe { [weak page] event in
            guard event.direction == .jsToNative, event.type == .call, let handler = event.handler else { return }
            page?.recorded.withLock { $0.append(NativeCall(event, handler: handler)) }
        }
        do {
            var target = url
            if let server {
                let sidecar = MockHandlers.sidecarURL(forPage: url)
                if FileManager.default.fileExists(atPath: sidecar.path) { try MockHandlers(contentsOf: sidecar).install(into: bridge) }
                let base = try await server.start()
                page.fakes.network.serve(base: base, folder: server.root)
                let name = url.lastPathComponent.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? ""
                guard let served = URL(string: name, relativeTo: URL(string: base)) else {
                    throw TestPageError(message: "cannot make a URL for \(url.lastPathComponent)")
                }
                target = served.absoluteURL
            }
            if let configure { try await configure(bridge) }
            await setup.apply(to: page)
            try await webView.load(target)
            await PageVerbs.settleLoaded(page.webView, bridge: requests)
            return page
        } catch {
            await page.close()
            if let error = error as? TestPageError { throw error }
            throw TestPageError(message: "open('\(url.isFileURL ? url.lastPathComponent : url.absoluteString)'): \(Self.reason(error))")
        }
    }

    /// The data of each call the page made to the native handler `handler`, in order.
    public func calls(_ handler: String) -> [JSONValue] {
        recorded.withLock { $0.filter { $0.name == handler }.map(\.data) }
    }

    /// Clicks the first element matching `selector`, as `hybrid run --click` does.
    public func click(_ selector: String) async throws { try await verb("click", [selector]) }

    /// Types `text` into the field, replacing its value, as `hybrid run --fill` does.
    public func fill(_ selector: String, _ text: String) async throws { try await verb("fill", [selector, text]) }

    /// Focuses the field and presses each character of `text` (its value is kept).
    public func type(_ selector: String, _ text: String) async throws { try await verb("type", [selector, text]) }

    /// Presses `key` on the focused element, or on `selector`'s element after focusing it.
    public func press(_ key: String, on selector: String? = nil) async throws {
        try await verb("press", (selector.map { [$0] } ?? []) + [key])
    }

    /// Chooses the option whose value, else label, is `value`.
    public func select(_ selector: String, _ value: String) async throws { try await verb("select", [selector, value]) }

    /// Checks (or with `false` unchecks) a checkbox or radio button.
    public func check(_ selector: String, _ checked: Bool = true) async throws {
        try await verb(checked ? "check" : "uncheck", [selector])
    }

    /// Waits until an element matches `selector`, at most `timeout` (on the page's clock: a virtual clock jumps; an
    /// installed one stands still, so the element must be there once the page has settled).
    public func waitFor(_ selector: String, timeout: Duration = .seconds(5)) async throws {
        if fakes.clockHeld.load(ordering: .relaxed) { return try await waitForOnHeldClock(selector) }
        let literal = JSONValue.string(selector).jsonString
        let milliseconds = Double(timeout.components.seconds) * 1000 + Double(timeout.components.attoseconds) / 1e15
        try await step("waitFor", [selector]) { webView in
            _ = try await webView.callAsyncJavaScript("""
                document.querySelector(\(literal)) ? true : new Promise(function (resolve, reject) {
                  var observer = new MutationObserver(function () {
                    if (document.querySelector(\(literal))) { observer.disconnect(); clearTimeout(timer); resolve(true); }
                  });
                  observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
                  var timer = setTimeout(function () {
                    observer.disconnect();
                    reject(new Error("no element matches '" + \(literal) + "' after \(Int(milliseconds)) ms"));
                  }, \(milliseconds));
                });
                """)
        }
    }

    /// Runs the page until it is idle (no one-shot timer, load, fetch or bridge message in flight), at most `timeout`.
    public func waitForIdle(timeout: Duration = .seconds(10)) async throws {
        guard await webView.runUntilIdle(timeout: timeout) == .idle else {
            throw TestPageError(message: "waitForIdle(): the page was still busy after \(timeout.shortText)")
        }
        try fakes.network.throwUnmatched()
    }

    /// Evaluates `script` in the page; its value as JSON.
    public func evaluate(_ script: String) async throws -> JSONValue {
        var value = JSONValue.null
        try await step("evaluate", [script.count > 40 ? String(script.prefix(40)) + "…" : script]) {
            value = try await $0.evaluateJavaScript(script)
        }
        return value
    }

    /// The `textContent` of the first element matching `selector`.
    public func text(_ selector: String) async throws -> String {
        var text = ""
        try await step("text", [selector]) { text = try await $0.text(of: selector) }
        return text
    }

    /// `page.dom(selector)`'s stable serialisation of the element (the whole document when nil), for snapshots.
    public func dom(_ selector: String? = nil) async throws -> String {
        let serialiser = try HybridTestingScripts.pageAPI.source.get()
        let target = selector.map { "document.querySelector(\(JSONValue.string($0).jsonString))" } ?? "document"
        var text = ""
        try await step("dom", selector.map { [$0] } ?? []) { webView in
            let value = try await webView.evaluateJavaScript("""
                (function () {
                  var node = \(target);
                  if (!node) throw new Error("no element matches '" + \(JSONValue.string(selector ?? "").jsonString) + "'");
                  var holder = { setTimeout: setTimeout, clearTimeout: clearTimeout, location: location };
                  (\(serialiser))(holder, { timeout: 1000 });
                  return holder.__hybridPages.serialise(node);
                })()
                """)
            text = value.stringValue ?? ""
        }
        return text
    }

    /// Closes the page, its server and its runtime. Idempotent.
    public func close() async {
        await webView.close()
        await server?.stop()
        await webView.runtime.shutdown()
    }

    /// Runs `action`, then lets the page settle; a failure becomes a ``TestPageError`` naming the step.
    private func step(_ verb: String, _ arguments: [String], _ action: (HeadlessWebView) async throws -> Void) async throws {
        do {
            try await action(webView)
        } catch {
            let shown = arguments.map { "'\($0)'" }.joined(separator: ", ")
            throw TestPageError(message: "\(verb)(\(shown)): \(Self.reason(error))")
        }
        try await settle()
    }

    private func verb(_ name: String, _ arguments: [String]) async throws {
        try await step(name, arguments) { _ = try await PageVerbs.perform(name, arguments, on: $0) }
    }

    private static func reason(_ error: any Error) -> String {
        (error as? JSException)?.message ?? "\(error)"
    }
}
