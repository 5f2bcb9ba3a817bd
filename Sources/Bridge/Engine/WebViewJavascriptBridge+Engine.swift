import JavaScript
import Logging
import WebView

extension WebViewJavascriptBridge {
    /// A bridge for a web view on either engine (`WebViewEngine`): the same handlers and calls answer the page on
    /// the headless engine and on the WebKit engine.
    ///
    /// A `HeadlessWebView` gets the bridge of `init(for:container:logger:)` (the iOS container). Any other engine (the WebKitEngine
    /// module's `WebKitWebView`) gets it as the iOS library does on WKWebView: the page's `https://__bridge_loaded__`
    /// and `https://__wvjb_queue_message__` navigations are cancelled in the navigation policy, the bridge's script is
    /// evaluated in the main frame, and messages travel by `_fetchQueue()` and `_handleMessageFromObjC(json)` through
    /// `evaluateJavaScript`. Its handlers and callbacks run on a runtime thread of the bridge's own
    /// (``runtime``). A new document or the end of the web process fails the calls waiting on the page with
    /// `page_gone`, as a page that goes away does on the headless engine.
    ///
    /// ```swift
    /// let view = try await WebKitWebView.start()
    /// let bridge = try await WebViewJavascriptBridge(engine: view)
    /// bridge.registerHandler("greet") { data, respond in respond("Hello from native") }
    /// try await view.load(page)
    /// ```
    public convenience init(engine: any WebViewEngine,
                            logger: Logger = Logger(label: "WebViewJavascriptBridge")) async throws {
        if let headless = engine as? HeadlessWebView {
            await self.init(for: headless, container: .iOSWebViewJavascriptBridge, logger: logger)
            return
        }
        self.init(runtime: JavaScriptRuntime(configuration: .init(name: "hybrid.bridge")), logger: logger)
        try await EngineBridgeTransport(bridge: self, engine: engine).attach()
    }

    /// A JavaScript expression for the page of an engine bridge (the WebKit engine): how many messages the page's
    /// bridge has queued that native has not fetched yet (0 before the bridge is injected). On a real engine the
    /// page's `https://__wvjb_queue_message__` signal reaches native by the navigation policy, which may come after
    /// what the page did next (a console message, a timer), so a page counts as idle only when this is 0.
    package static let queuedMessagesScript = "(typeof window.\(EngineBridgeTransport.queuedProperty) === 'function' ? "
        + "window.\(EngineBridgeTransport.queuedProperty)() : 0)"
}
