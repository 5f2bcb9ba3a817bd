import JavaScript
import WebView

extension WebViewJavascriptBridge {
    /// The name of the handler that answers messages without a handler name: Android JsBridge's `send(data, cb)`
    /// (native's `setDefaultHandler`). Register it, or mock it, like any other handler.
    public static let defaultHandlerName = "_default"

    /// The container this bridge was made for (``ContainerProfile/iOSWebViewJavascriptBridge`` unless given).
    public var container: ContainerProfile { core.state.withLock { $0.container } }

    /// Registers (or replaces) a handler that answers at once, as its return value or thrown ``BridgeError``. Unlike
    /// one that answers later, it can answer a synchronous call (DSBridge's `dsBridge.call` without a callback), and
    /// `dsBridge.hasNativeMethod(name, "syn")` is true for it.
    public func handleSynchronously(_ handlerName: String,
                                    _ handler: @escaping @Sendable (BridgeRequest) throws(BridgeError) -> JSONValue?) {
        setHandler(handlerName) { request, responder in
            do throws(BridgeError) {
                responder.respond(try handler(request))
            } catch {
                responder.fail(error)
            }
        }
        core.state.withLock { _ = $0.synchronousHandlers.insert(handlerName) }
    }

    /// Marks `handlerName` as one that answers before it returns (a mock without a delay).
    func markSynchronous(_ handlerName: String, _ isSynchronous: Bool) {
        core.state.withLock { state in
            if isSynchronous { state.synchronousHandlers.insert(handlerName) } else { state.synchronousHandlers.remove(handlerName) }
        }
    }

    /// Installs the container's protocol adapters besides the iOS one (which the caller installs), and the probes
    /// that name the right container when a page uses a bridge this one lacks.
    func installAdapters(of container: ContainerProfile, on webView: HeadlessWebView) async {
        core.state.withLock { $0.container = container }
        if container.bridges.contains(.androidJsBridge) {
            let adapter = AndroidJsBridgeAdapter(bridge: self)
            await webView.addNavigationInterceptor { action in adapter.intercept(action) }
            await adapter.injection.install(on: webView)
        }
        if container.bridges.contains(.dsBridge) {
            let adapter = DSBridgeAdapter(bridge: self, platform: container.platform)
            await webView.addDocumentObserver(adapter)
            _ = try? await webView.withDocument { document in adapter.documentDidCreate(document) }
        }
        if container.bridges.contains(.capacitor) {
            let adapter = CapacitorAdapter(bridge: self, platform: container.platform)
            if container.platform == .iOS { webView.userContentController.add(adapter, name: "bridge") }
            addEventSource(adapter)
            await webView.addDocumentObserver(adapter)
            _ = try? await webView.withDocument { document in adapter.documentDidCreate(document) }
        }
        if container.bridges.contains(.cordova) {
            let adapter = CordovaAdapter(bridge: self)
            webView.userContentController.add(adapter, name: "cordova")
            addEventSource(adapter)
            webView.events.observe { event in adapter.observe(event) }
            await webView.addDocumentObserver(adapter)
            _ = try? await webView.withDocument { document in adapter.documentDidCreate(document) }
        }
        for adapter in [container.bridges.contains(.reactNative) ? ReactNativeWebView.adapter(for: self, platform: container.platform) : nil,
                        container.bridges.contains(.flutter)
                            ? FlutterJavaScriptChannels.adapter(for: self, channels: container.javaScriptChannels) : nil]
            .compactMap({ $0 }) {
            adapter.register(in: webView.userContentController)
            addEventSource(adapter)
            await webView.addDocumentObserver(adapter)
            _ = try? await webView.withDocument { document in adapter.documentDidCreate(document) }
        }
        let dialects: [(BridgeProtocolName, any InjectedScriptDialect)] = [(.weChat, WeChatDialect()), (.alipay, AlipayDialect())]
        for (name, dialect) in dialects where container.bridges.contains(name) {
            let injection = InjectedScriptBridgeAdapter.injection(for: self, dialect: dialect)
            addEventSource(InjectedScriptEvents(injection: injection, dialect: dialect))
            await injection.install(on: webView)
        }
        let probe = WrongContainerProbe(core: core, container: container)
        if probe.isNeeded {
            webView.events.observe { event in probe.observe(event) }
            await webView.addNavigationInterceptor { action in probe.intercept(action) }
            await webView.addDocumentObserver(probe)
        }
    }
}
