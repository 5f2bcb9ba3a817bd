@testable import Bridge
import JavaScript
import Testing
import WebView

/// WebViewJavascriptBridge v6.0.3's own test suite, replayed on web/bridge/echo.html.
@Suite struct ReferenceSuiteTests {
    @Test func echoHandlerBeforeThePageLoadsUsesTheStartupQueue() async throws {
        let page = await WebPage()
        let waiting = Task { await answer(page.bridge, "echoHandler", "echo") }
        // The call is made (and waits in the startup queue) before the page exists.
        await waitUntil { !page.bridge.core.state.withLock({ $0.startupQueue?.isEmpty ?? true }) }
        try await page.load("bridge/echo.html")
        #expect(await waiting.value == "echo")
    }

    @Test func echoHandlerAfterSetup() async throws {
        let page = await WebPage()
        try await page.load("bridge/echo.html")
        await page.idle()
        #expect(await answer(page.bridge, "echoHandler", "echo") == "echo")
    }

    @Test(arguments: [
        JSONValue.string("A string sent over the wire"),
        .string("A string with '\"/\\ symbols"),
        [1, 2, 3],
        ["a": 1, "b": 2],
    ])
    func objectEncoding(_ value: JSONValue) async throws {
        let page = await WebPage()
        try await page.load("bridge/echo.html")
        #expect(await answer(page.bridge, "echoHandler", value) == value)
    }

    @Test(arguments: [true, false])
    func javascriptReceivesNativeResponses(safetyTimeout: Bool) async throws {
        let page = await WebPage()
        page.bridge.registerHandler("objcEchoToJs") { data, responseCallback in responseCallback(data) }
        if !safetyTimeout { page.bridge.disableJavscriptAlertBoxSafetyTimeout() }
        try await page.load("bridge/echo.html")
        #expect(await answer(page.bridge, "jsRcvResponseTest", nil) == "Response from JS")
    }

    @Test func removingTheNativeHandlerLeavesTheCallUnansweredAndTheRestWorking() async throws {
        let page = await WebPage()
        page.bridge.registerHandler("objcEchoToJs") { data, responseCallback in responseCallback(data) }
        page.bridge.removeHandler("objcEchoToJs")
        try await page.load("bridge/echo.html")
        let answered = Recorder<JSONValue?>()
        page.bridge.callHandler("jsRcvResponseTest", data: nil) { answered.append($0) }
        await page.idle()
        #expect(answered.all.isEmpty)
        #expect(await answer(page.bridge, "echoHandler", "still here") == "still here")
        #expect(page.bridgeEvents.contains { $0["handler"] == "objcEchoToJs" && $0["outcome"] == "handler_not_found" })
    }

    @Test func greetDuringSetupReachesNativeWithItsData() async throws {
        let page = await WebPage()
        let greetings = Recorder<JSONValue?>()
        page.bridge.registerHandler("Greet") { data, _ in greetings.append(data) }
        try await page.load("bridge/echo.html")
        await page.idle()
        #expect(greetings.all == [["greeting": "Hello from the echo page"]])
    }
}
