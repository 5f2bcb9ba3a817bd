@testable import Bridge
import JavaScript
import Testing
import TestSupport

/// The page sees what it would see on an iPhone, and every divergence from the lenient behaviour of earlier
/// versions is reported by name (`BridgeDivergence`). `lenient` keeps the old behaviour and still reports.
@Suite struct DeviceFidelityTests {
    private static let twoSetups = """
        globalThis.WVJBCallbacks = [
          function (bridge) { bridge.registerHanlder('first', function () {}); },
          function (bridge) { bridge.registerHandler('later', function (d) { return 'later ' + d; }); bridge.registerHandler("other", function () {}); },
          function (bridge) { globalThis.thirdRan = true; },
        ];
        """

    @Test func setupLoopStopsAtTheFirstCallbackThatThrowsAndNamesTheLostHandlers() async throws {
        let page = ContextPage()
        try await page.load(Self.twoSetups)
        await page.idle()
        #expect(try await page.eval("typeof thirdRan") == "undefined")
        #expect(page.exceptions.all.count == 1)
        #expect(page.exceptions.all.first?.contains("TypeError") == true)
        let divergence = try #require(page.divergences.all.first)
        #expect(page.divergences.all.count == 1)
        #expect(divergence.code == BridgeDivergence.setupCallbackThrew)
        #expect(divergence.message.hasPrefix("setup callback 1 threw TypeError: "))
        #expect(divergence.message.contains("registerHanlder"))
        #expect(divergence.message.hasSuffix("; on iOS the remaining 2 setup callbacks never run, so handlers later, other are never registered"))
        // As on the phone, native's call finds no handler.
        guard case .failure(let error)? = await page.callUntilIdle("later", "x") else {
            Issue.record("the unregistered handler answered")
            return
        }
        #expect(error.code == BridgeError.handlerNotFound)
    }

    @Test func lenientSetupLoopRunsEveryCallbackAndStillReports() async throws {
        let page = ContextPage()
        page.bridge.compatibility = .lenient
        try await page.load(Self.twoSetups)
        await page.idle()
        #expect(try await page.eval("thirdRan") == true)
        guard case .success(let answer)? = await page.callUntilIdle("later", "x") else {
            Issue.record("lenient mode lost the handler")
            return
        }
        #expect(answer == "later x")
        #expect(page.divergences.all.map(\.code) == [BridgeDivergence.setupCallbackThrew])
    }

    @Test func aThrowingLastSetupCallbackLosesNothingAndIsNoDivergence() async throws {
        let page = ContextPage()
        try await page.load(setupScript("bridge.registerHandler('ok', function () { return 1; }); null.x;"))
        await page.idle()
        #expect(page.exceptions.all.count == 1)
        #expect(page.divergences.all.isEmpty)
        guard case .success(let answer)? = await page.callUntilIdle("ok") else {
            Issue.record("no answer")
            return
        }
        #expect(answer == 1)
    }

    /// Calls a page handler that answers `answers` times: the page, and the outcomes of the answers native got.
    private func callHandlerAnswering(_ answers: Int, _ compatibility: BridgeCompatibility) async throws -> (ContextPage, [String]) {
        let page = ContextPage()
        page.bridge.compatibility = compatibility
        try await page.load(setupScript("bridge.registerHandler('twice', function (d, cb) { for (var i = 1; i <= \(answers); i++) cb(i); });"))
        await page.idle()
        let outcome = await page.callUntilIdle("twice")
        #expect(outcome.flatMap { try? $0.get() } == 1)
        let responses = page.events.all.filter { $0.direction == .jsToNative && $0.type == .response }
        return (page, responses.map(\.outcome))
    }

