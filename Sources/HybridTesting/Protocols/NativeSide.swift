import Bridge
import JavaScript
import WebView

/// One call a page made to native, as the bridge's transcript records it: the protocol it came by, what it called, its
/// data and how it travelled.
public struct NativeCall: Sendable, Hashable {
    /// The protocol the call came by: `webViewJavascriptBridge` for the iOS bridge.
    public var bridge: BridgeProtocolName
    /// What the page called, as the handler or mock that answers it is named: a handler (`getUserInfo`), a WeChat or
    /// Alipay API (`getBrandWCPayRequest`, `tradePay`), a Capacitor plugin method or Cordova action (`Camera.getPhoto`,
    /// `Device.getInfo`), a React Native or Flutter channel (`ReactNativeWebView`).
    public var name: String
    /// The call's data as the handler got it (`null` when it had none).
    public var data: JSONValue
    /// How the call travelled (`WeixinJSBridge.invoke`, `androidBridge.postMessage`, `_dsbridge.call`); nil for the iOS
    /// bridge.
    public var wire: String?

    public init(bridge: BridgeProtocolName, name: String, data: JSONValue, wire: String? = nil) {
        self.bridge = bridge
        self.name = name
        self.data = data
        self.wire = wire
    }

    /// The call a transcript event of the page's records.
    init(_ event: BridgeEvent, handler: String) {
        self.init(bridge: event.bridge.flatMap(BridgeProtocolName.init(rawValue:)) ?? .webViewJavascriptBridge, name: handler,
                  data: event.data ?? .null, wire: event.wire)
    }
}

extension TestPage {
    /// The native app's side of the page, in whichever container it runs (``TestRunOptions/container``): call the
    /// page's JavaScript handlers as native would, fire the container's events, and read the calls the page made.
    public var native: NativeSide { NativeSide(page: self) }
}

/// What the native app does to a ``TestPage``, in the words of the page's own protocol, over the bridge's shared core:
/// the Swift side of a test file's `native.call` and `native.calls`.
///
/// ```swift
/// var options = TestRunOptions()
/// options.container = .weChatIOS
/// let page = try await TestPage.open(URL(fileURLWithPath: "web/share.html"), options: options) { bridge in
///     bridge.registerHandler("shareTimeline") { _, respond in respond(nil) }
/// }
/// try await page.native.fire("menu:share:timeline")        // the user shares from WeChat's menu
/// #expect(page.native.calls(to: "shareTimeline").first?.data["title"] == "My page")
/// #expect(page.native.calls.map(\.bridge) == [.weChat, .weChat])
/// await page.close()
/// ```
///
/// Each action lets the page settle afterwards, as the page's verbs do. Errors are the bridge's `BridgeError`s.
public struct NativeSide: Sendable {
    let page: TestPage

    /// The protocols whose pages have JavaScript handlers native calls (and WeChat's and Alipay's events, which a native
    /// call reaches as one).
    static let callable: Set<BridgeProtocolName> = [.webViewJavascriptBridge, .androidJsBridge, .dsBridge, .weChat, .alipay]

    /// Calls the page's JavaScript handler `handler` with `data` as the app's native code does, through the
    /// container's protocol, and returns its answer (nil for `undefined`): `callHandler` with WebViewJavascriptBridge
    /// on iOS and Android, a native-to-JavaScript call of DSBridge (`dsBridge.register`), an event to a WeChat `on`
    /// listener or an Alipay document event (answered `null`). In a combined container it reaches the first
    /// container's bridge.
    ///
    /// Throws `handler_not_found` when the page has no such handler, and at once in a container whose protocol has no
    /// JavaScript handlers for native to call (Capacitor, Cordova, React Native, Flutter: ``fire(_:data:)`` their events
    /// or ``postMessage(_:)`` instead); `timeout` after `timeout` without an answer.
    @discardableResult
    public func call(_ handler: String, _ data: JSONValue? = nil, timeout: Duration = .seconds(10)) async throws -> JSONValue? {
        let container = page.bridge.container
        guard !container.bridges.isDisjoint(with: Self.callable) else {
            throw BridgeError(code: BridgeError.handlerNotFound,
                              message: "\(container.name) pages have no JavaScript handlers for native to call (\(handler)); fire "
                              + "its events (native.fire) or post a message (native.postMessage) instead")
        }
        let answer = try await page.bridge.call(handler, data, timeout: timeout)
        await PageVerbs.settle(page.webView)
        return answer
    }

    /// Fires the container's event `name` into the page as the app would (see `WebViewJavascriptBridge.fireEvent`):
    /// `deviceready`, `resume` or `backbutton` in Cordova, a Capacitor plugin's listener event (`Network.networkStatusChange`),
    /// WeChat's `menu:share:timeline`, Alipay's `back`, React Native's and Flutter's `message`. Throws `unknown_event`,
    /// naming those the container fires, for any other.
    public func fire(_ name: String, data: JSONValue? = nil) async throws {
        try await page.bridge.fireEvent(name, data: data)
        await PageVerbs.settle(page.webView)
    }

    /// The events ``fire(_:data:)`` can fire now: the container's own and those the page listens for.
    public var eventNames: [String] {
        get async { await page.bridge.eventNames }
    }

    /// Posts `text` to a React Native or Flutter page, as the app's `postMessage` does: a `message` event on `window`
    /// (iOS) or `document` (`react-native-android`). Throws `unknown_event` in other containers.
    public func postMessage(_ text: String) async throws {
        try await fire("message", data: .string(text))
    }

    /// Every call the page made to native since it opened, in order, whichever protocol it used.
    public var calls: [NativeCall] {
        page.recorded.withLock { $0 }
    }

    /// The page's calls to `name` (a handler, API, plugin method or channel), in order.
    public func calls(to name: String) -> [NativeCall] {
        calls.filter { $0.name == name }
    }
}
