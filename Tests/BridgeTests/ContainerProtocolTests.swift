@testable import Bridge
import Foundation
import JavaScript
import Testing
import WebView

/// Containers and their protocol adapters on the shared core: Android JsBridge and DSBridge pages answered by the
/// same handlers and mocks as iOS ones, their wire forms in the transcript, and the diagnostics for the wrong container.
@Suite struct ContainerProtocolTests {
    // MARK: Containers

    @Test func containersAreFoundByNameAndTheDefaultIsTheIOSBridge() {
        #expect(ContainerProfile(named: "ios-wvjb") == .iOSWebViewJavascriptBridge)
        #expect(ContainerProfile(named: "android-jsbridge")?.bridges == [.androidJsBridge])
        #expect(ContainerProfile(named: "dsbridge-android")?.userAgentSuffix == "_dsbridge")
        #expect(ContainerProfile(named: "wechat-ios")?.bridges == [.weChat])
        #expect(ContainerProfile(named: "symbian") == nil)
        #expect(ContainerProfile.installing(.dsBridge).map(\.name) == ["dsbridge-ios", "dsbridge-android"])
    }

    @Test func theDefaultContainerKeepsTheIOSTranscriptFieldsAsTheyWere() async throws {
        let page = await WebPage()
        page.bridge.registerHandler("objcEchoToJs") { data, cb in cb(data) }
        try await page.load("bridge/echo.html")
        #expect(await answer(page.bridge, "jsRcvResponseTest", nil) == "Response from JS")
        #expect(!page.bridgeEvents.isEmpty)
        #expect(page.bridgeEvents.allSatisfy { $0["bridge"] == nil && $0["wire"] == nil })
        #expect(page.divergences.isEmpty)
    }

    // MARK: Android JsBridge

    @Test func androidJsBridgeArrivesAfterLoadAndCallsOneHandlerRegisteredOnce() async throws {
        let page = await WebPage(container: .androidJsBridge)
        page.bridge.registerHandler("submitFromWeb") { data, cb in cb(.string("got \(data?["param"]?.stringValue ?? "?")")) }
        try await page.load("bridge/android-jsbridge.html")
        await page.idle()
        #expect(try await page.eval("typeof WebViewJavascriptBridge._fetchQueue") == "function")
        #expect(try await page.eval("document.getElementById('enter').click(); 0") == 0)
        await page.idle()
        #expect(try await page.eval("document.getElementById('show').textContent") == "send get responseData from java, data = got username")
        let call = try #require(page.bridgeEvents.first { $0["handler"] == "submitFromWeb" && $0["type"] == "call" })
        #expect(call["bridge"] == "android-jsbridge")
        #expect(call["wire"] == "yy://return/_fetchQueue/")
        #expect(call["callbackId"]?.stringValue?.hasPrefix("cb_1_") == true)
        let answer = try #require(page.bridgeEvents.first { $0["responseId"] == call["callbackId"] })
        #expect(answer["wire"] == "_handleMessageFromNative")
        #expect(page.exceptions.isEmpty)
    }

