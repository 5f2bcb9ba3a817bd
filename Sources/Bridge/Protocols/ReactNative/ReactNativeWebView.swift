import JavaScript
import WebView

/// react-native-webview: at document start `window.ReactNativeWebView.postMessage(data)` posts `String(data)`, which
/// the app's `onMessage` receives; the handler or mock named `ReactNativeWebView` takes it here. On iOS it goes to the
/// `ReactNativeWebView` script message handler, and native reaches the page with `window.dispatchEvent(new
/// MessageEvent('message', {data}))`. On Android `window.ReactNativeWebView` is the app's JavaScript interface
/// (`addJavascriptInterface`), and the web view's `postMessage` dispatches the `MessageEvent` on `document` instead (see
/// `StringChannelAdapter`).
enum ReactNativeWebView {
    /// The object the page posts to, and the name of the handler that receives its messages.
    static let channel = "ReactNativeWebView"

    static func adapter(for bridge: WebViewJavascriptBridge, platform: ContainerProfile.Platform) -> StringChannelAdapter {
        if platform == .android {
            return StringChannelAdapter(bridge: bridge, protocol: .reactNative, javaScriptInterfaces: [channel])
        }
        return StringChannelAdapter(bridge: bridge, protocol: .reactNative, channels: [channel]) { context in
            _ = try context.evaluate("""
                window.ReactNativeWebView = window.ReactNativeWebView || {};
                window.ReactNativeWebView.postMessage = function (data) {
                  window.webkit.messageHandlers.ReactNativeWebView.postMessage(String(data));
                };
                """, sourceURL: "hybrid:react-native-webview.js")
        }
    }
}
