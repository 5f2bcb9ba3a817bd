@testable import Bridge
import JavaScript
import Testing
import WebView

/// The seed tutorial's snippets, verbatim (web/bridge/seed.html: broken on an iPhone by its typo), and the demo
/// page web/index.html.
@Suite struct SeedPageTests {
    static let seedDivergence = "setup callback 1 threw TypeError: bridge.registerHanlder is not a function; on iOS the "
        + "remaining 1 setup callback never runs, so handler changeBGColor is never registered"

    @Test func theRegisterHanlderTypoBreaksTheSeedPageAsOnThePhoneAndSaysWhy() async throws {
        let page = await WebPage()
        try await page.load("bridge/seed.html")
        await page.idle()
        #expect(page.exceptions.count == 1)
        #expect(page.exceptions.first?.name == "TypeError")
        #expect(page.exceptions.first?.message.contains("registerHanlder") == true)
        #expect(page.divergences.count == 1)
        #expect(page.divergences.first?["code"] == .string(BridgeDivergence.setupCallbackThrew))
        #expect(page.divergences.first?["message"] == .string(Self.seedDivergence))
        // The loop stopped at the typo: changeBGColor was never registered, the background stays white.
        await #expect(throws: BridgeError(code: "handler_not_found", message: #"no JavaScript handler named "changeBGColor""#)) {
            try await page.bridge.call("changeBGColor", "orange")
        }
        #expect(try await page.eval("document.body.style.backgroundColor") == "")
        #expect(try await page.webView.value(of: "#returnValue") == "")
    }

    @Test func nativeCallsJavaScriptThreeWaysInLenientMode() async throws {
        let page = await WebPage()
        page.bridge.compatibility = .lenient
        try await page.load("bridge/seed.html")
        await page.idle()
        #expect(page.divergences.first?["message"] == .string(Self.seedDivergence))
        page.bridge.callHandler("changeBGColor", data: "把 HTML 的背景颜色改成橙色!!!!")
        await page.idle()
        #expect(try await page.eval("document.body.style.backgroundColor") == "orange")
        #expect(try await page.webView.value(of: "#returnValue") == "把 HTML 的背景颜色改成橙色!!!!")
        page.bridge.callHandler("changeBGColor")
        await page.idle()
        #expect(try await page.webView.value(of: "#returnValue") == "undefined")
        page.bridge.callHandler("changeBGColor", data: "with data")
        await page.idle()
        #expect(try await page.webView.value(of: "#returnValue") == "with data")
        let answered = Recorder<JSONValue?>()
        page.bridge.callHandler("changeBGColor", data: "传递给 JS 的参数") { answered.append($0) }
        await page.idle()
        #expect(try await page.webView.value(of: "#returnValue") == "传递给 JS 的参数")
        #expect(answered.all.isEmpty)  // changeBGColor never calls responseCallback
        // testJavaScriptFunction was never registered (the typo): no answer, a warning in the page.
        page.bridge.callHandler("testJavaScriptFunction", data: nil) { answered.append($0) }
        await page.idle()
        #expect(answered.all.isEmpty)
        #expect(page.console.contains { $0.hasPrefix("WebViewJavascriptBridge: WARNING: no handler for message from ObjC:") })
    }

    @Test func javaScriptCallsNativeThreeWaysAndRemovingUnknownHandlersIsHarmless() async throws {
        let page = await WebPage()
        let seen = Recorder<String>()
        page.bridge.registerHandler("scanClick") { data, responseCallback in
            seen.append(data?.jsonString ?? "absent")
            responseCallback("扫描结果 : www.baidu.com")
        }
        try await page.load("bridge/seed.html")
        await page.idle()
        _ = try await page.eval("""
            WebViewJavascriptBridge.callHandler('scanClick');
            WebViewJavascriptBridge.callHandler('scanClick',"JS 参数");
            WebViewJavascriptBridge.callHandler('scanClick',{data : "这是 JS 传递到 OC 的扫描数据"},function(dataFromOC){
              document.getElementById("returnValue").value = dataFromOC;
            });
            """)
        await page.idle()
        #expect(seen.all == ["absent", "\"JS 参数\"", #"{"data":"这是 JS 传递到 OC 的扫描数据"}"#])
        #expect(try await page.webView.value(of: "#returnValue") == "扫描结果 : www.baidu.com")
        for name in ["scanClick", "colorClick", "locationClick", "shareClick", "payClick", "goBackClick"] {
            page.bridge.removeHandler(name)
        }
        #expect(page.bridge.handlerNames.isEmpty)
        _ = try await page.eval("WebViewJavascriptBridge.callHandler('scanClick')")
        await page.idle()
        #expect(page.exceptions.count == 1)  // only the typo
    }

    @Test func demoPageButtonsReachNativeAndNativeReachesThePage() async throws {
        let page = await WebPage()
        try MockHandlers(parsing: """
            {"scanClick": {"response": "scan: www.example.com"}, "colorClick": {"response": "colour changed"},
             "locationClick": {"response": {"lat": 1, "lng": 2}}, "shareClick": {"echo": true},
             "payClick": {"error": {"code": "denied", "message": "no"}}, "goBackClick": {}}
            """).install(into: page.bridge)
        try await page.load("index.html")
        await page.idle()
        try await page.webView.click("#scan")
        await page.idle()
        #expect(try await page.webView.value(of: "#returnValue") == "scan: www.example.com")
        try await page.webView.click("#color")
        await page.idle()
        #expect(try await page.webView.value(of: "#returnValue") == "colour changed")
        try await page.webView.click("#location")
        await page.idle()
        #expect(try await page.webView.value(of: "#returnValue") == #"{"lat":1,"lng":2}"#)
        try await page.webView.click("#goBack")
        page.bridge.callHandler("changeBGColor", data: "orange from native")
        await page.idle()
        #expect(try await page.eval("document.body.style.backgroundColor") == "orange")
        let answer = try await page.bridge.call("testJavaScriptFunction", "hi")
        #expect(answer == ["data": "hi", "from": "JS"])
        #expect(page.exceptions.isEmpty)
    }
}
