import Foundation
import JavaScript
import WebView

/// webview_flutter's JavaScript channels (`JavaScriptChannel`, `addJavaScriptChannel`): at document start each channel
/// is a global of its name whose `postMessage(message)` reaches the app's `onMessageReceived`; the handler or mock
/// named after the channel takes it here. The app answers with script (`runJavaScript`); here an answer is a
/// `message` event on `window` (see `StringChannelAdapter`). The channels are the container's
/// (``ContainerProfile/javaScriptChannels``; `Flutter` by default).
enum FlutterJavaScriptChannels {
    static func adapter(for bridge: WebViewJavascriptBridge, channels: [String]) -> StringChannelAdapter {
        StringChannelAdapter(bridge: bridge, protocol: .flutter, channels: channels) { context in
            for channel in channels {
                // As webview_flutter_wkwebview's user script: `window.NAME = webkit.messageHandlers.NAME`.
                context.globalObject[channel] = context.globalObject["webkit"]["messageHandlers"][channel]
            }
        }
    }
}

extension ContainerProfile {
    /// This container with the Flutter JavaScript channels `channels` (names a page posts to: `Print.postMessage`).
    public func withJavaScriptChannels(_ channels: [String]) -> ContainerProfile {
        var profile = self
        profile.javaScriptChannels = channels
        return profile
    }

    /// `flutter:Name1,Name2`: the Flutter container with those channels; nil for other names.
    static func flutter(named name: String) -> ContainerProfile? {
        guard name.hasPrefix("flutter:") else { return nil }
        let channels = name.dropFirst("flutter:".count).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !channels.isEmpty, channels.allSatisfy({ $0.wholeMatch(of: /[A-Za-z_$][A-Za-z0-9_$]*/) != nil }) else { return nil }
        var profile = ContainerProfile.flutter.withJavaScriptChannels(channels)
        profile.name = "flutter"
        return profile
    }
}