    @Test func aSecondResponseCallbackReachesNativeAndIsReportedInsteadOfCrashing() async throws {
        let (page, outcomes) = try await callHandlerAnswering(2, .device)
        // Both answers crossed to native, as in the reference; the second found no callback.
        #expect(outcomes == ["handled", "ignored"])
        #expect(page.logs.all.contains { $0.contains("unknown or repeated responseId objc_cb_1") })
        #expect(page.divergences.all.map(\.code) == [BridgeDivergence.responseCallbackCalledTwice])
        #expect(page.divergences.all.first?.message
                == #"responseCallback called twice for objc_cb_1 (handler "twice"); on iOS the second answer reaches native and the app crashes (nil block)"#)
        #expect(!page.console.all.contains { $0.contains("called more than once") })
    }

    @Test func lenientDropsTheSecondResponseInThePageAndStillReports() async throws {
        let (page, outcomes) = try await callHandlerAnswering(3, .lenient)
        #expect(outcomes == ["handled"])
        #expect(page.console.all.filter { $0.contains("called more than once") }.count == 1)
        #expect(page.divergences.all.map(\.code) == [BridgeDivergence.responseCallbackCalledTwice])
    }

    @Test func aSeventeenMebibyteEchoCrossesBothWaysByDefault() async throws {
        let page = ContextPage()
        page.bridge.isEchoEnabled = true
        #expect(page.bridge.maximumMessageSize >= 17 << 20)
        try await page.load(setupScript("""
            var big = 'x'.repeat(17 * 1024 * 1024);
            bridge.call('echo', big).then(function (v) { globalThis.echoed = v.length; }, function (e) { globalThis.echoed = e.code; });
            """))
        await page.idle()
        #expect(try await page.eval("echoed") == .number(Double(17 << 20)))
    }

    @Test func aLowerConfiguredLimitStillRefusesWithPayloadTooLarge() async throws {
        let page = ContextPage()
        page.bridge.isEchoEnabled = true
        page.bridge.maximumMessageSize = 1 << 20
        try await page.load(setupScript("""
            bridge.call('echo', 'x'.repeat(2 * 1024 * 1024)).then(function () { globalThis.out = 'ok'; }, function (e) { globalThis.out = e.code; });
            """))
        await page.idle()
        #expect(try await page.eval("out") == "payload_too_large")
        #expect(page.divergences.all.isEmpty)
    }
}

/// When the bridge arrives: as on an iPhone, after the app's navigation-delegate round trip, in the first task after both
/// the task that added the `__bridge_loaded__` iframe and the dispatch of `DOMContentLoaded`.
@Suite struct InjectionTimingTests {
    /// Records whether the bridge exists at each point, and calls it directly at DOMContentLoaded.
    private static let page = """
        <!DOCTYPE html><html><body><script>
        \(bridgeSetupFunction)
        var seen = [];
        function note(where) { seen.push(where + ' ' + typeof window.WebViewJavascriptBridge); }
        setupWebViewJavascriptBridge(function (bridge) { note('setup'); bridge.callHandler('fromSetup', 1); });
        note('script');
        document.addEventListener('DOMContentLoaded', function () { note('document DOMContentLoaded'); });
        window.addEventListener('DOMContentLoaded', function () { note('window DOMContentLoaded'); });
        document.addEventListener('DOMContentLoaded', function () { WebViewJavascriptBridge.callHandler('atContentLoaded', 2); });
        window.addEventListener('load', function () { note('load'); WebViewJavascriptBridge.callHandler('atLoad', 3); });
        </script></body></html>
        """

