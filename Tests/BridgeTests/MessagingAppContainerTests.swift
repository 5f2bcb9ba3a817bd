@testable import Bridge
import Foundation
import JavaScript
import Testing
import WebView

/// The WeChat and Alipay containers: their injected bridges (`WeixinJSBridge`, `AlipayJSBridge`) and ready events
/// after load, results in each app's form from the same handlers and mocks, the JS-SDK's `wx.config`, and bad traffic.
@Suite struct MessagingAppContainerTests {
    // MARK: WeChat

    @Test(arguments: [
        (MockHandlers.Mock(response: ["err_msg": "get_brand_wcpay_request:ok"]), "paid"),
        (MockHandlers.Mock(response: ["err_msg": "get_brand_wcpay_request:cancel"]), "get_brand_wcpay_request:cancel"),
        (MockHandlers.Mock(error: BridgeError(code: "cancel", message: "")), "get_brand_wcpay_request:cancel"),
        (MockHandlers.Mock(error: BridgeError(code: "payment_failed", message: "insufficient balance")),
         "get_brand_wcpay_request:fail, insufficient balance"),
    ])
    func weChatPayJSAPIPageGetsOkCancelAndFailFromMocks(_ mock: MockHandlers.Mock, _ shown: String) async throws {
        let page = await WebPage(container: .weChatIOS)
        let (result, call) = try await page.pay(on: "bridge/wechat.html", mocking: "getBrandWCPayRequest", with: mock)
        // WeChat puts WeixinJSBridge in after the page loaded: the page waited for WeixinJSBridgeReady.
        #expect(try await page.eval("bridgeArrived") == "complete")
        #expect(try await page.eval("navigator.userAgent.indexOf('MicroMessenger/8.0.') > 0 && /NetType\\/WIFI Language\\/zh_CN/.test(navigator.userAgent)") == true)
        #expect(result == .string(shown))
        #expect(call["bridge"] == "wechat")
        #expect(call["wire"] == "WeixinJSBridge.invoke")
        #expect(call["data"]?["package"] == "prepay_id=wx21201855730335ac86f8c43d1889123400")
        let answer = try #require(page.bridgeEvents.first { $0["handler"] == "getBrandWCPayRequest" && $0["dir"] == "native->js" })
        #expect(answer["wire"] == "_handleMessageFromWeixin")
        #expect(page.exceptions.isEmpty)
        #expect(page.divergences.isEmpty)
    }

    @Test func wxConfigIsVerifiedAndTheJSSDKMapsResultsToSuccessCancelFailAndComplete() async throws {
        let page = await WebPage(container: .weChatIOS)
        MockHandlers(["getBrandWCPayRequest": .init(response: ["err_msg": "get_brand_wcpay_request:ok"]),
                      "chooseImage": .init(error: BridgeError(code: "cancel", message: "")),
                      "scanQRCode": .init(error: BridgeError(code: "camera", message: "no camera"))]).install(into: page.bridge)
        page.bridge.handle("getLocation") { request, responder in
            // jweixin's signature fields come with every call.
            responder.respond(["latitude": 31.2, "longitude": 121.5,
                               "signed": .bool(request.data?["verifySignature"] == "0f9de62fce790f9a083d5c99e95740ceb90c27ed")])
        }
        try await page.load("bridge/wechat.html")
        await page.idle()
        #expect(try await page.eval("log") == ["ready"])
        _ = try await page.eval("""
            log = [];
            wx.getLocation(record('getLocation'));
            wx.chooseImage(record('chooseImage'));
            wx.scanQRCode(record('scanQRCode'));
            wx.chooseWXPay(Object.assign({timestamp: 1, nonceStr: 'n', package: 'prepay_id=1', paySign: 's'}, record('chooseWXPay')));
            wx.getNetworkType(record('getNetworkType'));
            wx.checkJsApi({jsApiList: ['getLocation', 'chooseWXPay', 'openCard'],
                           success: function (res) { log.push('checkJsApi ' + JSON.stringify(res.checkResult)); }});
            0
            """)
        await page.idle()
        let log = try await page.eval("log").arrayValue?.compactMap(\.stringValue) ?? []
        #expect(log.contains(#"getLocation success {"latitude":31.2,"longitude":121.5,"signed":true,"errMsg":"getLocation:ok"}"#))
        #expect(log.contains("chooseImage cancel chooseImage:cancel"))
        #expect(log.contains("scanQRCode fail scanQRCode:fail, no camera"))
        #expect(log.contains(#"chooseWXPay success {"errMsg":"chooseWXPay:ok"}"#))
        // No handler: WeChat's answer for an API it does not have.
        #expect(log.contains("getNetworkType fail getNetworkType:function not exist"))
        #expect(log.contains(#"checkJsApi {"getLocation":true,"chooseWXPay":true,"openCard":false}"#))
        #expect(log.filter { $0.hasSuffix(" complete") }.count == 5)
        #expect(page.bridgeEvents.contains { $0["handler"] == "preVerifyJSAPI" && $0["outcome"] == "answered_by_container" })
        #expect(page.divergences.isEmpty)
        #expect(page.exceptions.isEmpty)
    }

