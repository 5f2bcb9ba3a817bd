import JavaScript
import WebView

/// react-native-webview on iOS: at document start `window.ReactNativeWebView.postMessage(data)` posts `String(data)`
/// to the `ReactNativeWebView` script message handler, which the app's `onMessage` receives; the handler or mock named
/// `ReactNativeWebView` takes it here. Native reaches the page with `window.dispatchEvent(new MessageEvent('message',
/// {data}))`, as the web view's `postMessage` does on iOS (see `StringChannelAdapter`).
enum ReactNativeWebView {
    /// The object the page posts to, and the name of the handler that receives its messages.
    static let channel = "ReactNativeWebView"

    static func adapter(for bridge: WebViewJavascriptBridge) -> StringChannelAdapter {
        StringChannelAdapter(bridge: bridge, protocol: .reactNative, channels: [channel]) { context in
            _ = try context.evaluate("""
                window.ReactNativeWebView = window.ReactNativeWebView || {};
                window.ReactNativeWebView.postMessage = function (data) {
                  window.webkit.messageHandlers.ReactNativeWebView.postMessage(String(data));
                };
                """, sourceURL: "hybrid:react-native-webview.js")
        }
    }
}
