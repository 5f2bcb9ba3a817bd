import Bridge
import Foundation
import JavaScript
import Testing
import TestSupport
import WebView

/// The README's bridge example, as written there (printing into a recorder instead of stdout).
@Suite struct ReadmeExampleTests {
    @Test func readmeExampleRuns() async throws {
        let printed = Recorder<String>()
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        let webView = HeadlessWebView(runtime: JavaScriptRuntime())
        let bridge = await WebViewJavascriptBridge(for: webView)

        bridge.registerHandler("objcEchoToJs") { data, responseCallback in responseCallback(data) }
        bridge.registerHandler("Greet") { data, _ in printed.append("page says \(data ?? "nothing")") }
        struct Add: Codable, Sendable { var a: Int; var b: Int }
        bridge.register("add") { (request: Add) async throws -> Int in request.a + request.b }

        bridge.callHandler("echoHandler", data: ["sent": "early"]) { responseData in printed.append("echo: \(responseData ?? "nil")") }
        try await webView.load(WebPage.webFolder.appendingPathComponent("bridge/echo.html"))

        let answer = try await bridge.call("jsRcvResponseTest", nil, timeout: .generous)
        _ = await webView.runUntilIdle()
        print("answer", answer ?? "nil")

        #expect(printed.all.contains(#"echo: {"sent":"early"}"#))
        #expect(printed.all.contains(#"page says {"greeting":"Hello from the echo page"}"#))
        #expect(answer == "Response from JS")
        let sum = try await webView.callAsyncJavaScript("WebViewJavascriptBridge.call('add', {a: 2, b: 3})")
        #expect(sum == 5)
    }
}