    @Test func aFailingSignatureRunsWxErrorAndWxReadyAsJWeixinDoes() async throws {
        let page = await WebPage(container: .weChatAndroid)
        MockHandlers(["preVerifyJSAPI": .init(response: ["err_msg": "config:invalid signature"])]).install(into: page.bridge)
        try await page.load("bridge/wechat.html")
        await page.idle()
        #expect(try await page.eval("log") == ["error config:invalid signature", "ready"])
        // Not verified: a JS-SDK call fails as WeChat refuses it, and the page is told why.
        _ = try await page.eval("log = []; wx.getLocation(record('getLocation')); 0")
        await page.idle()
        #expect(try await page.eval("log") == ["getLocation fail getLocation:fail, the permission value is offline verifying",
                                              "getLocation complete"])
        let divergence = try #require(page.divergences.first { $0["code"] == "wechat_api_before_config" })
        #expect(divergence["message"]?.stringValue?.contains("wx.ready") == true)
    }

    @Test func aJSSDKCallBeforeWxConfigIsVerifiedIsTheNamedDivergence() async throws {
        let page = await WebPage(container: .weChatIOS)
        // The verification never answers: the page calls while wx.config is pending.
        let held = HeldResponders()
        page.bridge.handle("preVerifyJSAPI") { _, responder in held.append(responder) }
        page.bridge.handle("getLocation") { _, responder in responder.respond(["latitude": 1]) }
        try await page.load("bridge/wechat.html")
        await page.idle()
        _ = try await page.eval("wx.getLocation(record('getLocation')); 0")
        await page.idle()
        #expect(try await page.eval("log") == ["getLocation fail getLocation:fail, the permission value is offline verifying",
                                              "getLocation complete"])
        #expect(page.divergences.filter { $0["code"] == "wechat_api_before_config" }.count == 1)
        // Classic WeixinJSBridge calls need no wx.config.
        _ = try await page.eval("document.getElementById('pay').click(); 0")
        await page.idle()
        #expect(try await page.eval("document.getElementById('result').textContent") == "system:function_not_exist")
        held.all.first?.respond(["err_msg": "config:ok"])
        await page.idle()
        _ = try await page.eval("log = []; wx.getLocation(record('getLocation')); 0")
        await page.idle()
        #expect(try await page.eval("log") == [#"getLocation success {"latitude":1,"errMsg":"getLocation:ok"}"#, "getLocation complete"])
    }

    @Test func androidWeChatAnswersCheckJsApiAsAJSONString() async throws {
        let page = await WebPage(container: .weChatAndroid)
        page.bridge.registerHandler("chooseImage") { _, cb in cb(nil) }
        try await page.load("bridge/wechat.html")
        await page.idle()
        let raw = try await page.callAsync("""
            new Promise(function (resolve) {
              WeixinJSBridge.invoke('checkJsApi', {jsApiList: ['chooseImage', 'openCard']}, resolve);
            })
            """)
        #expect(raw["checkResult"] == #"{"chooseImage":true,"openCard":false}"#)
        #expect(raw["err_msg"] == "checkJsApi:ok")
    }

    @Test func nativeFiresThePagesWeixinJSBridgeOnListeners() async throws {
        let page = await WebPage(container: .weChatIOS)
        try await page.load("bridge/wechat.html")
        await page.idle()
        _ = try await page.eval("WeixinJSBridge.on('menu:share:timeline', function (params) { log.push('share ' + params.scene); }); 0")
        let answer: JSONValue? = try await page.bridge.call("menu:share:timeline", JSONValue.object(["scene": "timeline"]))
        #expect((answer ?? .null) == .null)
        #expect(try await page.eval("log.indexOf('share timeline') >= 0") == true)
        await #expect(throws: BridgeError.self) { let _: JSONValue? = try await page.bridge.call("menu:share:qq", nil) }
    }

    @Test func fireEventRunsTheJSSDKShareMenuAsWeChatDoes() async throws {
        let page = await WebPage(container: .weChatIOS)
        MockHandlers(["shareTimeline": .init(response: nil), "sendAppMessage": .init(error: BridgeError(code: "cancel", message: ""))])
            .install(into: page.bridge)
        try await page.load("bridge/wechat.html")
        await page.idle()
        _ = try await page.eval("""
            log = [];
            wx.ready(function () {
              wx.onMenuShareTimeline({title: 'Timeline title', link: 'https://example.com/t', imgUrl: 'https://example.com/i.png',
                                      trigger: function () { log.push('trigger timeline'); },
                                      success: function (res) { log.push('shared ' + res.errMsg); }});
              wx.onMenuShareAppMessage({title: 'Friend title', desc: 'For a friend',
                                        cancel: function (res) { log.push('cancelled ' + res.errMsg); }});
              WeixinJSBridge.on('custom:event', function (params) { log.push('custom ' + params.n); });
            });
            0
            """)
        let names = await page.bridge.eventNames
        #expect(names.first == "WeixinJSBridgeReady")
        #expect(names.contains("menu:share:timeline") && names.contains("menu:share:appmessage") && names.contains("custom:event"))
        // The user chooses "share to timeline", then "send to a friend" and cancels it.
        try await page.bridge.fireEvent("menu:share:timeline", data: ["scene": "timeline"])
        await page.idle()
        try await page.bridge.fireEvent("menu:share:appmessage")
        await page.idle()
        try await page.bridge.fireEvent("custom:event", data: ["n": 7])
        await page.idle()
        #expect(try await page.eval("log") == ["trigger timeline", "shared shareTimeline:ok", "cancelled sendAppMessage:cancel",
                                              "custom 7"])
        // jweixin's share call is what native sees, with the page's share data.
        let share = try #require(page.bridgeEvents.first { $0["handler"] == "shareTimeline" && $0["type"] == "call" })
        #expect(share["data"]?["title"] == "Timeline title")
        #expect(share["data"]?["img_url"] == "https://example.com/i.png")
        let fired = page.bridgeEvents.filter { $0["type"] == "event" && $0["dir"] == "native->js" }
        #expect(fired.map { $0["handler"] } == ["menu:share:timeline", "menu:share:appmessage", "custom:event"])
        #expect(fired.first?["wire"] == "_handleMessageFromWeixin")
        // The event comes first in the transcript, then what the page's listener did.
        let handlers = page.bridgeEvents.compactMap { $0["handler"]?.stringValue }
        #expect(handlers.firstIndex(of: "menu:share:timeline") ?? .max < handlers.firstIndex(of: "shareTimeline") ?? -1)
        // A documented event nobody listens for runs nothing; the ready event fires once; an unknown one is an error.
        try await page.bridge.fireEvent("menu:share:qq")
        try await page.bridge.fireEvent("WeixinJSBridgeReady")
        #expect(page.logs.all.contains { $0.contains("listens for no menu:share:qq") })
        #expect(page.logs.all.contains { $0.contains("WeixinJSBridgeReady has fired already") })
        do {
            try await page.bridge.fireEvent("menu:share:nowhere")
            Issue.record("an unknown event fired")
        } catch {
            #expect(error.code == BridgeError.unknownEvent)
            #expect(error.message.contains("menu:share:timeline"))
        }
        #expect(page.exceptions.isEmpty)
    }

    @Test func firingWeixinJSBridgeReadyBeforeLoadBringsTheBridgeInEarly() async throws {
        let page = await WebPage(container: .weChatAndroid)
        // Native fires the ready event as the page's DOMContentLoaded is dispatched, before its load event.
        let sources = page.bridge.core.state.withLock { $0.eventSources }
        page.webView.events.observe { event in
            guard case .load(milestone: .domcontentloaded, url: _) = event.kind else { return }
            #expect(sources.contains { $0.eventNames() == ["WeixinJSBridgeReady"] })
            #expect(sources.contains { $0.fire("WeixinJSBridgeReady", data: nil) })
        }
        try await page.load("bridge/wechat.html")
        await page.idle()
        #expect(try await page.eval("bridgeArrived") == "interactive")
        #expect(page.logs.all.allSatisfy { !$0.contains("has fired already") })
    }

    @Test func weChatBadTrafficIsWarnedAboutAndTheBridgeKeepsWorking() async throws {
        let page = await WebPage(container: .weChatIOS)
        page.bridge.handle("twice") { _, responder in
            responder.respond(["n": 1])
            responder.respond(["n": 2])
        }
        try await page.load("bridge/wechat.html")
        await page.idle()
        let taken = try await page.eval("""
            var answers = [];
            WeixinJSBridge.invoke(42, {}, function () {});
            var circular = {}; circular.self = circular;
            WeixinJSBridge.invoke('chooseImage', circular, function () {});
            WeixinJSBridge.invoke('twice', 'not an object', function (res) { answers.push(res); });
            [WeixinJSBridge._handleMessageFromWeixin({__msg_type: 'callback', __callback_id: '999', __params: {}}),
             WeixinJSBridge._handleMessageFromWeixin('nonsense'), WeixinJSBridge._handleMessageFromWeixin(null)]
            """)
        #expect(taken == [false, false, false])
        await page.idle()
        #expect(try await page.eval("answers") == [["n": 1, "err_msg": "twice:ok"]])
        #expect(page.logs.all.contains { $0.contains("sent more than once") })
        #expect(page.console.contains { $0.contains("the API name must be a non-empty string") })
        #expect(page.console.contains { $0.contains("cannot be sent") })
        #expect(page.exceptions.isEmpty)
        _ = try await page.eval("document.getElementById('pay').click(); 0")
        await page.idle()
        #expect(try await page.eval("document.getElementById('result').textContent") == "system:function_not_exist")
    }

    @Test func aWeChatPageOutsideWeChatIsToldWhichContainerItNeeds() async throws {
        let page = await WebPage()
        try await page.load("bridge/wechat.html")
        await page.idle()
        let diagnostic = try #require(page.divergences.first { $0["code"] == "wrong_container" })
        let message = diagnostic["message"]?.stringValue ?? ""
        #expect(message.contains("WeixinJSBridgeReady") && message.contains("--container wechat-ios or --container wechat-android"))
        #expect(try await page.eval("typeof WeixinJSBridge") == "undefined")
    }
}

