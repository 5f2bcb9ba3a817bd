import Bridge
import JavaScript
import Testing
import TestSupport
import WebView

/// The README's "embedding the bridge in a Swift service" example: JavaScript business logic shared
/// with the app's pages, behind a Swift API, with a native handler the script calls back.
actor PriceService {
    private let webView: HeadlessWebView
    private let bridge: WebViewJavascriptBridge

    init() async throws {
        webView = HeadlessWebView(runtime: JavaScriptRuntime())
        bridge = await WebViewJavascriptBridge(for: webView)
        // Native data the shared script asks for.
        bridge.register("rate") { (currency: String) async throws -> Double in
            switch currency {
            case "EUR": 0.5
            case "USD": 1
            default: throw BridgeError(code: "unknown_currency", message: "no rate for \(currency)")
            }
        }
        // The same script the app's pages run, bootstrapped with the usual snippet.
        try await webView.loadHTMLString("""
            <script>
            function setupWebViewJavascriptBridge(callback) {
              if (window.WebViewJavascriptBridge) { return callback(WebViewJavascriptBridge); }
              if (window.WVJBCallbacks) { return window.WVJBCallbacks.push(callback); }
              window.WVJBCallbacks = [callback];
              var iframe = document.createElement('iframe');
              iframe.style.display = 'none';
              iframe.src = 'https://__bridge_loaded__';
              document.documentElement.appendChild(iframe);
              setTimeout(function () { document.documentElement.removeChild(iframe); }, 0);
            }
            setupWebViewJavascriptBridge(function (bridge) {
              bridge.registerHandler('price', async function (order) {
                var rate = await bridge.call('rate', order.currency);
                return Math.round(order.amount * rate * 100) / 100;
              });
            });
            </script>
            """, baseURL: nil)
        _ = await webView.runUntilIdle(timeout: .generous)
    }

    /// The price of `amount` dollars in `currency`, computed by the shared script.
    func price(_ amount: Double, in currency: String) async throws -> Double? {
        try await bridge.call("price", .object(["amount": .number(amount), "currency": .string(currency)]),
                              timeout: .generous)?.doubleValue
    }

    func close() async { await webView.close() }
}

@Suite struct ServiceExampleTests {
    @Test func serviceAnswersFromSharedJavaScript() async throws {
        let service = try await PriceService()
        #expect(try await service.price(9.99, in: "EUR") == 5)
        #expect(try await service.price(3, in: "USD") == 3)
        await #expect(throws: BridgeError.self) { try await service.price(1, in: "XYZ") }
        #expect(try await service.price(2, in: "EUR") == 1)  // still working after an error
        await service.close()
    }
}
