import Foundation
import Hummingbird
import Hybrid

/// The checkout page (web/examples/checkout.html), opened once in a headless web view with its bridge, and asked
/// to price a cart through its `calculatePrice` bridge handler: the endpoint that needs the page itself, not only
/// its script. One page runs one call at a time on its runtime's thread; calls from many requests queue there.
public final class CheckoutPage: Sendable {
    private let webView: HeadlessWebView
    private let bridge: WebViewJavascriptBridge
    private let timeout: Duration

    /// Opens `page` (a file URL) and waits until it is idle, its bridge handler registered.
    public init(page: URL, timeout: Duration = .seconds(10)) async throws {
        webView = HeadlessWebView(runtime: JavaScriptRuntime(configuration: .init(name: "checkout-page")))
        bridge = await WebViewJavascriptBridge(for: webView)
        self.timeout = timeout
        do {
            try await webView.load(page)
            _ = await webView.runUntilIdle(timeout: .seconds(60))
        } catch {
            await webView.close()
            throw error
        }
    }

    /// The page's price of `cart`. A cart the page's script refuses is a 422 with its message.
    public func price(_ cart: Cart) async throws -> Price {
        let answer = try await bridge.call("calculatePrice", JSONValue(encoding: cart), timeout: timeout) ?? .null
        if let message = answer["error"]?.stringValue {
            throw HTTPError(.unprocessableContent, message: message)
        }
        return try answer.decode(Price.self)
    }

    /// Closes the page; later calls fail.
    public func close() async {
        await webView.close()
    }
}