/// Responders a test holds on to, to answer later.
final class HeldResponders: Sendable {
    private let recorder = Recorder<BridgeResponder>()
    func append(_ responder: BridgeResponder) { recorder.append(responder) }
    var all: [BridgeResponder] { recorder.all }
}

extension WebPage {
    /// Runs an async function body in the page and awaits its value.
    func callAsync(_ body: String) async throws -> JSONValue {
        try await webView.callAsyncJavaScript(body)
    }

    /// A payment page's round: `mock` answers `api`, the page at `path` loads, its `#pay` button is clicked, and the
    /// page shows what it got in `#result`. Returns that text and the page's call of `api` in the transcript.
    func pay(on path: String, mocking api: String, with mock: MockHandlers.Mock) async throws -> (result: JSONValue, call: JSONObject) {
        MockHandlers([api: mock]).install(into: bridge)
        try await load(path)
        await idle()
        _ = try await eval("document.getElementById('pay').click(); 0")
        await idle()
        let result = try await eval("document.getElementById('result').textContent")
        let call = try #require(bridgeEvents.first { $0["handler"] == .string(api) && $0["type"] == "call" })
        return (result, call)
    }
}

/// The Alipay container.
@Suite struct AlipayContainerTests {
    @Test(arguments: [
        (MockHandlers.Mock(response: ["resultCode": "9000", "result": "{}"]), "9000"),
        (MockHandlers.Mock(response: ["resultCode": "6001"]), "6001"),
        (MockHandlers.Mock(error: BridgeError(code: "cancel", message: "")), "6001"),
        (MockHandlers.Mock(error: BridgeError(code: "declined", message: "card declined")), "4000"),
    ])
    func tradePayAnswersResultCodesFromMocks(_ mock: MockHandlers.Mock, _ code: String) async throws {
        let page = await WebPage(container: .alipay)
        let (result, call) = try await page.pay(on: "bridge/alipay.html", mocking: "tradePay", with: mock)
        #expect(try await page.eval("arrived") == "complete")
        #expect(try await page.eval("/AlipayClient\\/10\\./.test(navigator.userAgent)") == true)
        #expect(result == .string(code))
        #expect(call["bridge"] == "alipay")
        #expect(call["wire"] == "AlipayJSBridge.call")
        #expect(page.bridgeEvents.contains { $0["handler"] == "tradePay" && $0["wire"] == "_invokeJS" })
        #expect(page.exceptions.isEmpty)
    }

