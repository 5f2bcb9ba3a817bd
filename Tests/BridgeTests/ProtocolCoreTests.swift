@testable import Bridge
import JavaScript
import Testing

/// The protocol core on a bare JavaScript context: the reference's behaviour.
@Suite struct ProtocolCoreTests {
    @Test func pageGetsTheReferenceGlobals() async throws {
        let page = ContextPage()
        try await page.load("")
        let names = try await page.eval("Object.keys(WebViewJavascriptBridge).join()")
        #expect(names == "registerHandler,callHandler,disableJavscriptAlertBoxSafetyTimeout,_fetchQueue,_handleMessageFromObjC,call")
        #expect(try await page.eval("typeof onerror") == "function")
    }

    @Test func aPageOwnOnerrorIsKept() async throws {
        let page = ContextPage()
        try await page.load("globalThis.onerror = function mine() {};")
        #expect(try await page.eval("onerror.name") == "mine")
    }

    @Test func injectingTwiceKeepsTheFirstBridge() async throws {
        let page = ContextPage()
        try await page.load("")
        try await page.eval("WebViewJavascriptBridge.marker = 1")
        let again = await page.runtime.perform { runtime in page.bridge.inject(into: runtime.context) }
        #expect(again)  // a different context gets its own
        #expect(try await page.eval("WebViewJavascriptBridge.marker") == 1)
    }

