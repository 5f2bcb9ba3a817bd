import JavaScript
import Logging
import WebView

extension WebViewJavascriptBridge {
    /// A bridge for `webView`, the reference's `bridgeForWebView:`. Usable from any task.
    ///
    /// Pages load the bridge with the usual `setupWebViewJavascriptBridge` snippet: the bridge
    /// consumes its `wvjbscheme://__BRIDGE_LOADED__` / `https://__bridge_loaded__` and
    /// `https://__wvjb_queue_message__` requests before the web view's navigation delegate, injects
    /// itself, and follows the web view from document to document. Every message is also an event
    /// on `webView.events`: `.custom(kind: "bridge", fields: ...)` with `dir`, `type`, `handler`,
    /// `callbackId` or `responseId`, `data`, `size`, `outcome` and `error`.
    ///
    /// As on iOS, the bridge lives in the main frame only: a page inside an iframe that runs the setup snippet
    /// never gets it (its signal is handled as the main frame's), and the web view reports that as a console
    /// warning beginning "bridge setup in a child frame".
    ///
    /// As on iOS, where the app injects the bridge after its navigation-delegate round trip, a page that asks for the
    /// bridge while it loads gets it in the first task after its `DOMContentLoaded` listeners have run (later, in the task
    /// after the request); with ``BridgeCompatibility/lenient`` in the task after the request, as earlier versions did.
    /// A page that uses `WebViewJavascriptBridge` before then throws, as on the phone, and that is a
    /// `call_before_bridge` divergence.
    ///
    /// Each ``BridgeDivergence`` is an event too: `.custom(kind: "divergence", fields:)` with `code` and `message`.
    ///
    /// `container` sets which bridges the page sees (``ContainerProfile``): by default the iOS WebViewJavascriptBridge
    /// described here; Android JsBridge and DSBridge pages are answered by the same handlers and mocks. Its user agent
    /// belongs in the web view's configuration (``ContainerProfile/configure(_:)``).
    public convenience init(for webView: HeadlessWebView, container: ContainerProfile = .iOSWebViewJavascriptBridge,
                            logger: Logger = Logger(label: "WebViewJavascriptBridge")) async {
        self.init(runtime: webView.runtime, logger: logger)
        events.observe { [weak webView] event in
            webView?.events.emit(WebViewEvent(time: event.time, page: event.page, kind: .custom(kind: "bridge", fields: event.fields)))
        }
        await attachDocuments(of: webView, container: container)
    }

    /// Follows `webView` from document to document as ``init(for:logger:)`` does (the bridge's signal URLs, injection
    /// by the device rule, divergences as the web view's events), for a bridge whose messages the caller already puts
    /// on the web view's events (the Navigation module's `WebPage`); the page sees the bridges of `container`.
    package func attachDocuments(of webView: HeadlessWebView,
                                 container: ContainerProfile = .iOSWebViewJavascriptBridge) async {
        divergences.observe { [weak webView] divergence in
            webView?.events.emit(WebViewEvent(time: divergence.time, page: divergence.page,
                                              kind: .custom(kind: "divergence", fields: divergence.fields)))
        }
        await installAdapters(of: container, on: webView)
        guard container.bridges.contains(.webViewJavascriptBridge) else { return }
        let attachment = WebViewBridgeAttachment(bridge: self) { [weak webView] page, text in
            webView?.events.emit(WebViewEvent(page: page, kind: .console(ConsoleMessage(level: .warn, text: text))))
        }
        webView.events.observe { event in attachment.observe(event) }
        await webView.addNavigationInterceptor { action in attachment.intercept(action) }
        await webView.addDocumentObserver(attachment)
        // A document that is already there (loaded before the bridge was made) is adopted.
        _ = try? await webView.withDocument { document in attachment.documentDidCreate(document) }
    }
}