    @Test func errorsAreAlipaysNumberedCodes() async throws {
        let page = await WebPage(container: .alipay)
        MockHandlers(["badParams": .init(error: BridgeError(code: "2", message: "")),
                      "denied": .init(error: BridgeError(code: "no_permission", message: "not allowed here")),
                      "broken": .init(error: BridgeError(code: "io", message: "disk full")),
                      "plain": .init(response: "text")]).install(into: page.bridge)
        try await page.load("bridge/alipay.html")
        await page.idle()
        let results = try await page.callAsync("""
            Promise.all(['getNothing', 'badParams', 'denied', 'broken', 'plain'].map(function (api) {
              return new Promise(function (resolve) { AlipayJSBridge.call(api, resolve); });
            }))
            """)
        #expect(results == [["error": 1, "errorMessage": "接口不存在"], ["error": 2, "errorMessage": "无效参数"],
                            ["error": 4, "errorMessage": "not allowed here"], ["error": 3, "errorMessage": "disk full"],
                            ["data": "text"]])
    }

    @Test func progressKeepsTheCallbackForAStreamUntilTheFinalAnswer() async throws {
        let page = await WebPage(container: .alipay)
        page.bridge.handle("watchShake") { _, responder in
            responder.progress(["n": 1])
            responder.progress(["n": 2])
            responder.respond(["n": 3])
            responder.progress(["n": 4])
        }
        try await page.load("bridge/alipay.html")
        await page.idle()
        _ = try await page.eval("var seen = []; AlipayJSBridge.call('watchShake', {}, function (r) { seen.push(r.n); }); 0")
        await page.idle()
        #expect(try await page.eval("seen") == [1, 2, 3])
        #expect(page.bridgeEvents.filter { $0["handler"] == "watchShake" && $0["type"] == "progress" }.count == 2)
        // The final answer removed the callback.
        #expect(try await page.eval("AlipayJSBridge._invokeJS({responseId: 'cb_1_0', responseData: {}})") == false)
    }

    @Test func nativeEventsAreDocumentEventsWithData() async throws {
        let page = await WebPage(container: .alipay)
        try await page.load("bridge/alipay.html")
        await page.idle()
        let answer: JSONValue? = try await page.bridge.call("resume", JSONValue.object(["resumeParams": ["from": "cashier"]]))
        #expect((answer ?? .null) == .null)
        #expect(try await page.eval("events") == [#"resume {"resumeParams":{"from":"cashier"}}"#])
    }

    @Test func fireEventDispatchesAlipaysDocumentEventsAndTheBackEventCanBePrevented() async throws {
        let page = await WebPage(container: .alipay)
        try await page.load("bridge/alipay.html")
        await page.idle()
        _ = try await page.eval("""
            document.addEventListener('back', function (event) { events.push('back'); event.preventDefault(); }, false);
            document.addEventListener('titleClick', function (event) { events.push('titleClick ' + event.cancelable); }, false);
            0
            """)
        #expect(await page.bridge.eventNames.contains("back"))
        try await page.bridge.fireEvent("resume", data: ["resumeParams": ["from": "cashier"]])
        try await page.bridge.fireEvent("back")
        try await page.bridge.fireEvent("titleClick")
        await page.idle()
        #expect(try await page.eval("events") == [#"resume {"resumeParams":{"from":"cashier"}}"#, "back", "titleClick false"])
        let fired = page.bridgeEvents.filter { $0["type"] == "event" }
        #expect(fired.map { $0["handler"] } == ["resume", "back", "titleClick"])
        #expect(fired.allSatisfy { $0["outcome"] == "delivered" && $0["bridge"] == "alipay" && $0["dir"] == "native->js" })
        // The page kept itself open: the container reads the prevented default back, after the event.
        let kept = page.bridgeEvents.filter { $0["outcome"] == "prevented" }
        #expect(kept.map { $0["handler"] } == ["back"])
        #expect(kept.first?["dir"] == "js->native")
        let order = page.bridgeEvents.compactMap { $0["handler"]?.stringValue }
        #expect(order == ["resume", "back", "back", "titleClick"])
        await #expect(throws: BridgeError.self) { try await page.bridge.fireEvent("menu:share:timeline") }
    }

    @Test func alipayBadTrafficIsWarnedAboutAndTheBridgeKeepsWorking() async throws {
        let page = await WebPage(container: .alipay)
        page.bridge.handle("twice") { _, responder in
            responder.respond(["n": 1])
            responder.respond(["n": 2])
        }
        MockHandlers(["tradePay": .init(response: ["resultCode": "9000"])]).install(into: page.bridge)
        try await page.load("bridge/alipay.html")
        await page.idle()
        let taken = try await page.eval("""
            var answers = [];
            AlipayJSBridge.call(null, {}, function () {});
            var circular = {}; circular.self = circular;
            AlipayJSBridge.call('tradePay', circular, function () {});
            AlipayJSBridge.call('twice', function (r) { answers.push(r); });
            [AlipayJSBridge._invokeJS({responseId: 'unknown', responseData: {}}), AlipayJSBridge._invokeJS(7)]
            """)
        #expect(taken == [false, false])
        await page.idle()
        #expect(try await page.eval("answers") == [["n": 1]])
        #expect(page.logs.all.contains { $0.contains("sent more than once") })
        #expect(page.console.contains { $0.contains("the API name must be a non-empty string") })
        #expect(page.console.contains { $0.contains("cannot be sent") })
        #expect(page.exceptions.isEmpty)
        _ = try await page.eval("document.getElementById('pay').click(); 0")
        await page.idle()
        #expect(try await page.eval("document.getElementById('result').textContent") == "9000")
    }

    @Test func anAlipayPageElsewhereIsToldWhichContainerItNeeds() async throws {
        let page = await WebPage(container: .weChatIOS)
        try await page.load("bridge/alipay.html")
        await page.idle()
        let diagnostic = try #require(page.divergences.first { $0["code"] == "wrong_container" })
        #expect(diagnostic["message"]?.stringValue?.contains("--container alipay") == true)
    }
}

