import WebView

/// A wire protocol between a page and native. Each is one adapter on the shared core: the same handlers, mocks and
/// transcript answer a page whichever protocol it speaks.
public enum BridgeProtocolName: String, Sendable, Hashable, CaseIterable {
    /// marcuswestin's WebViewJavascriptBridge v6.0.3 in a WKWebView (`https://__bridge_loaded__`).
    case webViewJavascriptBridge = "wvjb"
    /// lzyzsd's Android JsBridge: `yy://__QUEUE_MESSAGE__/`, `_fetchQueue` and `_handleMessageFromNative`.
    case androidJsBridge = "android-jsbridge"
    /// wendux's DSBridge v3: synchronous and asynchronous calls through `_dsbridge.call` (Android) or
    /// `prompt("_dsbridge=...")` (iOS).
    case dsBridge = "dsbridge"
    /// Capacitor's native bridge: `{callbackId, pluginId, methodName, options}` through `webkit.messageHandlers.bridge`
    /// (iOS) or `androidBridge.postMessage` (Android), answered by `Capacitor.fromNative`.
    case capacitor
    /// Cordova's `cordova.exec` through `webkit.messageHandlers.cordova`, answered by `nativeCallback`.
    case cordova
    /// react-native-webview: `window.ReactNativeWebView.postMessage(string)`, answered by `message` events.
    case reactNative = "react-native"
    /// webview_flutter's JavaScript channels: `Name.postMessage(string)`, answered by script.
    case flutter
}

/// The native app a page runs in, as the page sees it: which bridges it installs, when, and the user agent.
///
/// ```swift
/// let bridge = await WebViewJavascriptBridge(for: webView, container: .dsBridgeAndroid)
/// ```
/// `hybrid run --container NAME` and `hybrid test --container NAME` choose one by ``name``. The default,
/// ``iOSWebViewJavascriptBridge`` (`ios-wvjb`), is the iOS bridge exactly as before.
public struct ContainerProfile: Sendable, Hashable, CustomStringConvertible {
    /// The platform the container is an app of: it decides the transport of a protocol that has one per platform.
    public enum Platform: String, Sendable, Hashable {
        case iOS = "ios", android
    }

    /// The name on the command line: `ios-wvjb`, `android-jsbridge`, `dsbridge-ios`, `dsbridge-android`.
    public var name: String
    public var platform: Platform
    /// The bridges the container installs.
    public var bridges: Set<BridgeProtocolName>
    /// What the container appends to the user agent (`_dsbridge` for DSBridge on Android); nil: nothing.
    public var userAgentSuffix: String?
    /// The JavaScript channels a Flutter page sees (webview_flutter's `addJavaScriptChannel`); empty for other containers.
    public var javaScriptChannels: [String] = []

    public init(name: String, platform: Platform, bridges: Set<BridgeProtocolName>, userAgentSuffix: String? = nil) {
        self.name = name
        self.platform = platform
        self.bridges = bridges
        self.userAgentSuffix = userAgentSuffix
    }

    /// An iOS app with WebViewJavascriptBridge in a WKWebView: injected after the page's `https://__bridge_loaded__`
    /// request, past its `DOMContentLoaded` listeners. The default.
    public static let iOSWebViewJavascriptBridge = ContainerProfile(name: "ios-wvjb", platform: .iOS, bridges: [.webViewJavascriptBridge])
    /// An Android app with lzyzsd's `BridgeWebView`: the bridge script runs once the page has loaded (`onPageFinished`),
    /// creates `window.WebViewJavascriptBridge` and fires `WebViewJavascriptBridgeReady`.
    public static let androidJsBridge = ContainerProfile(name: "android-jsbridge", platform: .android, bridges: [.androidJsBridge])
    /// An iOS app with DSBridge's `DWKWebView`: `window._dswk = true` at document start, calls through `prompt`.
    public static let dsBridgeIOS = ContainerProfile(name: "dsbridge-ios", platform: .iOS, bridges: [.dsBridge])
    /// An Android app with DSBridge's `DWebView`: the `_dsbridge` JavaScript interface from document start, and
    /// ` _dsbridge` at the end of the user agent.
    public static let dsBridgeAndroid = ContainerProfile(name: "dsbridge-android", platform: .android, bridges: [.dsBridge],
                                                         userAgentSuffix: "_dsbridge")
    /// An iOS Capacitor app: `window.Capacitor` at document start, calls through `webkit.messageHandlers.bridge`.
    public static let capacitorIOS = ContainerProfile(name: "capacitor-ios", platform: .iOS, bridges: [.capacitor])
    /// An Android Capacitor app: `window.Capacitor` and the `androidBridge` JavaScript interface at document start.
    public static let capacitorAndroid = ContainerProfile(name: "capacitor-android", platform: .android, bridges: [.capacitor])
    /// An iOS Cordova app (cordova-ios 6 and later, WKWebView): `window.cordova`, `deviceready` after
    /// `DOMContentLoaded`, calls through `webkit.messageHandlers.cordova`.
    public static let cordovaIOS = ContainerProfile(name: "cordova-ios", platform: .iOS, bridges: [.cordova])
    /// An iOS React Native app with react-native-webview: `window.ReactNativeWebView` at document start.
    public static let reactNativeIOS = ContainerProfile(name: "react-native-ios", platform: .iOS, bridges: [.reactNative])
    /// A Flutter app with webview_flutter: one JavaScript channel, `Flutter`, at document start (more with
    /// ``withJavaScriptChannels(_:)``, or `--container flutter:Name1,Name2`).
    public static let flutter = ContainerProfile(name: "flutter", platform: .iOS, bridges: [.flutter]).withJavaScriptChannels(["Flutter"])

    /// Every built-in container, the default first.
    public static let builtIn: [ContainerProfile] = [.iOSWebViewJavascriptBridge, .androidJsBridge, .dsBridgeIOS, .dsBridgeAndroid]
        + [.capacitorIOS, .capacitorAndroid, .cordovaIOS, .reactNativeIOS, .flutter]

    /// The built-in container named `name`; nil for an unknown name.
    public init?(named name: String) {
        if let profile = Self.flutter(named: name) { self = profile; return }
        guard let profile = Self.builtIn.first(where: { $0.name == name }) else { return nil }
        self = profile
    }

    /// The built-in containers that install `bridge` (for a diagnostic that names them).
    public static func installing(_ bridge: BridgeProtocolName) -> [ContainerProfile] {
        builtIn.filter { $0.bridges.contains(bridge) }
    }

    /// Sets what the page sees of the container in a web view's configuration (the user agent), before the web
    /// view is made.
    public func configure(_ configuration: inout WebViewConfiguration) {
        guard let userAgentSuffix else { return }
        configuration.applicationNameForUserAgent = [configuration.applicationNameForUserAgent, userAgentSuffix]
            .compactMap { $0 }.joined(separator: " ")
    }

    public var description: String { name }
}
