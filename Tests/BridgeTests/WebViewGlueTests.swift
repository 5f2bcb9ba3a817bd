@testable import Bridge
import Foundation
import JavaScript
import Testing
import WebView

/// The bridge on a HeadlessWebView: signals, page lifecycle, hidden pages, events.
@Suite struct WebViewGlueTests {
    @Test(arguments: ["wvjbscheme://__BRIDGE_LOADED__", "https://__bridge_loaded__", "HTTPS://__Bridge_Loaded__",
                      "WVJBSCHEME://__bridge_loaded__/x", "https://__wvjb_queue_message__", "wvjbscheme://__WVJB_QUEUE_MESSAGE__"])
    func bridgeURLsAreRecognisedCaseInsensitively(_ url: String) {
        #expect(BridgeURL(url) != nil)
    }

    @Test(arguments: ["https://example.com/", "https://__bridge_loaded__.example.com/", "http://__bridge_loaded__",
                      "wvjbscheme://other", "file:///__bridge_loaded__", "not a url"])
    func otherURLsAreNotTheBridges(_ url: String) {
        #expect(BridgeURL(url) == nil)
    }

    @Test func bridgeURLsAreConsumedBeforeTheNavigationDelegateAndOthersAreNot() async throws {
        let page = await WebPage()
        try await page.load("bridge/echo.html")
        await page.idle()
        _ = try await page.eval("""
            var f = document.createElement('iframe'); f.src = 'https://example.com/frame'; document.body.appendChild(f);
            var g = document.createElement('iframe'); g.src = 'HTTPS://__WVJB_QUEUE_MESSAGE__'; document.body.appendChild(g); 0
            """)
        await page.idle()
        #expect(page.navigations.all.contains("https://example.com/frame"))
        #expect(!page.navigations.all.contains { BridgeURL($0) != nil })
        #expect(page.bridgeEvents.contains { $0["outcome"] == "bridge_loaded" })
        #expect(page.bridgeEvents.contains { $0["outcome"] == "queue_has_message" })
        #expect(try await page.eval("document.querySelectorAll('iframe[src=\"https://__wvjb_queue_message__\"]').length") == 1)
    }

    @Test func bridgeEventsCarryTheTranscriptFields() async throws {
        let page = await WebPage()
        page.bridge.registerHandler("objcEchoToJs") { data, cb in cb(data) }
        try await page.load("bridge/echo.html")
        #expect(await answer(page.bridge, "jsRcvResponseTest", nil) == "Response from JS")
        let messages = page.bridgeEvents.filter { $0["outcome"] != "bridge_loaded" && $0["outcome"] != "queue_has_message" }
        let call = try #require(messages.first { $0["handler"] == "objcEchoToJs" && $0["type"] == "call" })
        #expect(call["dir"] == "js->native")
        #expect(call["data"] == ["foo": "bar"])
        #expect(call["callbackId"]?.stringValue?.hasPrefix("cb_") == true)
        #expect((call["size"]?.intValue ?? 0) > 0)
        #expect(messages.contains { $0["dir"] == "native->js" && $0["type"] == "call" && $0["handler"] == "jsRcvResponseTest" && $0["callbackId"] == "objc_cb_1" })
        #expect(messages.contains { $0["dir"] == "js->native" && $0["type"] == "response" && $0["responseId"] == "objc_cb_1" })
        _ = try? await page.bridge.call("nobody")
        #expect(page.bridgeEvents.contains { $0["type"] == "error" && $0["error"]?["code"] == "handler_not_found" })
    }