/// Containers combined as real apps combine them (`--container a+b`).
@Suite struct CombinedContainerTests {
    @Test func combinationsOfOnePlatformMergeBridgesAndUserAgentsAndOthersAreRefused() throws {
        let combined = try ContainerProfile(parsing: "android-jsbridge+dsbridge-android")
        #expect(combined.bridges == [.androidJsBridge, .dsBridge])
        #expect(combined.userAgentSuffix == "_dsbridge")
        #expect(combined.platform == .android)
        #expect(combined.nativeCallsBridge == .androidJsBridge)
        #expect(ContainerProfile(named: "ios-wvjb+dsbridge-ios")?.name == "ios-wvjb+dsbridge-ios")
        #expect(ContainerProfile(named: "ios-wvjb") == .iOSWebViewJavascriptBridge)
        #expect(throws: ContainerError.self) { try ContainerProfile(parsing: "ios-wvjb+nothing") }
        let cases = ["ios-wvjb+dsbridge-android": "one app runs on one platform", "ios-wvjb+ios-wvjb": "twice",
                     "wechat-ios+ios-wvjb": "an app of its own", "ios-wvjb+alipay": "an app of its own"]
        for (name, reason) in cases {
            do {
                _ = try ContainerProfile(parsing: name)
                Issue.record("\(name) was accepted")
            } catch {
                #expect(error.message.contains(reason), "\(name): \(error.message)")
            }
        }
    }