    @Test func theBridgeArrivesAfterTheDOMContentLoadedListenersAndADirectCallThrowsAsOnThePhone() async throws {
        let page = await WebPage()
        page.bridge.isEchoEnabled = true
        try await page.webView.loadHTMLString(Self.page, baseURL: nil)
        await page.idle()
        let seen = try await page.eval("seen").arrayValue?.compactMap(\.stringValue) ?? []
        #expect(seen.prefix(3) == ["script undefined", "document DOMContentLoaded undefined", "window DOMContentLoaded undefined"])
        // The setup callbacks run in a task after the injection, as the reference's `setTimeout(_callWVJBCallbacks, 0)`.
        #expect(Set(seen.dropFirst(3)) == ["setup object", "load object"])
        // The direct call threw (no bridge yet) and is named; the calls from the setup callback and at load went out.
        #expect(page.exceptions.contains { $0.message.contains("WebViewJavascriptBridge") })
        #expect(!page.bridgeEvents.contains { $0["handler"] == "atContentLoaded" })
        #expect(page.bridgeEvents.contains { $0["handler"] == "fromSetup" })
        #expect(page.bridgeEvents.contains { $0["handler"] == "atLoad" })
        #expect(page.divergences.compactMap { $0["code"]?.stringValue } == [BridgeDivergence.callBeforeBridge])
        let message = try #require(page.divergences.first?["message"]?.stringValue)
        #expect(message.hasPrefix("WebViewJavascriptBridge used before the bridge exists ("))
        #expect(message.contains("on iOS the app injects the bridge only after its navigation-delegate round trip"))
        // Calls once the bridge is there are no divergence.
        _ = try await page.eval("WebViewJavascriptBridge.callHandler('later', 4)")
        await page.idle()
        #expect(page.divergences.count == 1)
    }

    @Test func lenientInjectsInTheTaskAfterTheRequestAndReportsTheEarlyCall() async throws {
        let page = await WebPage()
        page.bridge.isEchoEnabled = true
        page.bridge.compatibility = .lenient
        try await page.webView.loadHTMLString(Self.page, baseURL: nil)
        await page.idle()
        let seen = try await page.eval("seen").arrayValue?.compactMap(\.stringValue) ?? []
        #expect(seen.prefix(3) == ["script undefined", "document DOMContentLoaded object", "window DOMContentLoaded object"])
        #expect(page.exceptions.isEmpty)
        #expect(page.bridgeEvents.contains { $0["handler"] == "atContentLoaded" })
        #expect(page.divergences.compactMap { $0["code"]?.stringValue } == [BridgeDivergence.callBeforeBridge])
        let message = try #require(page.divergences.first?["message"]?.stringValue)
        #expect(message.hasPrefix(#"callHandler "atContentLoaded" before the bridge exists: on iOS"#))
    }

    @Test func aRequestFromADOMContentLoadedListenerIsServedAfterTheWholeDispatch() async throws {
        let page = await WebPage()
        try await page.webView.loadHTMLString("""
            <!DOCTYPE html><html><body><script>
            \(bridgeSetupFunction)
            var seen = [];
            document.addEventListener('DOMContentLoaded', function () {
              setupWebViewJavascriptBridge(function () { seen.push('setup'); });
              seen.push('first listener ' + typeof window.WebViewJavascriptBridge);
            });
            window.addEventListener('DOMContentLoaded', function () { seen.push('window listener ' + typeof window.WebViewJavascriptBridge); });
            </script></body></html>
            """, baseURL: nil)
        await page.idle()
        #expect(try await page.eval("seen") == ["first listener undefined", "window listener undefined", "setup"])
        #expect(page.divergences.isEmpty)
    }

    @Test func aRequestAfterTheLoadIsServedInTheNextTask() async throws {
        let page = await WebPage()
        try await page.webView.loadHTMLString("<!DOCTYPE html><html><body><p>later</p></body></html>", baseURL: nil)
        await page.idle()
        let sameTask = try await page.eval("""
            \(bridgeSetupFunction)
            var ready = false;
            setupWebViewJavascriptBridge(function (bridge) { ready = true; });
            typeof window.WebViewJavascriptBridge
            """)
        #expect(sameTask == "undefined")
        await page.idle()
        #expect(try await page.eval("ready") == true)
        #expect(page.divergences.isEmpty)
    }
}

/// As WKWebViewJavascriptBridge's flush loop: the answer to one message goes out before the next message is taken,
/// and what an answer makes the page do comes after the answer.
@Suite struct MessageOrderTests {
    /// The page's events as short lines: bridge requests and responses, and console lines.
    private func lines(_ page: WebPage) -> [String] {
        page.events.all.compactMap { event -> String? in
            switch event.kind {
            case .custom("bridge", let fields):
                guard let type = fields["type"]?.stringValue, type == "call" || type == "response" else { return nil }
                return "\(fields["dir"]?.stringValue ?? "") \(type) \(fields["data"]?.stringValue ?? "")"
            case .console(let message): return "console \(message.text)"
            default: return nil
            }
        }
    }

