import Bridge
import Foundation
import HybridTesting
import JavaScript
import TestSupport
import Testing

/// `TestPage.native`: the native app's side of a page in each container, from Swift Testing — the page's JavaScript
/// handlers called as native would, the container's events fired, and the page's calls read with their protocol.
@Suite struct NativeSideTests {
    static func page(_ name: String) -> URL { Fixtures.root.appendingPathComponent("protocols/\(name)") }

    static func options(_ container: ContainerProfile) -> TestRunOptions {
        var options = TestRunOptions(testTimeout: .generous, loadTimeout: .generous)
        options.container = container
        return options
    }

    @Test func theIOSBridgeCallsThePagesHandlerAndRecordsItsCalls() async throws {
        let page = try await TestPage.open(Self.page("wvjb.html")) { bridge in
            bridge.registerHandler("greet") { data, respond in respond(.string("Hello, \(data?["name"]?.stringValue ?? "?")")) }
        }
        #expect(try await page.native.call("add", ["a": 2, "b": 3], timeout: .generous) == 5)
        try await page.click("#hello")
        try await page.waitForIdle(timeout: .generous)
        #expect(try await page.text("#answer") == "Hello, page")
        #expect(page.native.calls == [NativeCall(bridge: .webViewJavascriptBridge, name: "greet", data: ["name": "page"])])
        #expect(page.native.calls(to: "greet").count == 1 && page.native.calls(to: "add").isEmpty)
        await #expect(throws: BridgeError.self) { try await page.native.call("missing", timeout: .generous) }
        // The iOS bridge has no container events.
        #expect(await page.native.eventNames.isEmpty)
        do {
            try await page.native.fire("resume")
            Issue.record("ios-wvjb fired an event")
        } catch let error as BridgeError {
            #expect(error.code == "unknown_event")
        }
        await page.close()
    }

    @Test func androidJsBridgeCallsThePagesHandlerAndRecordsItsSendToTheDefaultHandler() async throws {
        let page = try await TestPage.open(Self.page("android-jsbridge.html"), options: Self.options(.androidJsBridge)) { bridge in
            bridge.registerHandler(WebViewJavascriptBridge.defaultHandlerName) { data, respond in respond(.string("native got \(data?.stringValue ?? "?")")) }
        }
        #expect(try await page.native.call("functionInJs", "data from Swift", timeout: .generous) == "page got data from Swift")
        #expect(try await page.text("#answer") == "native got hello")
        let call = try #require(page.native.calls.first)
        #expect(call.bridge == .androidJsBridge && call.name == WebViewJavascriptBridge.defaultHandlerName && call.data == "hello")
        await page.close()
    }

    @Test func dsBridgeCallsAreRecordedWithTheirProtocolAndWire() async throws {
        let page = try await TestPage.open(Self.page("blank.html"), options: Self.options(.dsBridgeAndroid)) { bridge in
            bridge.handleSynchronously("getUserInfo") { request in ["id": request.data?["id"] ?? .null, "name": "Ada"] }
        }
        // The wire dsbridge.js uses on Android: a synchronous call through the app's _dsbridge interface.
        let answer = try await page.evaluate(#"JSON.parse(_dsbridge.call('getUserInfo', JSON.stringify({data: {id: 7}})))"#)
        #expect(answer == ["code": 0, "data": ["id": 7, "name": "Ada"]])
        let call = try #require(page.native.calls(to: "getUserInfo").first)
        #expect(call.bridge == .dsBridge)
        #expect(call.data == ["id": 7])
        #expect(call.wire == "_dsbridge.call")
        await page.close()
    }

    @Test func weChatSharesFromTheMenuWhenNativeFiresTheEvent() async throws {
        let page = try await TestPage.open(Self.page("wechat.html"), options: Self.options(.weChatIOS)) { bridge in
            bridge.registerHandler("shareTimeline") { _, respond in respond(nil) }
        }
        #expect(await page.native.eventNames.contains("menu:share:timeline"))
        try await page.native.fire("menu:share:timeline", data: ["scene": "timeline"])
        #expect(try await page.text("#shared") == "shareTimeline:ok")
        let share = try #require(page.native.calls(to: "shareTimeline").first)
        #expect(share.bridge == .weChat && share.wire == "WeixinJSBridge.invoke")
        #expect(share.data["title"] == "My page")
        // A native call reaches a WeixinJSBridge.on listener too (its answer is null).
        #expect(try await page.native.call("menu:share:timeline", timeout: .generous) == .null)
        #expect(page.native.calls(to: "shareTimeline").count == 2)
        await page.close()
    }

    @Test func alipaysBackEventKeepsThePageOpenAndItAsksNative() async throws {
        let page = try await TestPage.open(Self.page("alipay.html"), options: Self.options(.alipay)) { bridge in
            bridge.registerHandler("confirm") { _, respond in respond(["ok": false]) }
        }
        try await page.native.fire("back")
        #expect(try await page.text("#state") == "staying")
        #expect(page.native.calls == [NativeCall(bridge: .alipay, name: "confirm", data: ["title": "Leave without saving?"],
                                                 wire: "AlipayJSBridge.call")])
        await page.close()
    }

    @Test func capacitorListenersGetFiredEventsAndNativeCallsAreRefusedAtOnce() async throws {
        let page = try await TestPage.open(Self.page("capacitor.html"), options: Self.options(.capacitorAndroid)) { bridge in
            bridge.registerHandler("Network.getStatus") { _, respond in respond(["connected": true]) }
        }
        #expect(await page.native.eventNames.contains("Network.networkStatusChange"))
        try await page.native.fire("Network.networkStatusChange", data: ["connected": false])
        #expect(try await page.text("#status") == "offline")
        let listen = try #require(page.native.calls.first)
        #expect(listen.bridge == .capacitor && listen.name == "Network.addListener" && listen.wire == "androidBridge.postMessage")
        do {
            try await page.native.call("anything")
            Issue.record("a Capacitor page has no handlers for native to call")
        } catch let error as BridgeError {
            #expect(error.code == BridgeError.handlerNotFound)
            #expect(error.message.contains("native.fire"))
        }
        await page.close()
    }

    @Test func cordovaExecIsRecordedAndResumeFires() async throws {
        let page = try await TestPage.open(Self.page("cordova.html"), options: Self.options(.cordovaIOS)) { bridge in
            bridge.registerHandler("Device.getInfo") { _, respond in respond(["model": "iPhone15,2"]) }
        }
        #expect(try await page.text("#model") == "iPhone15,2")
        #expect(page.native.calls == [NativeCall(bridge: .cordova, name: "Device.getInfo", data: [],
                                                 wire: "webkit.messageHandlers.cordova")])
        try await page.native.fire("resume")
        try await page.native.fire("resume")
        #expect(try await page.text("#resumed") == "2")
        await page.close()
    }

    @Test(arguments: ["react-native-ios", "react-native-android"])
    func reactNativeMessagesGoBothWaysOnEachPlatform(_ name: String) async throws {
        let container = try ContainerProfile(parsing: name)
        let page = try await TestPage.open(Self.page("react-native.html"), options: Self.options(container)) { bridge in
            bridge.registerHandler("ReactNativeWebView") { _, respond in respond(.string("welcome")) }
        }
        #expect(try await page.text("#message") == "welcome")
        let call = try #require(page.native.calls.first)
        #expect(call == NativeCall(bridge: .reactNative, name: "ReactNativeWebView", data: #"{"type":"ready"}"#,
                                   wire: "ReactNativeWebView.postMessage"))
        try await page.native.postMessage("from Swift")
        #expect(try await page.text("#message") == "from Swift")
        await page.close()
    }
}
