@testable import Bridge
import JavaScript
import Testing

/// Where this bridge is better than the reference, compatible by default.
@Suite struct BetterTests {
    @Test func missingHandlersAnswerErrorsWhenTheCallerWaits() async throws {
        let page = ContextPage()
        try await page.load(setupScript("""
            bridge.call('nobody', 1).catch(function (e) { globalThis.failure = e.code + ': ' + e.message + ' ' + (e instanceof Error); });
            bridge.callHandler('nobody', 1, function () { globalThis.oldStyleCalled = true; });
            """))
        await page.idle()
        #expect(try await page.eval("failure") == #"handler_not_found: no native handler named "nobody" true"#)
        #expect(try await page.eval("typeof oldStyleCalled") == "undefined")
        await #expect(throws: BridgeError(code: "handler_not_found", message: #"no JavaScript handler named "ghost""#)) {
            try await page.bridge.call("ghost")
        }
        let pendingLeft = page.bridge.core.state.withLock { $0.pending.count }
        #expect(pendingLeft == 0)
    }

    @Test func oldStyleCallbackIsForgottenOnError() async throws {
        let page = ContextPage()
        try await page.load("")
        await page.idle()
        let called = Recorder<Bool>()
        page.bridge.callHandler("ghost", data: nil) { _ in called.append(true) }
        await page.idle()
        #expect(called.all.isEmpty)
        #expect(page.bridge.core.state.withLock { $0.pending.isEmpty })
    }

    @Test func jsHandlersMayAnswerByReturningValuesOrThenables() async throws {
        let page = ContextPage()
        try await page.load(setupScript("""
            bridge.registerHandler('plain', function (d) { return d * 2; });
            bridge.registerHandler('promise', function (d) { return Promise.resolve(d + '!'); });
            bridge.registerHandler('thenable', function (d) { return { then: function (ok) { ok('custom'); } }; });
            bridge.registerHandler('rejects', function () { var e = new Error('no'); e.code = 'denied'; return Promise.reject(e); });
            bridge.registerHandler('throws', function () { throw new RangeError('bad range'); });
            bridge.registerHandler('late', function (d, cb) { setTimeout(function () { cb('later'); }, 1); });
            """))
        await page.idle()
        #expect(try await page.bridge.call("plain", 21) == 42)
        #expect(try await page.bridge.call("promise", "hi") == "hi!")
        #expect(try await page.bridge.call("thenable") == "custom")
        #expect(try await page.bridge.call("late") == "later")
        await #expect(throws: BridgeError(code: "denied", message: "no")) { try await page.bridge.call("rejects") }
        await #expect(throws: BridgeError(code: "handler_failed", message: "bad range")) { try await page.bridge.call("throws") }
        #expect(page.exceptions.all.contains { $0.contains("RangeError") })
    }

    @Test func promiseAPIResolvesRejectsAndTimesOut() async throws {
        let page = ContextPage()
        page.bridge.registerHandler("ok") { data, cb in cb(data) }
        page.bridge.handle("deny") { _, responder in responder.fail(BridgeError(code: "denied", message: "not today")) }
        page.bridge.handle("never") { _, _ in }
        try await page.load(setupScript("""
            globalThis.results = [];
            bridge.call('ok', {n: 1}).then(function (v) { results.push(v.n); });
            bridge.call('deny').catch(function (e) { results.push(e.code); });
            bridge.call('never', null, {timeout: 5}).catch(function (e) { results.push(e.code); });
            """))
        await page.idle()
        #expect(try await page.eval("results.map(String).sort()") == ["1", "denied", "timeout"])
    }

    @Test func nativeAnswersTwiceAreLoggedOnceAndIgnored() async throws {
        let page = ContextPage()
        page.bridge.registerHandler("twice") { _, cb in cb(1); cb(2); cb(3) }
        try await page.load(setupScript("bridge.call('twice').then(function (v) { globalThis.v = v; });"))
        await page.idle()
        #expect(try await page.eval("v") == 1)
        #expect(page.logs.all.filter { $0.contains("more than once") }.count == 1)
    }

    @Test func asyncCallTimesOutAndCanBeCancelled() async throws {
        let page = ContextPage()
        try await page.load(setupScript("bridge.registerHandler('silent', function () {});"))
        await page.idle()
        await #expect {
            try await page.bridge.call("silent", timeout: .milliseconds(20))
        } throws: { error in
            (error as? BridgeError)?.code == BridgeError.timeout
        }
        // Cancelled before it is sent ...
        let early = Task { try await page.bridge.call("silent") }
        early.cancel()
        await #expect(throws: CancellationError.self) { try await early.value }
        #expect(page.bridge.core.state.withLock { $0.pending.isEmpty })
        // ... and while the page holds it.
        let inFlight = Task { try await page.bridge.call("silent") }
        await waitUntil { !page.bridge.core.state.withLock({ $0.pending.isEmpty }) }
        await page.idle()
        inFlight.cancel()
        await #expect(throws: CancellationError.self) { try await inFlight.value }
        #expect(page.bridge.core.state.withLock { $0.pending.isEmpty })
        // A late answer for a timed-out call is ignored.
        #expect(try await page.eval("1") == 1)
    }

    @Test func completionCallsAreQueuedAtOnceAndSeeAnswersAndErrors() async throws {
        let page = ContextPage()
        page.bridge.maximumMessageSize = 1000
        try await page.load(setupScript("""
            bridge.registerHandler('double', function (d) { return d * 2; });
            bridge.registerHandler('undef', function (d, cb) { cb(undefined); });
            bridge.registerHandler('silent', function () {});
            """))
        await page.idle()
        let outcomes = Recorder<String>()
        @Sendable func record(_ result: Result<JSONValue?, BridgeError>) {
            switch result {
            case .success(let value): outcomes.append(value.map { $0.jsonString } ?? "undefined")
            case .failure(let error): outcomes.append(error.code)
            }
        }
        page.bridge.call("double", 21) { record($0) }
        page.bridge.call("undef") { record($0) }
        page.bridge.call("ghost") { record($0) }
        // Refused before it is sent: the completion runs before `call` returns. The runtime thread does not wait for
        // this thread, so the calls before it may have been answered already.
        page.bridge.call("double", .string(String(repeating: "y", count: 2000))) { record($0) }
        #expect(outcomes.all.contains(BridgeError.payloadTooLarge))
        await page.idle()
        #expect(outcomes.all.count == 4)
        #expect(outcomes.all.filter { $0 != BridgeError.payloadTooLarge } == ["42", "undefined", BridgeError.handlerNotFound])
        let timedOut = await withCheckedContinuation { continuation in
            page.bridge.call("silent", timeout: .milliseconds(1)) { continuation.resume(returning: $0) }
        }
        let code = if case .failure(let error) = timedOut { error.code } else { "answered" }
        #expect(code == BridgeError.timeout)
    }

    @Test func typedCodableHandlersAndCalls() async throws {
        struct Add: Codable, Sendable { var a: Int; var b: Int }
        struct Sum: Codable, Sendable, Equatable { var sum: Int }
        let page = ContextPage()
        page.bridge.register("add") { (request: Add) async throws -> Sum in Sum(sum: request.a + request.b) }
        page.bridge.register("fails") { (_: Add) async throws -> Sum in throw BridgeError(code: "nope", message: "never") }
        try await page.load(setupScript("""
            globalThis.out = [];
            bridge.call('add', {a: 2, b: 3}).then(function (v) { out.push(v.sum); });
            bridge.call('add', 'not an Add').catch(function (e) { out.push(e.code); });
            bridge.call('fails', {a: 1, b: 1}).catch(function (e) { out.push(e.code); });
            bridge.registerHandler('double', function (d) { return {sum: d.a * 2 + d.b * 2}; });
            """))
        await page.idle()
        #expect(try await page.eval("out.map(String).sort()") == ["5", "handler_failed", "nope"])
        let doubled = try await page.bridge.call("double", Add(a: 1, b: 2), as: Sum.self)
        #expect(doubled == Sum(sum: 6))
    }

    @Test func asyncHandlersRunOnTheRuntimeThreadAcrossSuspensions() async throws {
        let page = ContextPage()
        let loop = page.runtime.loop
        page.bridge.register("where") { (_: JSONValue) async throws -> [Bool] in
            let before = loop.isCurrent
            await Task.yield()
            // A hop to another executor and back, as a handler awaiting a service would make.
            let elsewhere = await Task.detached { loop.isCurrent }.value
            return [before, elsewhere, loop.isCurrent]
        }
        try await page.load(setupScript("""
            bridge.call('where', null).then(function (v) { globalThis.places = v; });
            """))
        await page.idle()
        #expect(try await page.eval("places") == [true, false, true])
    }

    @Test func unknownAndDuplicateResponseIdsAreLoggedAndIgnored() async throws {
        let page = ContextPage()
        try await page.load("")
        await page.idle()
        try await page.eval("""
            WebViewJavascriptBridge._handleMessageFromObjC('{"responseId":"cb_999_1","responseData":1}');
            var q = WebViewJavascriptBridge._fetchQueue;
            WebViewJavascriptBridge._fetchQueue = function () { return '[{"responseId":"objc_cb_77","responseData":1},{"responseId":"objc_cb_77"}]'; };
            WebViewJavascriptBridge.callHandler('x');
            """)
        await page.idle()
        #expect(page.logs.all.filter { $0.contains("unknown or repeated responseId objc_cb_77") }.count == 2)
        #expect(page.console.all.contains { $0.contains("unknown or repeated responseId cb_999_1") })
        #expect(page.exceptions.all.isEmpty)
    }

    @Test(arguments: ["not json", "{\"a\":1}", "[1, \"x\", null, {\"handlerName\": 5}]", "[{\"responseId\": 1}]",
                      "[{\"handlerName\": \"echo\", \"data\": [1}]", "[{\"handlerName\": \"echo\", \"data\": {\"a\": [1]]}}]",
                      // Brackets fine, grammar not: none of it may reach the echo and go back to the page.
                      "[{\"handlerName\": \"echo\", \"data\": {\"a\" 1}, \"callbackId\": \"cb_9_1\"}]",
                      "[{\"handlerName\": \"echo\", \"data\": nul, \"callbackId\": \"cb_9_1\"}]",
                      "[{\"handlerName\": \"echo\", \"data\": [01, 1.], \"callbackId\": \"cb_9_1\"}]",
                      "[{\"handlerName\": \"echo\", \"data\": \"\\x\", \"callbackId\": \"cb_9_1\"}]",
                      "[{\"handlerName\": \"echo\", \"data\": {\"a\": 1,}, \"callbackId\": \"cb_9_1\"}]"])
    func malformedQueueDataIsLoggedAndIgnored(_ queue: String) async throws {
        let page = ContextPage()
        page.bridge.isEchoEnabled = true
        page.bridge.registerHandler("ok") { _, cb in cb("fine") }
        try await page.load("")
        await page.idle()
        let literal = JSONValue.string(queue).jsonString
        try await page.eval("""
            var realFetch = WebViewJavascriptBridge._fetchQueue;
            WebViewJavascriptBridge._fetchQueue = function () { WebViewJavascriptBridge._fetchQueue = realFetch; realFetch(); return \(literal); };
            WebViewJavascriptBridge.callHandler('ok');
            """)
        await page.idle()
        #expect(page.logs.all.contains { $0.hasPrefix("warning:") })
        #expect(try await page.eval("WebViewJavascriptBridge.call('ok').then(function (v) { globalThis.v = v; }); 1") == 1)
        await page.idle()
        #expect(try await page.eval("v") == "fine")
        #expect(page.exceptions.all.isEmpty)
        #expect(page.console.all.isEmpty)
    }

    @Test func messagesLargerThanTheLimitAreRefusedBothWays() async throws {
        let page = ContextPage()
        page.bridge.maximumMessageSize = 1000
        page.bridge.registerHandler("big") { _, cb in cb(.string(String(repeating: "x", count: 2000))) }
        page.bridge.registerHandler("small") { _, cb in cb("ok") }
        try await page.load(setupScript("""
            globalThis.out = [];
            bridge.registerHandler('echo', function (d) { return d; });
            bridge.call('small', 'y'.repeat(5000)).catch(function (e) { out.push(e.code); });
            bridge.call('big').catch(function (e) { out.push(e.code); });
            bridge.call('small').then(function (v) { out.push(v); });
            """))
        await page.idle()
        #expect(try await page.eval("out") == ["payload_too_large", "payload_too_large", "ok"])
        await #expect(throws: BridgeError.self) { try await page.bridge.call("echo", .string(String(repeating: "z", count: 5000))) }
        #expect(try await page.bridge.call("echo", "fits") == "fits")
    }

    @Test func refusedMessagesAreTracedWithTheirErrorInsteadOfTheirData() async throws {
        let page = ContextPage()
        page.bridge.maximumMessageSize = 1000
        page.bridge.registerHandler("big") { _, cb in cb(.string(String(repeating: "x", count: 2000))) }
        try await page.load(setupScript("""
            bridge.registerHandler('bigAnswer', function () { return 'z'.repeat(2000); });
            bridge.call('big', 'y'.repeat(2000)).catch(function () {});
            bridge.call('big').catch(function () {});
            """))
        await page.idle()
        _ = await page.callUntilIdle("bigAnswer")
        let refused = page.events.all.filter { $0.outcome == BridgeError.payloadTooLarge }
        // The page's request, native's answer, and the page's answer to native.
        #expect(refused.map(\.direction) == [.jsToNative, .nativeToJS, .jsToNative])
        #expect(refused.allSatisfy { $0.data == nil && $0.error?.code == BridgeError.payloadTooLarge })
    }

    @Test func pendingCallsFailWithPageGoneAndTheStartupQueueIsRearmed() async throws {
        let page = ContextPage()
        try await page.load(setupScript("bridge.registerHandler('silent', function () {}); bridge.registerHandler('hi', function () { return 'new page'; });"))
        await page.idle()
        let waiting = Task { try await page.bridge.call("silent") }
        await page.idle()
        await page.close()
        await #expect(throws: BridgeError(code: "page_gone", message: "the page went away before it answered")) { try await waiting.value }
        let next = Task { try await page.bridge.call("hi") }
        try await page.load(setupScript("bridge.registerHandler('hi', function () { return 'next page'; });"))
        #expect(try await next.value == "next page")
    }

    /// The race a loaded machine made of the test above, made certain: a call sent while no page has the bridge
    /// and flushed once the next page attached, before its setup callbacks ran, waits for them (on the device the
    /// page's bridge defers it to a timer after the callbacks' one), so the handler they register answers it.
    @Test func aCallFlushedBeforeTheNextPagesSetupCallbacksWaitsForThem() async throws {
        let page = ContextPage()
        try await page.load(setupScript("bridge.registerHandler('silent', function () {});"))
        await page.idle()
        await page.close()
        let answer = Recorder<String>()
        try await page.load(setupScript("bridge.registerHandler('hi', function () { return 'next page'; });")) {
            page.bridge.callHandler("hi", data: nil) { answer.append($0 == .string("next page") ? "answered" : String(describing: $0)) }
        }
        await page.idle()
        #expect(answer.all == ["answered"])
    }

    @Test func everyStringSurvivesBothWays() async throws {
        let page = ContextPage()
        page.bridge.isEchoEnabled = true
        try await page.load(setupScript("bridge.registerHandler('jsEcho', function (d) { return d; });"))
        await page.idle()
        let strings: [String] = ["'", "\"", "\\", "/", "a\nb\r\tc", "\u{2028}\u{2029}", "😀👩‍👩‍👧", "</script>", "\0nul", "${x}"]
        for string in strings {
            #expect(try await page.bridge.call("jsEcho", .string(string)) == .string(string))
        }
        // Lone surrogates live only in JavaScript; the built-in echo passes them through untouched.
        try await page.eval("""
            globalThis.samples = ['\\ud800', 'a\\udfffb', '\\u2028\\u2029', '\\\\u0041', "'\\"\\\\/\\n"];
            globalThis.back = [];
            samples.forEach(function (s) { WebViewJavascriptBridge.call('echo', {s: s, list: [s]}).then(function (v) { back.push(v.s === s && v.list[0] === s); }); });
            """)
        await page.idle()
        #expect(try await page.eval("back") == [true, true, true, true, true])
    }

    @Test func tenThousandMessagesEachWayArriveInOrder() async throws {
        let page = ContextPage()
        let received = Recorder<Int>()
        page.bridge.registerHandler("count") { data, _ in received.append(data?.intValue ?? -1) }
        try await page.load(setupScript("""
            globalThis.got = [];
            bridge.registerHandler('count', function (d) { got.push(d); });
            for (var i = 0; i < 10000; i++) bridge.callHandler('count', i);
            """))
        for i in 0..<10_000 { page.bridge.callHandler("count", data: .number(Double(i))) }
        await page.idle()
        #expect(received.all == Array(0..<10_000))
        #expect(try await page.eval("got.length === 10000 && got.every(function (v, i) { return v === i; })") == true)
    }

    @Test func resetForgetsCallbacksAndRestartsIds() async throws {
        let page = ContextPage()
        try await page.load(setupScript("""
            bridge.registerHandler('hold', function (d, cb) { globalThis.late = cb; });
            bridge.registerHandler('id', function (d) { return d; });
            """))
        await page.idle()
        // Nothing waiting: ids restart at objc_cb_1, as in the reference.
        _ = try await page.bridge.call("id", 0)
        page.bridge.reset()
        _ = try await page.bridge.call("id", 1)
        #expect(page.events.all.last?.responseId == "objc_cb_1")
        // A call the page still holds fails with page_gone, and its id is not handed to a new call ...
        page.bridge.reset()
        let waiting = Task { try await page.bridge.call("hold") }
        await waitUntil { !page.bridge.core.state.withLock({ $0.pending.isEmpty }) }
        await page.idle()
        try await page.eval("globalThis.first = late")
        let heldId = page.bridge.core.state.withLock { $0.pending.keys.first }
        page.bridge.reset()
        await #expect {
            try await waiting.value
        } throws: { error in
            (error as? BridgeError)?.code == BridgeError.pageGone
        }
        #expect(heldId == "objc_cb_1")
        let fresh = Task { try await page.bridge.call("hold") }
        await waitUntil { !page.bridge.core.state.withLock({ $0.pending.isEmpty }) }
        await page.idle()
        #expect(page.bridge.core.state.withLock { Array($0.pending.keys) } == ["objc_cb_2"])
        // ... so its late answer is ignored instead of completing the new call.
        try await page.eval("first('stale')")
        await page.idle()
        #expect(page.logs.all.contains { $0.contains("late response objc_cb_1 to a call made before reset()") })
        try await page.eval("late('fresh')")  // the second 'hold' replaced `late`
        #expect(try await fresh.value == "fresh")
    }
}
