import Foundation
import JavaScript
import WebView

/// lzyzsd's Android JsBridge (`BridgeWebView`) on a web view, on the shared core.
///
/// As on the device: the bridge script is loaded into the page once it has finished loading (`onPageFinished`), in a
/// task after the `load` event; it creates `window.WebViewJavascriptBridge` and fires `WebViewJavascriptBridgeReady`,
/// then the startup queue (native calls made before) is delivered. The page signals with `yy://__QUEUE_MESSAGE__/`;
/// native then runs `WebViewJavascriptBridge._fetchQueue()`, which hands the queue back as
/// `yy://return/_fetchQueue/<encodeURIComponent(JSON)>`. Native reaches the page through
/// `WebViewJavascriptBridge._handleMessageFromNative(json)` (a `javascript:` URL on the device). Messages are
/// WebViewJavascriptBridge's (`handlerName`, `data`, `callbackId`, `responseId`, `responseData`); one without a
/// handler name (`send`) goes to the default handler, ``WebViewJavascriptBridge/defaultHandlerName``.
final class AndroidJsBridgeAdapter: Sendable {
    /// Chromium's longest URL: on the device `loadUrl` refuses a longer `javascript:` URL, and the message is lost.
    static let maximumURLLength = 2_097_152

    private let bridge: WebViewJavascriptBridge
    /// `onPageFinished`: the bridge script runs in a task after the page's `load` event.
    let injection: AfterLoadInjection<AndroidJsBridgeConnection>
    private var current: LoopBoundBox<AndroidJsBridgeConnection?> { injection.current }

    init(bridge: WebViewJavascriptBridge) {
        self.bridge = bridge
        let core = bridge.core
        injection = AfterLoadInjection(runtime: bridge.runtime) { AndroidJsBridgeConnection(document: $0, core: core) }
        bridge.core.state.withLock { state in
            if (state.container.nativeCallsBridge ?? .androidJsBridge) == .androidJsBridge { state.callbackIdStyle = .java(start: .now) }
            state.defaultHandlerName = WebViewJavascriptBridge.defaultHandlerName
        }
    }

    /// `shouldOverrideUrlLoading`: every `yy://` URL is the bridge's.
    func intercept(_ action: NavigationAction) -> Bool {
        let raw = action.rawURL
        guard raw.hasPrefix("yy://") else { return false }
        guard let connection = current.value, let document = connection.document else { return true }
        let core = bridge.core
        if raw.utf16.count > Self.maximumURLLength {
            core.diverge(BridgeDivergence.androidURLTooLong,
                         "the page's bridge URL has \(raw.utf16.count) characters: an Android WebView loads no URL over "
                         + "\(Self.maximumURLLength) characters, so shouldOverrideUrlLoading never sees it and its messages are lost; "
                         + "send large data in parts or through a request", page: document.id)
            if bridge.compatibility == .device { return true }
        }
        let returnPrefix = "yy://return/_fetchQueue/"
        if raw.hasPrefix(returnPrefix) {
            let encoded = String(raw.dropFirst(returnPrefix.count))
            AdapterSupport.task(in: document, runtime: bridge.runtime) { _ in
                guard let text = encoded.removingPercentEncoding else {
                    core.warn("Android JsBridge: the page's yy://return/_fetchQueue/ URL is not percent-encoded UTF-8; ignored: "
                              + BridgeLog.cut(encoded, to: 200))
                    return
                }
                core.receive(text, from: connection)
            }
        } else {
            core.trace {
                BridgeEvent(time: .now, page: document.id, direction: .jsToNative, type: .signal, handler: nil, callbackId: nil,
                            responseId: nil, data: .string(raw), size: raw.utf8.count, error: nil, outcome: "queue_has_message",
                            bridge: BridgeProtocolName.androidJsBridge.rawValue, wire: "yy://__QUEUE_MESSAGE__/")
            }
            // `flushMessageQueue`: `javascript:WebViewJavascriptBridge._fetchQueue();`, a task later.
            AdapterSupport.task(in: document, runtime: bridge.runtime) { _ in connection.fetch() }
        }
        return true
    }
}

/// The core's connection to one page with Android JsBridge. Runtime thread only.
final class AndroidJsBridgeConnection: AfterLoadConnection {
    let page: Int
    private let state: LoopBoundBox<State>

    private struct State {
        weak var core: BridgeCore?
        weak var document: DocumentHandle?
        var injected = false
    }

    init(document: DocumentHandle, core: BridgeCore) {
        page = document.id
        state = LoopBoundBox(State(core: core, document: document), loop: core.loop)
    }

    var document: DocumentHandle? { state.value.document.flatMap { $0.isClosed ? nil : $0 } }
    var protocolName: BridgeProtocolName? { .androidJsBridge }

    func wireForm(of direction: BridgeEvent.Direction) -> String? {
        direction == .jsToNative ? "yy://return/_fetchQueue/" : "_handleMessageFromNative"
    }

    /// Loads the bridge script into the page and attaches to the core (the startup queue follows). Once per page.
    func inject() {
        guard !state.value.injected, let document, let core = state.value.core else { return }
        state.value.injected = true
        let context = document.context
        do {
            guard try context.evaluate(BridgeScripts.androidJsBridge.script.get()).toBool() else {
                core.warn("Android JsBridge: page \(page) already has a window.WebViewJavascriptBridge; the bridge script did nothing")
                return
            }
        } catch {
            core.warn("Android JsBridge: the bridge script failed in page \(page): \(error)")
            return
        }
        core.attach(self) {}
    }

    func close() {
        state.value.core?.detach(self)
        state.value.document = nil
    }

    var canDeliver: Bool { document != nil && state.value.injected }

    /// `javascript:WebViewJavascriptBridge._handleMessageFromNative('<escaped json>');`
    func deliver(_ json: String) -> Bool {
        guard let document, let core = state.value.core else { return false }
        let context = document.context
        // The URL the device builds: the JSON with its quotes and backslashes escaped, in a `javascript:` URL.
        let length = 64 + json.utf16.count + json.utf8.reduce(0) { $0 + ($1 == 0x22 || $1 == 0x27 || $1 == 0x5C ? 1 : 0) }
        if length > AndroidJsBridgeAdapter.maximumURLLength {
            core.diverge(BridgeDivergence.androidURLTooLong,
                         "a native message of \(length) characters as a javascript: URL: an Android WebView's loadUrl refuses URLs "
                         + "over \(AndroidJsBridgeAdapter.maximumURLLength) characters, so the page never gets it there",
                         page: page)
            if core.state.withLock({ $0.compatibility }) == .device { return true }
        }
        let function = context.globalObject["WebViewJavascriptBridge"]["_handleMessageFromNative"]
        guard function.isFunction else {
            core.warn("Android JsBridge: page \(page) has no WebViewJavascriptBridge._handleMessageFromNative; message dropped")
            return false
        }
        AdapterSupport.call(function, [JSONText(text: json)], in: context)
        return true
    }

    /// `WebViewJavascriptBridge._fetchQueue()`: the page answers with a `yy://return/_fetchQueue/` URL.
    func fetch() {
        guard let document, state.value.injected else { return }
        let context = document.context
        let function = context.globalObject["WebViewJavascriptBridge"]["_fetchQueue"]
        guard function.isFunction else { return }
        AdapterSupport.call(function, [], in: context)
    }
}