    @Test func androidJsBridgeNativeCallsUseJavaCallbackIdsAndSendGoesToTheDefaultHandler() async throws {
        let page = await WebPage(container: .androidJsBridge)
        page.bridge.registerHandler(WebViewJavascriptBridge.defaultHandlerName) { _, cb in cb("DefaultHandler response data") }
        // Made before the page has the bridge: the startup queue delivers it once the bridge script ran.
        let early = Task { try await page.bridge.call("functionInJs", "early") }
        try await page.load("bridge/android-jsbridge.html")
        #expect(try await early.value == "Javascript Says Right back aka!")
        let call = try #require(page.bridgeEvents.first { $0["handler"] == "functionInJs" && $0["dir"] == "native->js" })
        let id = try #require(call["callbackId"]?.stringValue)
        #expect(id.wholeMatch(of: /JAVA_CB_1_[0-9]+/) != nil)
        _ = try await page.eval("document.getElementById('send').click(); 0")
        await page.idle()
        #expect(try await page.eval("document.getElementById('show').textContent") == "responseData from java, data = DefaultHandler response data")
        // Native to the page's default handler (init): a message without a handler name is not possible from the
        // reference API, but the page's own handlers and removeHandler work.
        #expect(try await page.bridge.call("removable") == "still here")
        _ = try await page.eval("WebViewJavascriptBridge.removeHandler('removable'); 0")
        await #expect(throws: BridgeError.self) {
            try await page.bridge.call("removable", nil, timeout: .milliseconds(200))
        }
    }

    @Test func androidJsBridgeBadTrafficIsLoggedAndTheBridgeKeepsWorking() async throws {
        let page = await WebPage(container: .androidJsBridge)
        page.bridge.registerHandler("submitFromWeb") { _, cb in cb("ok") }
        try await page.load("bridge/android-jsbridge.html")
        await page.idle()
        _ = try await page.eval("""
            function go(src) { var f = document.createElement('iframe'); f.src = src; document.body.appendChild(f); }
            go('yy://return/_fetchQueue/%ZZ%5B');
            go('yy://return/_fetchQueue/' + encodeURIComponent('[{"handlerName": 3}, "x", {"responseId": "JAVA_CB_99_1"}]'));
            go('yy://return/_fetchQueue/' + encodeURIComponent('not json'));
            go('yy://something/else');
            0
            """)
        await page.idle()
        #expect(page.exceptions.isEmpty)
        #expect(page.bridgeEvents.contains { $0["responseId"] == "JAVA_CB_99_1" && $0["outcome"] == "ignored" })
        _ = try await page.eval("document.getElementById('enter').click(); 0")
        await page.idle()
        #expect(try await page.eval("document.getElementById('show').textContent") == "send get responseData from java, data = ok")
    }

    @Test func androidJsBridgeReportsMessagesOverTheLoadUrlLimit() async throws {
        let page = await WebPage(container: .androidJsBridge)
        try await page.load("bridge/android-jsbridge.html")
        await page.idle()
        let big = String(repeating: "x", count: AndroidJsBridgeAdapter.maximumURLLength)
        page.bridge.callHandler("functionInJs", data: .string(big))
        await page.idle()
        #expect(page.divergences.contains { $0["code"] == "android_url_too_long" })
        // As on the device the message is lost: the page's handler never ran.
        #expect(try await page.eval("document.getElementById('show').textContent") == "")
        page.bridge.callHandler("functionInJs", data: "small")
        await page.idle()
        #expect(try await page.eval("document.getElementById('show').textContent") == "data from Java: = small")
    }

    // MARK: DSBridge

    @Test(arguments: [ContainerProfile.dsBridgeAndroid, .dsBridgeIOS])
    func dsBridgeSynchronousCallsAreAnsweredByMocksAndSynchronousHandlers(_ container: ContainerProfile) async throws {
        let page = await WebPage(container: container)
        MockHandlers(["testSyn": .init(response: "testSyn[syn call]"), "slow": .init(response: 1, delay: .milliseconds(5))])
            .install(into: page.bridge)
        page.bridge.handleSynchronously("ns.add") { (request) throws(BridgeError) -> JSONValue? in
            guard case .array(let values)? = request.data else { throw BridgeError(code: "bad", message: "not an array") }
            return .number(values.compactMap(\.doubleValue).reduce(0, +))
        }
        page.bridge.handle("later") { _, responder in
            Task { responder.respond("too late") }
        }
        try await page.load("bridge/dsbridge.html")
        await page.idle()
        #expect(try await page.eval("dsBridge.call('testSyn', 'x')") == "testSyn[syn call]")
        #expect(try await page.eval("dsBridge.call('ns.add', [1, 2, 3])") == 6)
        // The failure answer: `{code: -1}` on Android, `{code: -1, data: ""}` on iOS.
        #expect(try await page.eval("!dsBridge.call('ns.add', 'nope')") == true)
        #expect(try await page.eval("!dsBridge.call('later', 1)") == true)
        #expect(page.bridgeEvents.contains { $0["error"]?["code"] == "synchronous_answer_missing" && $0["handler"] == "later" })
        #expect(try await page.eval("[dsBridge.hasNativeMethod('testSyn', 'syn'), dsBridge.hasNativeMethod('slow', 'syn'), "
                                    + "dsBridge.hasNativeMethod('slow'), dsBridge.hasNativeMethod('later', 'asyn'), dsBridge.hasNativeMethod('none')]")
                == [true, false, true, true, false])
        let call = try #require(page.bridgeEvents.first { $0["handler"] == "testSyn" && $0["type"] == "call" })
        #expect(call["bridge"] == "dsbridge")
        #expect(call["wire"] == .string(container == .dsBridgeAndroid ? "_dsbridge.call" : "prompt"))
        #expect(page.exceptions.isEmpty)
    }

    @Test func dsBridgeAsynchronousCallsAnswerTheirCallbackWithProgress() async throws {
        let page = await WebPage(container: .dsBridgeAndroid)
        page.bridge.handle("count") { _, responder in
            responder.progress(1)
            responder.progress(2)
            responder.respond(3)
            responder.respond(4)
        }
        page.bridge.registerHandler("plain") { data, cb in cb(data) }
        try await page.load("bridge/dsbridge.html")
        await page.idle()
        _ = try await page.eval("callWithProgress('count'); 0")
        await page.idle()
        #expect(try await page.eval("progress") == [1, 2, 3])
        #expect(try await page.eval("typeof window.dscb0") == "undefined")
        _ = try await page.eval("callWithProgress('plain'); 0")
        await page.idle()
        #expect(try await page.eval("progress") == ["go"])
        #expect(page.bridgeEvents.contains { $0["type"] == "progress" && $0["handler"] == "count" })
    }

    @Test func dsBridgeNativeCallsWaitForDsinitAndGetTheirAnswersThroughReturnValue() async throws {
        let page = await WebPage(container: .dsBridgeAndroid)
        let early = Task { try await page.bridge.call("addValue", [3, 4]) }
        try await page.load("bridge/dsbridge.html")
        #expect(try await early.value == 7)
        #expect(try await page.bridge.call("append", ["I", "am", "here"]) == "I am here")
        #expect(try await page.bridge.call("syn.addValue", [5, 6]) == 11)
        // Progress answers from the page keep the call open until the final one.
        #expect(try await page.bridge.call("appendProgress") == 0)
        #expect(page.bridgeEvents.contains { $0["type"] == "progress" && $0["dir"] == "js->native" })
        #expect(try await page.bridge.call("_hasJavascriptMethod", "syn.addValue") == true)
        // A method the page lacks: the page does not answer, so the call times out.
        await #expect(throws: BridgeError.self) { try await page.bridge.call("none", nil, timeout: .milliseconds(100)) }
    }

    @Test func dsBridgeBadTrafficIsAnErrorAnswerNotACrash() async throws {
        let page = await WebPage(container: .dsBridgeAndroid)
        try await page.load("bridge/dsbridge.html")
        await page.idle()
        #expect(try await page.eval("_dsbridge.call('testSyn', 'not json')") == #"{"code":-1}"#)
        #expect(try await page.eval("_dsbridge.call('testSyn')") == #"{"code":-1}"#)
        #expect(try await page.eval("_dsbridge.call('_dsb.returnValue', '{\"data\":{\"id\":999,\"data\":1}}')") == #"{"code":0}"#)
        #expect(try await page.eval("_dsbridge.call('_dsb.nothing', '{}')") == #"{"code":-1}"#)
        #expect(page.exceptions.isEmpty)
        page.bridge.handleSynchronously("after") { _ in "fine" }
        #expect(try await page.eval("dsBridge.call('after')") == "fine")
    }

    @Test func dsBridgeIOSReportsThePagesOwnDialogsUntilDialogBlockIsDisabled() async throws {
        let page = await WebPage(container: .dsBridgeIOS)
        try await page.load("bridge/dsbridge.html")
        await page.idle()
        #expect(try await page.eval("window._dswk") == true)
        #expect(try await page.eval("prompt('name?', 'x')") == "x")
        #expect(page.divergences.filter { $0["code"] == "dsbridge_dialog_blocks" }.count == 1)
        _ = try await page.eval("dsBridge.disableJavascriptDialogBlock(); alert('hi'); 0")
        #expect(page.divergences.filter { $0["code"] == "dsbridge_dialog_blocks" }.count == 1)
    }

    // MARK: The wrong container

    @Test func aDSBridgePageInTheIOSContainerIsToldWhichContainerItNeeds() async throws {
        let page = await WebPage()
        try await page.load("bridge/dsbridge.html")
        await page.idle()
        #expect(try await page.eval("dsBridge.call('anything', 1) === undefined") == true)
        let diagnostic = try #require(page.divergences.first { $0["code"] == "wrong_container" })
        let message = diagnostic["message"]?.stringValue ?? ""
        #expect(message.contains("dsbridge") && message.contains("--container dsbridge-android") && message.contains("ios-wvjb"))
        // The window is as on a phone: no trace of DSBridge's properties, and the page may define its own.
        #expect(try await page.eval("['_dsbridge' in window, '_dswk' in window]") == [false, false])
        #expect(try await page.eval("window._dsbridge = 5; window._dsbridge") == 5)
        #expect(page.divergences.filter { $0["code"] == "wrong_container" }.count == 1)
    }

    @Test func aPageThatOnlyTestsForDSBridgeIsNotReported() async throws {
        let page = await WebPage()
        try await page.load("bridge/echo.html")
        await page.idle()
        #expect(try await page.eval("window._dsbridge ? 'dsbridge' : 'wvjb'") == "wvjb")
        #expect(try await page.eval("'_dsbridge' in window") == false)
        #expect(try await page.eval("window._dswk = 1; window._dswk") == 1)
        #expect(!page.divergences.contains { $0["code"] == "wrong_container" })
    }

    @Test func anIOSPageInAnAndroidContainerAndAnAndroidPageInTheIOSContainerAreNamed() async throws {
        let android = await WebPage(container: .androidJsBridge)
        try await android.load("bridge/echo.html")
        await android.idle()
        #expect(android.divergences.contains { $0["code"] == "wrong_container" && ($0["message"]?.stringValue ?? "").contains("--container ios-wvjb") })

        let ios = await WebPage()
        try await ios.load("bridge/android-jsbridge.html")
        await ios.idle()
        _ = try? await ios.eval("document.getElementById('enter').click(); 0")
        await ios.idle()
        #expect(ios.divergences.contains { $0["code"] == "wrong_container" && ($0["message"]?.stringValue ?? "").contains("--container android-jsbridge") })
    }
}