    @Test func eachAnswerIsHandledBeforeTheNextMessageOfTheBatch() async throws {
        let page = await WebPage()
        page.bridge.isEchoEnabled = true
        try await page.webView.loadHTMLString("""
            <!DOCTYPE html><html><body><script>
            \(bridgeSetupFunction)
            setupWebViewJavascriptBridge(function (bridge) {
              ['a', 'b', 'c'].forEach(function (name) {
                bridge.callHandler('echo', name, function (answer) { console.log('got ' + answer); });
              });
            });
            </script></body></html>
            """, baseURL: nil)
        await page.idle()
        #expect(lines(page) == [
            "js->native call a", "native->js response a", "console got a",
            "js->native call b", "native->js response b", "console got b",
            "js->native call c", "native->js response c", "console got c",
        ])
    }

    @Test func aNativeCallMadeByAHandlerGoesOutBeforeTheNextMessage() async throws {
        let page = await WebPage()
        page.bridge.registerHandler("relay") { data, respond in
            page.bridge.callHandler("shown", data: data)
            respond(data)
        }
        try await page.webView.loadHTMLString("""
            <!DOCTYPE html><html><body><script>
            \(bridgeSetupFunction)
            setupWebViewJavascriptBridge(function (bridge) {
              bridge.registerHandler('shown', function (data) { console.log('shown ' + data); });
              bridge.callHandler('relay', 'x', function (answer) { console.log('answered ' + answer); });
              bridge.callHandler('relay', 'y');
            });
            </script></body></html>
            """, baseURL: nil)
        await page.idle()
        #expect(lines(page) == [
            "js->native call x", "native->js call x", "console shown x", "native->js response x", "console answered x",
            "js->native call y", "native->js call y", "console shown y",
        ])
    }
}

/// A reload as on the device: the reference never re-arms its startup queue, and evaluates each message in whatever
/// page is there.
@Suite struct ReloadTests {
    @Test func anAnswerPendingAtReloadGoesToTheNewPageWhichIgnoresTheUnknownId() async throws {
        let page = await WebPage()
        let held = Recorder<WVJBResponseCallback>()
        page.bridge.registerHandler("slow") { _, respond in held.append(respond) }
        try await page.load("bridge/echo.html")
        await page.idle()
        _ = try await page.eval("WebViewJavascriptBridge.callHandler('slow', 1, function () { window.answered = true; })")
        await page.idle()
        #expect(held.all.count == 1)
        try await page.webView.reload()
        await page.idle()
        held.all.first?("late")
        await page.idle()
        let ignored = page.console.filter { $0.contains("response with unknown or repeated responseId cb_1_") }
        #expect(ignored.count == 1, "\(page.console)")
        #expect(try await page.eval("typeof answered") == "undefined")
        #expect(page.divergences.isEmpty)
    }

    @Test func aNativeCallSentDuringAReloadIsLostAndReported() async throws {
        let page = await WebPage()
        try await page.load("bridge/echo.html")
        await page.idle()
        let answers = Recorder<JSONValue?>()
        // Sent when the new document exists and has no bridge yet: the reference loses it.
        await page.webView.addDocumentObserver(OnNewDocument { id in
            if id == 2 { page.bridge.callHandler("echoHandler", data: "during reload") { answers.append($0) } }
        })
        try await page.webView.reload()
        await page.idle()
        #expect(answers.all.isEmpty)
        #expect(page.divergences.compactMap { $0["code"]?.stringValue } == [BridgeDivergence.callDuringReload])
        let message = try #require(page.divergences.first?["message"]?.stringValue)
        #expect(message.hasPrefix("native call echoHandler sent during reload is lost on iOS"))
        // The new page works once it has the bridge.
        #expect(try await page.bridge.call("echoHandler", "after reload") == "after reload")
        #expect(page.divergences.count == 1)
    }
}