    @Test(arguments: BridgeCompatibility.allCases)
    func aSecondContextTakesOverAndTheFirstIsGoneForTheBridge(_ compatibility: BridgeCompatibility) async throws {
        let page = ContextPage()
        page.bridge.isEchoEnabled = true
        page.bridge.compatibility = compatibility
        try await page.load(setupScript("bridge.registerHandler('silent', function () {});"))
        await page.idle()
        let waiting = Task { try await page.bridge.call("silent") }
        await waitUntil { !page.bridge.core.state.withLock({ $0.pending.isEmpty }) }
        await page.idle()
        // A second bare context, as a new page would be.
        let second = LoopBoundBox<JSContext?>(sending: nil, loop: page.runtime.loop)
        await page.runtime.perform { runtime in
            let context = runtime.makeContext()
            _ = try? context.evaluate(setupScript("bridge.registerHandler('where', function () { return 'second'; });"))
            page.bridge.inject(into: context)
            second.value = context
        }
        await #expect {
            try await waiting.value
        } throws: { error in
            (error as? BridgeError)?.code == BridgeError.pageGone
        }
        await page.idle()
        #expect(try await page.bridge.call("where") == "second")
        // The first page may still talk; answers to it never reach it. As on the device they go to the page that is
        // there (which ignores the unknown id); lenient drops them.
        try await page.eval("WebViewJavascriptBridge.callHandler('echo', 1, function () { globalThis.late = true; })")
        await page.idle()
        #expect(try await page.eval("typeof late") == "undefined")
        #expect(page.logs.all.contains { $0.contains("is gone; dropped") } == (compatibility == .lenient))
        let answersToSecond = page.events.all.filter { $0.type == .response && $0.direction == .nativeToJS && $0.outcome == "delivered" }
        #expect(answersToSecond.contains { $0.responseId?.hasPrefix("cb_") == true } == (compatibility == .device))
        await page.runtime.perform { _ in
            if let context = second.value { page.bridge.detach(from: context); context.close() }
        }
    }

    @Test func jsCallReachesNativeAndTheCallbackGetsTheAnswer() async throws {
        let page = ContextPage()
        let seen = Recorder<JSONValue?>()
        page.bridge.registerHandler("scanClick") { data, responseCallback in
            seen.append(data)
            responseCallback("扫描结果 : www.baidu.com")
        }
        try await page.load(setupScript("""
            bridge.callHandler('scanClick', {data: 'scan'}, function (answer) { globalThis.answer = answer; });
            """))
        await page.idle()
        #expect(seen.all == [["data": "scan"]])
        #expect(try await page.eval("answer") == "扫描结果 : www.baidu.com")
    }

    @Test func jsCallbackIdsAndNativeCallbackIdsFollowTheReferenceFormat() async throws {
        let page = ContextPage()
        page.bridge.registerHandler("peek") { _, _ in }
        try await page.load(setupScript("""
            bridge.callHandler('peek', 1, function () {});
            globalThis.queued = bridge._fetchQueue();
            bridge.registerHandler('ids', function (data, cb) { globalThis.nativeIds = (globalThis.nativeIds || []); cb(1); });
            """))
        await page.idle()
        let queued = try await page.eval("queued").stringValue ?? ""
        #expect(queued.range(of: #"^\[\{"handlerName":"peek","data":1,"callbackId":"cb_1_\d+"\}\]$"#, options: .regularExpression) != nil)
        let ids = Recorder<String>()
        page.bridge.registerHandler("x") { _, _ in }
        for _ in 0..<2 { _ = try await page.bridge.call("ids") }
        page.events.all.compactMap { $0.callbackId }.filter { $0.hasPrefix("objc_") }.forEach { ids.append($0) }
        #expect(ids.all == ["objc_cb_1", "objc_cb_2"])
    }

    @Test func callHandlerArgumentShapes() async throws {
        let page = ContextPage()
        let seen = Recorder<String>()
        page.bridge.registerHandler("shape") { data, _ in seen.append(data.map { $0.jsonString } ?? "absent") }
        try await page.load(setupScript("""
            bridge.callHandler('shape');
            bridge.callHandler('shape', function () {});
            bridge.callHandler('shape', 'JS 参数');
            bridge.callHandler('shape', {data: 1}, function () {});
            """))
        await page.idle()
        #expect(seen.all == ["absent", "null", "\"JS 参数\"", #"{"data":1}"#])
    }

    @Test func startupQueueDeliversInOrderAfterTheSetupCallbacks() async throws {
        let page = ContextPage()
        page.bridge.callHandler("log", data: 1)
        page.bridge.callHandler("log", data: 2)
        let answer = Recorder<JSONValue?>()
        page.bridge.callHandler("log", data: 3) { answer.append($0) }
        try await page.load(setupScript("""
            globalThis.got = [];
            bridge.registerHandler('log', function (data, cb) { got.push(data); if (cb) cb('ok ' + data); });
            """))
        await page.idle()
        #expect(try await page.eval("got") == [1, 2, 3])
        #expect(answer.all == ["ok 3"])
    }

    @Test func nilAndUndefinedAnswers() async throws {
        let page = ContextPage()
        page.bridge.registerHandler("nothing") { _, cb in cb(nil) }
        try await page.load(setupScript("""
            bridge.callHandler('nothing', null, function (a) { globalThis.fromNative = a; });
            bridge.registerHandler('undef', function (data, cb) { cb(undefined); });
            """))
        await page.idle()
        #expect(try await page.eval("fromNative === null") == true)
        let answer = try await page.bridge.call("undef")
        #expect(answer == nil)
    }

    @Test func missingHandlersLogTheReferenceLines() async throws {
        let page = ContextPage()
        try await page.load(setupScript("bridge.callHandler('nobody', {a: 1});"))
        page.bridge.callHandler("noJSHandler", data: "x")
        await page.idle()
        #expect(page.logs.all.contains { $0.contains(#"WVJBNoHandlerException, No handler for message from JS: {"handlerName":"nobody","data":{"a":1}}"#) })
        #expect(page.console.all.contains { $0.hasPrefix("WebViewJavascriptBridge: WARNING: no handler for message from ObjC:") })
    }

    @Test func registerHandlerReplacesAndRemoveHandlerIgnoresUnknownNames() async throws {
        let page = ContextPage()
        page.bridge.registerHandler("h") { _, cb in cb(1) }
        page.bridge.registerHandler("h") { _, cb in cb(2) }
        page.bridge.removeHandler("neverRegistered")
        try await page.load(setupScript("""
            bridge.registerHandler('j', function (d, cb) { cb('first'); });
            bridge.registerHandler('j', function (d, cb) { cb('second'); });
            bridge.callHandler('h', null, function (a) { globalThis.h = a; });
            """))
        await page.idle()
        #expect(try await page.eval("h") == 2)
        #expect(try await page.bridge.call("j") == "second")
        page.bridge.removeHandler("h")
        #expect(page.bridge.handlerNames.isEmpty)
    }

    @Test func oneBadSetupCallbackDoesNotStopTheOthersInLenientMode() async throws {
        let page = ContextPage()
        page.bridge.compatibility = .lenient
        try await page.load("""
            globalThis.WVJBCallbacks = [
              function (bridge) { bridge.registerHanlder('typo', function () {}); },
              function (bridge) { bridge.registerHandler('fine', function (d, cb) { cb('still works'); }); }
            ];
            """)
        await page.idle()
        #expect(page.exceptions.all.count == 1)
        #expect(page.exceptions.all.first?.contains("TypeError") == true)
        #expect(try await page.bridge.call("fine") == "still works")
        #expect(try await page.eval("typeof WVJBCallbacks") == "undefined")
        #expect(page.divergences.all.map(\.code) == [BridgeDivergence.setupCallbackThrew])
    }

    @Test func safetyTimeoutDefersPageCalledDispatchUntilDisabled() async throws {
        let page = ContextPage()
        try await page.load(setupScript("""
            globalThis.ran = 0;
            bridge.registerHandler('count', function () { ran++; });
            """))
        await page.idle()
        let message = #"'{"handlerName":"count"}'"#
        #expect(try await page.eval("WebViewJavascriptBridge._handleMessageFromObjC(\(message)); ran") == 0)
        await page.idle()
        #expect(try await page.eval("ran") == 1)
        page.bridge.disableJavscriptAlertBoxSafetyTimeout()
        await page.idle()
        #expect(try await page.eval("WebViewJavascriptBridge._handleMessageFromObjC(\(message)); ran") == 2)
    }

    @Test func loggingPrintsSendAndReceivedLinesCutAtTheMaximumLength() async throws {
        let page = ContextPage()
        page.bridge.enableLogging()
        page.bridge.setLogMaxLength(30)
        page.bridge.registerHandler("echoBack") { data, cb in cb(data) }
        try await page.load(setupScript("bridge.callHandler('echoBack', 'a long string that will be cut', function () {});"))
        await page.idle()
        let lines = page.logs.all
        #expect(lines.contains { $0.hasPrefix("info: WVJB RCVD: ") && $0.hasSuffix(" [...]") })
        #expect(lines.contains { $0.hasPrefix("info: WVJB SEND: {\"responseId\":") })
        page.bridge.enableLogging(false)
        let before = page.logs.all.count
        _ = try await page.eval("WebViewJavascriptBridge.callHandler('echoBack', 1, function () {})")
        await page.idle()
        #expect(page.logs.all.count == before)
    }

    @Test func tracingReportsEveryMessageBothWays() async throws {
        let page = ContextPage()
        page.bridge.registerHandler("t") { data, cb in cb(data) }
        try await page.load(setupScript("bridge.callHandler('t', {k: 'v'}, function () {});"))
        await page.idle()
        let events = page.events.all
        #expect(events.count == 2)
        #expect(events[0].fields["dir"] == "js->native")
        #expect(events[0].fields["type"] == "call")
        #expect(events[0].fields["handler"] == "t")
        #expect(events[0].fields["data"] == ["k": "v"])
        #expect(events[0].size == #"{"handlerName":"t","data":{"k":"v"},"callbackId":""#.utf8.count + (events[0].callbackId?.utf8.count ?? 0) + 2)
        #expect(events[1].fields["dir"] == "native->js")
        #expect(events[1].fields["type"] == "response")
        #expect(events[1].responseId == events[0].callbackId)
    }
}