    @Test func reloadFailsPendingCallsWithPageGoneAndRearmsTheStartupQueue() async throws {
        let page = await WebPage()
        try await page.load("bridge/echo.html")
        await page.idle()
        _ = try await page.eval("WebViewJavascriptBridge.registerHandler('silent', function () {})")
        let pending = Task { try await page.bridge.call("silent") }
        await waitUntil { !page.bridge.core.state.withLock({ $0.pending.isEmpty }) }
        await page.idle()
        try await page.webView.reload()
        await #expect {
            try await pending.value
        } throws: { error in
            (error as? BridgeError)?.code == BridgeError.pageGone
        }
        #expect(try await page.bridge.call("echoHandler", "after reload") == "after reload")
    }

    @Test func lenientMessagesSentDuringANavigationReachTheNextPage() async throws {
        let page = await WebPage()
        page.bridge.compatibility = .lenient
        try await page.load("bridge/echo.html")
        await page.idle()
        let answers = Recorder<JSONValue?>()
        // Sent when the new document exists and the old one is gone: the reference loses these.
        await page.webView.addDocumentObserver(OnNewDocument { id in
            if id == 2 { page.bridge.callHandler("echoHandler", data: "queued") { answers.append($0) } }
        })
        try await page.webView.reload()
        await page.idle()
        #expect(answers.all == ["queued"])
    }

    @Test func closingTheWebViewFailsPendingCalls() async throws {
        let page = await WebPage()
        try await page.load("bridge/echo.html")
        await page.idle()
        _ = try await page.eval("WebViewJavascriptBridge.registerHandler('silent', function () {})")
        let pending = Task { try await page.bridge.call("silent") }
        await page.idle()
        await page.webView.close()
        do {
            _ = try await pending.value
            Issue.record("expected page_gone")
        } catch let error as BridgeError {
            #expect(error.code == "page_gone")
        }
    }

    @Test func deliveriesContinueWhileThePageIsHidden() async throws {
        let page = await WebPage()
        page.bridge.registerHandler("objcEchoToJs") { data, cb in cb(data) }
        try await page.load("bridge/echo.html")
        await page.idle()
        await page.webView.setVisible(false)
        #expect(try await page.bridge.call("echoHandler", "hidden") == "hidden")
        #expect(try await page.bridge.call("jsRcvResponseTest") == "Response from JS")
        _ = try await page.eval("WebViewJavascriptBridge._handleMessageFromObjC('{\"handlerName\":\"echoHandler\",\"data\":1}')")
        await page.idle()
    }

    @Test func aPageWithoutTheSnippetGetsNoBridgeAndQueuedCallsWait() async throws {
        let page = await WebPage()
        try await page.webView.loadHTMLString("<p>plain</p>", baseURL: URL(string: "https://example.com/"))
        await page.idle()
        #expect(try await page.eval("typeof WebViewJavascriptBridge") == "undefined")
        await #expect(throws: BridgeError.self) { try await page.bridge.call("echoHandler", timeout: .milliseconds(20)) }
    }

    /// As on iOS, where WebViewJavascriptBridge evaluates its script in the main frame only: the setup snippet in an
    /// iframe never gets the bridge, and the run says so instead of hanging silently. The main frame's bridge goes on.
    @Test func theSnippetInAChildFrameNeverGetsTheBridgeAndIsReported() async throws {
        let page = await WebPage()
        try await page.load("bridge/echo.html")
        await page.idle()
        // The frame's page bootstraps with the usual snippet (web/navigation/bridge-setup.js).
        _ = try await page.eval("""
            var f = document.createElement('iframe');
            f.srcdoc = '<script src="../navigation/bridge-setup.js"></' + 'script><script>' +
              'setupWebViewJavascriptBridge(function () { window.gotBridge = true; });</' + 'script>';
            document.body.appendChild(f); 0
            """)
        await page.idle()
        #expect(try await page.eval("[typeof f.contentWindow.WebViewJavascriptBridge, f.contentWindow.gotBridge, f.contentWindow.WVJBCallbacks.length]")
                == ["undefined", .null, 1])
        #expect(page.console.contains { $0.hasPrefix("bridge setup in a child frame: on iOS the bridge exists only in the main frame") })
        #expect(try await page.bridge.call("echoHandler", "still here") == "still here")
        #expect(page.exceptions.isEmpty)
    }
}

final class OnNewDocument: DocumentObserver {
    let action: @Sendable (Int) -> Void
    init(_ action: @escaping @Sendable (Int) -> Void) { self.action = action }
    func documentDidCreate(_ document: DocumentHandle) { action(document.id) }
    func documentWillClose(_ document: DocumentHandle) {}
}
