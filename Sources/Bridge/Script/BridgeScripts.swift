import JavaScript

/// The bridge's JavaScript, in `Sources/Bridge/Resources/` (see `ScriptResource`).
package enum BridgeScripts {
    /// The script injected into a page when it asks for the bridge: WebViewJavascriptBridge v6.0.3's
    /// page API, unchanged where a page can see it, carried by native functions underneath.
    ///
    /// It evaluates to a function of one argument, `native`, with `signal()` (messages are waiting in
    /// the queue), `defer(json)` (dispatch later, in a task of the runtime's own), and `report(error)`
    /// (an uncaught error for the page's exception handler). It returns the internal functions native
    /// uses (`dispatch(json)`, `runCallbacks()`, `queued()`: how many messages wait for `_fetchQueue()`), or null
    /// when the page already has a bridge.
    static let bridge = ScriptResource(module: "Bridge", file: "WebViewJavascriptBridge.js", sourceURL: bridgeURL)
    /// The name ``bridge`` runs under.
    static let bridgeURL = "wvjb://WebViewJavascriptBridge.js"

    /// Every script of the module, for a check that they are all installed.
    package static let all = [bridge, androidJsBridge]
        + [weixinJSBridge, alipayJSBridge]
        + [capacitor, cordova]

    /// lzyzsd's Android JsBridge page side (see `AndroidJsBridgeAdapter`); it evaluates to true when it made
    /// `window.WebViewJavascriptBridge`, false when the page already had one.
    static let androidJsBridge = ScriptResource(module: "Bridge", file: "AndroidJsBridge.js", sourceURL: "yy://WebViewJavascriptBridge.js")

    /// WeChat's `WeixinJSBridge` page side (see `WeChatDialect`).
    static let weixinJSBridge = ScriptResource(module: "Bridge", file: "WeixinJSBridge.js", sourceURL: "weixin://WeixinJSBridge.js")
    /// Alipay's `AlipayJSBridge` page side (see `AlipayDialect`).
    static let alipayJSBridge = ScriptResource(module: "Bridge", file: "AlipayJSBridge.js", sourceURL: "alipay://AlipayJSBridge.js")
    /// Capacitor's page side (see `CapacitorAdapter`): it evaluates to a function of `{platform, headers}` that sets up
    /// `window.Capacitor`.
    static let capacitor = ScriptResource(module: "Bridge", file: "Capacitor.js", sourceURL: "capacitor://native-bridge.js")
    /// Cordova's page side (see `CordovaAdapter`): it evaluates to a function that sets up `window.cordova` and returns
    /// the function that fires `deviceready`.
    static let cordova = ScriptResource(module: "Bridge", file: "Cordova.js", sourceURL: "cordova://cordova.js")
}
