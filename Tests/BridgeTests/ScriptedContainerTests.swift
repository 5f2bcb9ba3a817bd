@testable import Bridge
import Foundation
import JavaScript
import Testing
import WebView

/// Capacitor, Cordova, React Native and Flutter containers on the shared core: their pages answered by handlers and
/// mocks named after their plugins, actions or channels, their events, and bad traffic.
@Suite struct ScriptedContainerTests {
    // MARK: Capacitor

    @Test(arguments: [ContainerProfile.capacitorIOS, .capacitorAndroid])
    func capacitorPluginCallsResolveTheirPromises(_ container: ContainerProfile) async throws {
        let page = await WebPage(container: container)
        page.bridge.registerHandler("Greeter.hello") { data, cb in cb(["text": .string("Hello, \(data?["name"]?.stringValue ?? "?")")]) }
        try await page.load("bridge/capacitor.html")
        await page.idle()
        #expect(try await page.eval("[Capacitor.getPlatform(), Capacitor.isNativePlatform(), Capacitor.isPluginAvailable('Greeter')]")
                == [.string(container.platform.rawValue), true, true])
        #expect(try await page.eval("Capacitor.PluginHeaders.map(h => h.name + ':' + h.methods.map(m => m.name).join(','))")
                == ["Greeter:hello,addListener,removeListener,removeAllListeners"])
        _ = try await page.eval("document.getElementById('greet').click(); 0")
        await page.idle()
        #expect(try await page.eval("document.getElementById('show').textContent") == "Hello, page")
        let call = try #require(page.bridgeEvents.first { $0["handler"] == "Greeter.hello" && $0["dir"] == "js->native" })
        #expect(call["bridge"] == "capacitor")
        #expect(call["wire"] == .string(container.platform == .iOS ? "webkit.messageHandlers.bridge" : "androidBridge.postMessage"))
        #expect(call["data"] == ["name": "page"])
        let answer = try #require(page.bridgeEvents.first { $0["handler"] == "Greeter.hello" && $0["dir"] == "native->js" })
        #expect(answer["wire"] == "Capacitor.fromNative")
        #expect(answer["responseId"] == call["callbackId"])
        #expect(page.exceptions.isEmpty)
    }

    @Test func capacitorPluginErrorsRejectWithMessageAndCodeAndUnknownPluginsAreNotImplemented() async throws {
        let page = await WebPage(container: .capacitorIOS)
        MockHandlers(["Greeter.hello": .init(error: BridgeError(code: "denied", message: "no money"))]).install(into: page.bridge)
        try await page.load("bridge/capacitor.html")
        await page.idle()
        _ = try await page.eval("document.getElementById('greet').click(); 0")
        await page.idle()
        #expect(try await page.eval("document.getElementById('show').textContent") == "error denied: no money")
        _ = try await page.eval("settle(Greeter.hello({})).then(r => window.r1 = r); "
                                + "settle(Capacitor.registerPlugin('Nope').anything()).then(r => window.r2 = r); "
                                + "settle(Greeter.missing()).then(r => window.r3 = r); "
                                + "settle(Capacitor.nativePromise('Nope', 'direct', {})).then(r => window.r4 = r); 0")
        await page.idle()
        #expect(try await page.eval("r1") == ["error": ["message": "no money", "code": "denied", "isError": true]])
        #expect(try await page.eval("r2") == ["error": ["message": "\"Nope\" plugin is not implemented on ios", "code": "UNIMPLEMENTED", "isError": true]])
        #expect(try await page.eval("r3") == ["error": ["message": "\"Greeter.missing()\" is not implemented on ios", "code": "UNIMPLEMENTED", "isError": true]])
        #expect(try await page.eval("r4") == ["error": ["message": "\"Nope.direct()\" is not implemented on ios", "code": "UNIMPLEMENTED", "isError": true]])
    }

    @Test func capacitorListenersReceiveEachEventUntilRemoved() async throws {
        let page = await WebPage(container: .capacitorIOS)
        page.bridge.registerHandler("Network.getStatus") { _, cb in cb(["connected": true]) }
        try await page.load("bridge/capacitor.html")
        await page.idle()
        #expect(await page.bridge.eventNames == ["Network.networkStatusChange", "resume", "pause"])
        try await page.bridge.fireEvent("Network.networkStatusChange", data: ["connected": false])
        try await page.bridge.fireEvent("Network.networkStatusChange", data: ["connected": true])
        await page.idle()
        #expect(try await page.eval("statuses") == [["connected": false], ["connected": true]])
        #expect(page.bridgeEvents.filter { $0["type"] == "event" && $0["handler"] == "Network.networkStatusChange" }.count == 2)
        // Removed: the page's listener is gone natively, and the event is no longer one the page listens for.
        _ = try await page.eval("Promise.resolve(listener).then(h => h.remove()); 0")
        await page.idle()
        await #expect(throws: BridgeError.self) { try await page.bridge.fireEvent("Network.networkStatusChange", data: nil) }
        // A handler's progress answers keep a callback-style call (`save: true`).
        page.bridge.handle("Geo.watch") { _, responder in
            responder.progress(1)
            responder.progress(2)
            responder.respond(3)
        }
        _ = try await page.eval("window.seen = []; Capacitor.nativeCallback('Geo', 'watch', {}, (v, e) => seen.push(v)); 0")
        await page.idle()
        #expect(try await page.eval("seen") == [1, 2, 3])
        do {
            try await page.bridge.fireEvent("deviceready")
            Issue.record("Capacitor has no deviceready")
        } catch {
            #expect(error.code == BridgeError.unknownEvent)
            #expect(error.message.contains("capacitor-ios") && error.message.contains("resume"))
        }
    }

    @Test func capacitorBadTrafficIsLoggedAndTheBridgeKeepsWorking() async throws {
        let page = await WebPage(container: .capacitorAndroid)
        page.bridge.handle("Greeter.hello") { _, responder in
            responder.respond(["text": "first"])
            responder.respond(["text": "second"])
        }
        try await page.load("bridge/capacitor.html")
        await page.idle()
        _ = try await page.eval("""
            androidBridge.postMessage('not json');
            androidBridge.postMessage(JSON.stringify({callbackId: 5}));
            androidBridge.postMessage(JSON.stringify([1, 2]));
            Capacitor.fromNative({callbackId: '424242', success: true, data: {}});
            Capacitor.fromNative({callbackId: '424243', success: false, error: {message: 'late'}});
            0
            """)
        await page.idle()
        #expect(page.bridgeEvents.filter { $0["outcome"] == "malformed" }.count == 3)
        _ = try await page.eval("document.getElementById('greet').click(); 0")
        await page.idle()
        #expect(try await page.eval("document.getElementById('show').textContent") == "first")
        #expect(page.exceptions.isEmpty)
    }

    // MARK: Cordova

    @Test func cordovaFiresDevicereadyAfterDOMContentLoadedAndExecSucceeds() async throws {
        let page = await WebPage(container: .cordovaIOS)
        MockHandlers(["Device.getDeviceInfo": .init(response: ["model": "iPhone15,2"])]).install(into: page.bridge)
        try await page.load("bridge/cordova.html")
        await page.idle()
        #expect(try await page.eval("log") == ["DOMContentLoaded", "deviceready"])
        #expect(try await page.eval("document.getElementById('show').textContent") == "iPhone15,2")
        // A listener added after deviceready runs at once, as cordova.js's sticky channel does.
        #expect(try await page.eval("var late = 0; document.addEventListener('deviceready', () => late++); late") == 1)
        let call = try #require(page.bridgeEvents.first { $0["handler"] == "Device.getDeviceInfo" && $0["dir"] == "js->native" })
        #expect(call["bridge"] == "cordova")
        #expect(call["wire"] == "webkit.messageHandlers.cordova")
        #expect(call["callbackId"]?.stringValue?.hasPrefix("Device") == true)
        let answer = try #require(page.bridgeEvents.first { $0["handler"] == "Device.getDeviceInfo" && $0["dir"] == "native->js" })
        #expect(answer["wire"] == "nativeCallback")
        #expect(page.exceptions.isEmpty)
    }

    @Test func cordovaErrorsReachTheFailCallbackWithTheirStatus() async throws {
        let page = await WebPage(container: .cordovaIOS)
        MockHandlers(["Pay.charge": .init(error: BridgeError(code: "denied", message: "no money")),
                      "Pay.check": .init(error: BridgeError(code: "INVALID_ACTION", message: "no such action"))]).install(into: page.bridge)
        page.bridge.handle("Pay.status") { _, responder in
            responder.fail(BridgeError(code: "IO_EXCEPTION", message: "offline"))
        }
        try await page.load("bridge/cordova.html")
        await page.idle()
        _ = try await page.eval("Promise.all([exec('Pay', 'charge', [1]), exec('Pay', 'check', []), exec('Pay', 'status', [])]).then(r => window.results = r); 0")
        await page.idle()
        #expect(try await page.eval("results") == [["error": ["code": "denied", "message": "no money"]],
                                                    ["error": ["code": "INVALID_ACTION", "message": "no such action"]],
                                                    ["error": ["code": "IO_EXCEPTION", "message": "offline"]]])
        let statuses = page.bridgeEvents.filter { $0["type"] == "error" }.compactMap { $0["error"]?["code"]?.stringValue }
        #expect(statuses == ["denied", "INVALID_ACTION", "IO_EXCEPTION"])
    }

    @Test func cordovaKeepCallbackStreamsResultsToOneCallback() async throws {
        let page = await WebPage(container: .cordovaIOS)
        page.bridge.handle("Geo.watch") { request, responder in
            #expect(request.data == [["every": 1]])
            responder.progress(["lat": 1])
            responder.progress(["lat": 2])
            responder.respond(["lat": 3])
            responder.respond(["lat": 4])
        }
        try await page.load("bridge/cordova.html")
        await page.idle()
        _ = try await page.eval("watch(); 0")
        await page.idle()
        #expect(try await page.eval("stream") == [["lat": 1], ["lat": 2], ["lat": 3]])
        #expect(try await page.eval("Object.keys(cordova.callbacks).filter(k => k.startsWith('Geo')).length") == 0)
        #expect(page.bridgeEvents.filter { $0["handler"] == "Geo.watch" && $0["type"] == "progress" }.count == 2)
    }

    @Test func cordovaEventsAndBadTraffic() async throws {
        let page = await WebPage(container: .cordovaIOS)
        try await page.load("bridge/cordova.html")
        await page.idle()
        #expect(await page.bridge.eventNames.contains("resume"))
        try await page.bridge.fireEvent("resume")
        try await page.bridge.fireEvent("deviceready")
        await page.idle()
        #expect(try await page.eval("log") == ["DOMContentLoaded", "deviceready", "resume"])
        _ = try await page.eval("""
            webkit.messageHandlers.cordova.postMessage('nonsense');
            webkit.messageHandlers.cordova.postMessage([1, 2]);
            cordova.require('cordova/exec').nativeCallback('Unknown123', 1, 'x', 0);
            exec('Missing', 'action', []); 0
            """)
        await page.idle()
        #expect(page.bridgeEvents.filter { $0["outcome"] == "malformed" }.count == 2)
        #expect(page.bridgeEvents.contains { $0["handler"] == "Missing.action" && $0["outcome"] == "handler_not_found" })
        #expect(page.exceptions.isEmpty)
    }

    // MARK: React Native and Flutter

    @Test func reactNativeMessagesGoBothWays() async throws {
        let page = await WebPage(container: .reactNativeIOS)
        page.bridge.registerHandler("ReactNativeWebView") { data, cb in
            let message = (try? JSONValue(parsing: data?.stringValue ?? "")) ?? .null
            cb(.string("got \(message["type"]?.stringValue ?? "?")"))
        }
        try await page.load("bridge/react-native.html")
        await page.idle()
        _ = try await page.eval("send('login', {user: 'ada'}); 0")
        await page.idle()
        #expect(try await page.eval("received") == ["got login"])
        let call = try #require(page.bridgeEvents.first { $0["dir"] == "js->native" })
        #expect(call["bridge"] == "react-native")
        #expect(call["wire"] == "ReactNativeWebView.postMessage")
        #expect(call["data"] == #"{"type":"login","payload":{"user":"ada"}}"#)
        try await page.bridge.postMessage("from native")
        try await page.bridge.fireEvent("message", data: ["n": 1])
        await page.idle()
        #expect(try await page.eval("received") == ["got login", "from native", #"{"n":1}"#])
        #expect(try await page.eval("receivedOnDocument") == [])
        // What is not a string arrives as String(data), as on the device.
        _ = try await page.eval("ReactNativeWebView.postMessage({a: 1}); 0")
        await page.idle()
        #expect(page.bridgeEvents.contains { $0["data"] == "[object Object]" })
        #expect(page.exceptions.isEmpty)
    }

    @Test func reactNativeOnAndroidPostsThroughItsJavaScriptInterfaceAndAnswersOnDocument() async throws {
        let page = await WebPage(container: try #require(ContainerProfile(named: "react-native-android")))
        page.bridge.registerHandler("ReactNativeWebView") { data, cb in
            let message = (try? JSONValue(parsing: data?.stringValue ?? "")) ?? .null
            cb(.string("got \(message["type"]?.stringValue ?? "?")"))
        }
        try await page.load("bridge/react-native.html")
        await page.idle()
        // The app's JavaScript interface, not a webkit message handler.
        #expect(try await page.eval("[typeof ReactNativeWebView.postMessage, typeof window.webkit === 'undefined' || "
                                    + "!window.webkit.messageHandlers.ReactNativeWebView]") == ["function", true])
        _ = try await page.eval("send('login', {user: 'ada'}); 0")
        await page.idle()
        let call = try #require(page.bridgeEvents.first { $0["dir"] == "js->native" })
        #expect(call["bridge"] == "react-native")
        #expect(call["data"] == #"{"type":"login","payload":{"user":"ada"}}"#)
        try await page.bridge.postMessage("from native")
        await page.idle()
        // Android dispatches on document: a page listening on window alone hears nothing.
        #expect(try await page.eval("receivedOnDocument") == ["got login", "from native"])
        #expect(try await page.eval("received") == [])
        #expect(page.bridgeEvents.filter { $0["dir"] == "native->js" }.allSatisfy { $0["wire"] == "document message event" })
        _ = try await page.eval("ReactNativeWebView.postMessage(42); 0")
        await page.idle()
        #expect(page.bridgeEvents.contains { $0["dir"] == "js->native" && $0["data"] == "42" })
        #expect(page.exceptions.isEmpty)
    }

    @Test func flutterChannelsAreConfigurableAndAnsweredByMessages() async throws {
        let container = try #require(ContainerProfile(named: "flutter:Flutter,Print"))
        #expect(container.javaScriptChannels == ["Flutter", "Print"])
        #expect(ContainerProfile(named: "flutter")?.javaScriptChannels == ["Flutter"])
        #expect(ContainerProfile(named: "flutter:") == nil)
        let page = await WebPage(container: container)
        MockHandlers(["Flutter": .init(echo: true)]).install(into: page.bridge)
        page.bridge.handle("Print") { _, responder in responder.fail(BridgeError(code: "x", message: "no printer")) }
        try await page.load("bridge/flutter.html")
        await page.idle()
        _ = try await page.eval("toFlutter('ping'); Print.postMessage('doc'); 0")
        await page.idle()
        #expect(try await page.eval("received") == ["ping"])
        #expect(page.bridgeEvents.contains { $0["bridge"] == "flutter" && $0["wire"] == "Print.postMessage" && $0["data"] == "doc" })
        try await page.bridge.postMessage("pong")
        await page.idle()
        #expect(try await page.eval("received") == ["ping", "pong"])
        #expect(try await page.eval("typeof ReactNativeWebView") == "undefined")
    }

    @Test func anIOSContainerWithoutTheseProtocolsFiresNoEvents() async throws {
        let page = await WebPage()
        try await page.load("bridge/echo.html")
        await page.idle()
        #expect(await page.bridge.eventNames.isEmpty)
        await #expect(throws: BridgeError.self) { try await page.bridge.postMessage("x") }
    }
}

