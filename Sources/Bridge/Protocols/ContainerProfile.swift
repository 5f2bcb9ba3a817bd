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
    /// WeChat's `WeixinJSBridge` (`invoke`, `on`, `WeixinJSBridgeReady`), under the JS-SDK (`wx.*`) a page loads.
    case weChat = "wechat"
    /// Alipay's `AlipayJSBridge` (`call`, `AlipayJSBridgeReady`).
    case alipay = "alipay"
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

    /// The name on the command line: `ios-wvjb`, `android-jsbridge`, `dsbridge-ios`, `dsbridge-android`, `wechat-ios`, ....
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
    /// An Android React Native app with react-native-webview: `window.ReactNativeWebView` is its JavaScript interface
    /// from document start, and native's messages are `message` events on `document` (not `window`).
    public static let reactNativeAndroid = ContainerProfile(name: "react-native-android", platform: .android, bridges: [.reactNative])
    /// A Flutter app with webview_flutter: one JavaScript channel, `Flutter`, at document start (more with
    /// ``withJavaScriptChannels(_:)``, or `--container flutter:Name1,Name2`).
    public static let flutter = ContainerProfile(name: "flutter", platform: .iOS, bridges: [.flutter]).withJavaScriptChannels(["Flutter"])

    /// WeChat on iOS: `WeixinJSBridge` in a task after the page's `load` event, then `WeixinJSBridgeReady`; the user
    /// agent ends as WeChat's does (`MicroMessenger/8.0.x`, `NetType`, `Language`).
    public static let weChatIOS = ContainerProfile(name: "wechat-ios", platform: .iOS, bridges: [.weChat],
                                                   userAgentSuffix: "MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN")
    /// WeChat on Android: as ``weChatIOS``, with Android WeChat's user agent (and `checkResult` as a JSON string).
    public static let weChatAndroid = ContainerProfile(name: "wechat-android", platform: .android, bridges: [.weChat],
                                                       userAgentSuffix: "MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 Weixin "
                                                       + "NetType/WIFI Language/zh_CN ABI/arm64")
    /// Alipay (its iOS app): `AlipayJSBridge` in a task after the page's `load` event, then `AlipayJSBridgeReady`;
    /// `AlipayClient/10.x` in the user agent.
    public static let alipay = ContainerProfile(name: "alipay", platform: .iOS, bridges: [.alipay],
                                                userAgentSuffix: "AliApp(AP/10.5.36.8100) AlipayClient/10.5.36.8100 "
                                                + "Language/zh-Hans Region/CN NebulaX/1.0.0")

    /// Every built-in container, the default first.
    public static let builtIn: [ContainerProfile] = [.iOSWebViewJavascriptBridge, .androidJsBridge, .dsBridgeIOS, .dsBridgeAndroid]
        + [.weChatIOS, .weChatAndroid, .alipay]
        + [.capacitorIOS, .capacitorAndroid, .cordovaIOS, .reactNativeIOS, .flutter]
        + [.reactNativeAndroid]

    /// The built-in container named `name`, or built-in containers combined as `a+b`; nil for an unknown name or a
    /// combination no app makes (see ``init(parsing:)`` for why).
    public init?(named name: String) {
        guard let profile = try? Self(parsing: name) else { return nil }
        self = profile
    }

    /// The built-in container named `name`, or several combined as `a+b` (``combining(_:)``). Throws a
    /// ``ContainerError`` that says what is wrong: an unknown name, or a combination no app makes.
    public init(parsing name: String) throws(ContainerError) {
        let names = name.split(separator: "+", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        var parts: [ContainerProfile] = []
        for part in names {
            guard let profile = Self.flutter(named: part) ?? Self.builtIn.first(where: { $0.name == part }) else {
                throw ContainerError("unknown container \"\(part)\"; known: " + Self.builtIn.map(\.name).joined(separator: ", ")
                                     + " (combine several with +, e.g. ios-wvjb+dsbridge-ios)")
            }
            parts.append(profile)
        }
        self = parts.count == 1 ? parts[0] : try Self.combining(parts)
    }

    /// The bridge that native calls (`callHandler`, `call`) reach in a combined container: the first container's.
    /// Nil for a single container (its only bridge).
    public internal(set) var nativeCallsBridge: BridgeProtocolName?

    /// Containers whose bridges one app installs together, as real apps do (an iOS app with Capacitor and
    /// WebViewJavascriptBridge, or DSBridge beside WebViewJavascriptBridge): the union of their bridges, their user
    /// agent suffixes in order, each bridge with its own injection and ready event. Native calls reach the first
    /// container's bridge (``nativeCallsBridge``); each page call is answered on the bridge it came by.
    ///
    /// Throws for a combination no app makes: containers of different platforms (one app runs on one), a container
    /// twice, or WeChat or Alipay with anything else (they are apps of their own, whose web views install no other
    /// app's bridge).
    public static func combining(_ containers: [ContainerProfile]) throws(ContainerError) -> ContainerProfile {
        guard let first = containers.first else { throw ContainerError("no container to combine") }
        guard containers.count > 1 else { return first }
        let names = containers.map(\.name)
        if let other = containers.first(where: { $0.platform != first.platform }) {
            throw ContainerError("\(first.name) (\(first.platform.rawValue)) and \(other.name) (\(other.platform.rawValue)) cannot be "
                                 + "combined: one app runs on one platform; combine containers of the same platform")
        }
        if Set(names).count < names.count { throw ContainerError("\(names.joined(separator: "+")) names a container twice") }
        let apps: Set<BridgeProtocolName> = [.weChat, .alipay]
        if let app = containers.first(where: { !$0.bridges.isDisjoint(with: apps) }) {
            throw ContainerError("\(app.name) cannot be combined with other containers: it is an app of its own, and its web "
                                 + "view installs no other app's bridge; run it alone")
        }
        var bridges = Set<BridgeProtocolName>()
        for container in containers {
            if let shared = bridges.intersection(container.bridges).first {
                throw ContainerError("\(names.joined(separator: "+")) installs \(shared.rawValue) twice")
            }
            bridges.formUnion(container.bridges)
        }
        let suffixes = containers.compactMap(\.userAgentSuffix)
        var combined = ContainerProfile(name: names.joined(separator: "+"), platform: first.platform, bridges: bridges,
                                        userAgentSuffix: suffixes.isEmpty ? nil : suffixes.joined(separator: " "))
        combined.nativeCallsBridge = first.bridges.first
        combined.javaScriptChannels = containers.flatMap(\.javaScriptChannels)
        return combined
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

/// A container name that names no container, or a combination no app makes.
public struct ContainerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in a sentence.
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