    @Test(arguments: ["ios-wvjb+dsbridge-ios", "dsbridge-ios+ios-wvjb"])
    func onePageUsesBothBridgesOfItsAppAgainstTheSameHandlers(_ name: String) async throws {
        let container = try ContainerProfile(parsing: name)
        let page = await WebPage(container: container)
        page.bridge.handleSynchronously("getUserInfo") { request in ["name": "Ada", "via": request.data?["from"] ?? .null] }
        try await page.load("bridge/combined.html")
        await page.idle()
        #expect(try await page.eval("dsAnswer") == ["name": "Ada", "via": "dsbridge"])
        // The WebViewJavascriptBridge answer goes back by WebViewJavascriptBridge, whichever bridge came first.
        #expect(try await page.eval("wvjbAnswer") == ["name": "Ada", "via": "wvjb"])
        // Native calls reach the first container's bridge.
        let answer: JSONValue? = try await page.bridge.call("whoAnswers", "native")
        #expect(answer == (name.hasPrefix("ios-wvjb") ? "wvjb native" : "dsbridge native"))
        let calls = page.bridgeEvents.filter { $0["handler"] == "getUserInfo" && $0["dir"] == "js->native" && $0["type"] == "call" }
        #expect(Set(calls.compactMap { $0["bridge"]?.stringValue }) == ["wvjb", "dsbridge"])
        #expect(page.divergences.isEmpty)
        #expect(page.exceptions.isEmpty)
    }
}
