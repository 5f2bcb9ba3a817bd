@testable import Bridge
import JavaScript
import Testing
import TestSupport
import WebView

/// `BridgeTiming`: seeded injection and delivery delays on the runtime's clock, the same for the same seed.
@Suite struct TimingTests {
    @Test func drawsAreTheSameForTheSameSeedAndStayInTheirRange() {
        func draws(_ seed: UInt64) -> [Double] {
            var draws = BridgeTimingDraws(.explore(seed: seed))
            return (0..<20).map { $0 % 2 == 0 ? draws.injection() : draws.delivery() }
        }
        #expect(draws(3) == draws(3))
        #expect(draws(3) != draws(4))
        for (index, delay) in draws(7).enumerated() {
            #expect((index % 2 == 0 ? 0...100 : 0...20).contains(delay))
            #expect(delay == delay.rounded())
        }
        var fixed = BridgeTimingDraws(BridgeTiming(injectionDelay: 5...5, deliveryDelay: -3...2))
        #expect(fixed.injection() == 5)
        #expect(fixed.timing.deliveryDelay == 0...2)
        #expect(BridgeTiming.device.isImmediate)
        #expect(!BridgeTiming.explore(seed: 1).isImmediate)
        #expect(BridgeTiming.explore(seed: 2).description == "timing seed 2 (injection 0 to 100 ms, delivery 0 to 20 ms)")
        #expect(BridgeTiming(injectionDelay: 5...5, deliveryDelay: 0.5...1).description
                == "timing seed 0 (injection 5 ms, delivery 0.5 to 1 ms)")
        #expect(BridgeTiming.device.description == "device")
    }

    /// The page notes when (on the virtual clock) its setup callback ran and when native's answer to its call came.
    private static let page = """
        <!DOCTYPE html><html><body><script>
        \(bridgeSetupFunction)
        var seen = {};
        setupWebViewJavascriptBridge(function (bridge) {
          seen.setup = performance.now();
          bridge.callHandler('echo', 1, function () { seen.answer = performance.now(); });
        });
        </script></body></html>
        """

    /// Loads the page on a virtual clock under `timing`: when the setup callback ran, and how long the answer took.
    private func run(_ timing: BridgeTiming) async throws -> (setup: Double, answer: Double) {
        let webView = HeadlessWebView(runtime: JavaScriptRuntime(configuration: .init(clock: .virtual())))
        let bridge = await WebViewJavascriptBridge(for: webView)
        bridge.isEchoEnabled = true
        bridge.timing = timing
        #expect(bridge.timing == timing)
        try await webView.loadHTMLString(Self.page, baseURL: nil)
        let outcome = await webView.runUntilIdle(timeout: .generous)
        #expect(outcome == .idle)
        let seen = try await webView.evaluateJavaScript("seen")
        let setup = try #require(seen["setup"]?.doubleValue), answer = try #require(seen["answer"]?.doubleValue)
        await webView.close()
        return (setup, answer - setup)
    }

    @Test func theDeviceTimingAddsNoDelay() async throws {
        let times = try await run(.device)
        #expect(times.setup == 0)
        #expect(times.answer == 0)
    }

    @Test func fixedDelaysDelayTheInjectionAndEachDelivery() async throws {
        let times = try await run(BridgeTiming(injectionDelay: 30...30, deliveryDelay: 7...7))
        #expect(times.setup == 30)
        // The echo's answer is one delivery; the page's call crosses to native without delay.
        #expect(times.answer == 7)
    }

    @Test func aSeededTimingIsTheSameInEveryRun() async throws {
        let first = try await run(.explore(seed: 11))
        let second = try await run(.explore(seed: 11))
        #expect(first == second)
        var draws = BridgeTimingDraws(.explore(seed: 11))
        #expect(first.setup == draws.injection())
        #expect(first.answer == draws.delivery())
        #expect((0...100).contains(first.setup))
    }
}