extension ScriptedContainerTests {
    @Test func reactNativeAndCordovaPagesInTheIOSContainerAreToldWhichContainerTheyNeed() async throws {
        let page = await WebPage()
        try await page.load("bridge/react-native.html")
        await page.idle()
        _ = try? await page.eval("setTimeout(() => send('x', 1)); 0")
        await page.idle()
        #expect(page.divergences.contains { $0["code"] == "wrong_container" && ($0["message"]?.stringValue ?? "").contains("--container react-native-ios") })
        let cordova = await WebPage()
        try await cordova.load("bridge/cordova.html")
        await cordova.idle()
        _ = try? await cordova.eval("setTimeout(() => cordova.exec(null, null, 'A', 'b', [])); 0")
        await cordova.idle()
        #expect(cordova.divergences.contains { $0["code"] == "wrong_container" && ($0["message"]?.stringValue ?? "").contains("--container cordova-ios") })
    }
}

extension ScriptedContainerTests {
    @Test func capacitorCombinesWithTheIOSBridgeAndFlutterChannelsSurviveCombining() async throws {
        let combined = try ContainerProfile(parsing: "ios-wvjb+capacitor-ios")
        #expect(combined.bridges == [.webViewJavascriptBridge, .capacitor])
        #expect(try ContainerProfile(parsing: "ios-wvjb+flutter:Flutter,Print").javaScriptChannels == ["Flutter", "Print"])
        let page = await WebPage(container: combined)
        page.bridge.registerHandler("Greeter.hello") { _, cb in cb(["text": "combined"]) }
        try await page.load("bridge/capacitor.html")
        await page.idle()
        _ = try await page.eval("document.getElementById('greet').click(); 0")
        await page.idle()
        #expect(try await page.eval("document.getElementById('show').textContent") == "combined")
        #expect(page.bridgeEvents.contains { $0["bridge"] == "capacitor" && $0["handler"] == "Greeter.hello" })
    }
}
