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

/// Calls the page makes before the bridge would exist on an iPhone.
@Suite struct CallBeforeBridgeTests {
    private static let page = """
        <!DOCTYPE html><html><body><script>
        \(bridgeSetupFunction)
        setupWebViewJavascriptBridge(function (bridge) { bridge.callHandler('fromSetup', 1); });
        document.addEventListener('DOMContentLoaded', function () {
          if (window.WebViewJavascriptBridge) { WebViewJavascriptBridge.callHandler('atContentLoaded', 2); }
        });
        window.addEventListener('load', function () { WebViewJavascriptBridge.callHandler('atLoad', 3); });
        </script></body></html>
        """

    @Test func aCallAtDOMContentLoadedIsReportedAndCallsFromSetupOrAfterAreNot() async throws {
        let page = await WebPage()
        page.bridge.isEchoEnabled = true
        try await page.webView.loadHTMLString(Self.page, baseURL: nil)
        await page.idle()
        // Here the bridge is injected in the task after the one that added the iframe, so it exists at
        // DOMContentLoaded; on the phone it does not: the call is reported.
        #expect(page.bridgeEvents.contains { $0["handler"] == "atContentLoaded" })
        #expect(page.divergences.compactMap { $0["code"]?.stringValue } == [BridgeDivergence.callBeforeBridge])
        let message = try #require(page.divergences.first?["message"]?.stringValue)
        #expect(message.hasPrefix(#"callHandler "atContentLoaded" before the bridge exists: on iOS"#))
        #expect(message.contains("throws TypeError there"))
        #expect(page.bridgeEvents.contains { $0["handler"] == "fromSetup" })
        #expect(page.bridgeEvents.contains { $0["handler"] == "atLoad" })
        _ = try await page.eval("WebViewJavascriptBridge.callHandler('later', 4)")
        await page.idle()
        #expect(page.divergences.count == 1)
    }
}
