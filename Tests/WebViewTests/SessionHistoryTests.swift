import Foundation
import JavaScript
import Testing
import TestSupport
@testable import WebView

/// The session history across a web view's documents: `history.length`, traversals to another document's entries
/// (`history.back()`, `go(n)`, ``HeadlessWebView/goBack()``), and what a new navigation, `location.replace` and a
/// reload do to the entries around the current one. Lengths and navigation types as observed on WebKitGTK 2.50 for
/// the same steps (`hybrid conform`; see also ConformCommandTests.sessionHistoryAcrossDocumentsConforms). The tests
/// whose traversals must load their document turn the back-forward cache off, as a page WebKit does not keep loads
/// again (BackForwardCacheTests covers the pages it keeps).
@Suite struct SessionHistoryTests {
    /// Pages that say which they are, how long the history is and how they were reached.
    static func makeServer() async throws -> LoopbackServer {
        try await LoopbackServer { request in
            let name = request.path.split(separator: "/").last.map(String.init) ?? "index.html"
            let page = """
                <!doctype html><title>\(name)</title><body><script>
                window.seen = [document.title, history.length, performance.getEntriesByType('navigation')[0].type];
                </script>
                """
            return TestResponse(contentType: "text/html", body: Array(page.utf8))
        }
    }

    /// A web view without a back-forward cache: every traversal to another document loads it again.
    private func makeUncachedWebView() -> HeadlessWebView {
        var configuration = WebViewConfiguration()
        configuration.backForwardCacheCapacity = 0
        return HeadlessWebView(runtime: JavaScriptRuntime(), configuration: configuration)
    }

    private func seen(_ webView: HeadlessWebView) async throws -> JSONValue {
        try await webView.evaluateJavaScript("seen")
    }

    @Test func backAndForwardLoadTheOtherDocument() async throws {
        let server = try await Self.makeServer()
        let webView = makeUncachedWebView()
        let delegate = RecordingNavigationDelegate { _ in .allow }
        await webView.setNavigationDelegate(delegate)
        try await webView.load(server.url("a.html"))
        #expect(await !webView.canGoBack)
        try await webView.settle(after: "location.href = 'b.html'")
        #expect(try await seen(webView) == ["b.html", 2, "navigate"])
        #expect(await webView.canGoBack)
        #expect(await !webView.canGoForward)

        try await webView.settle(after: "history.back()")
        #expect(try await seen(webView) == ["a.html", 2, "back_forward"])
        #expect(await !webView.canGoBack)
        #expect(await webView.canGoForward)

        #expect(await webView.goForward())
        _ = await webView.runUntilIdle(timeout: .generous)
        #expect(try await seen(webView) == ["b.html", 2, "back_forward"])
        #expect(await !webView.goForward())   // nothing ahead
        #expect(await webView.goBack())
        _ = await webView.runUntilIdle(timeout: .generous)
        #expect(try await seen(webView) == ["a.html", 2, "back_forward"])
        #expect(delegate.requests.map(\.type) == [.location, .backForward, .backForward, .backForward])
        #expect(delegate.requests.last?.url == server.url("a.html"))
        await webView.close()
        await server.stop()
    }

    /// A traversal past the page's own entries goes to the other document's entry, whatever the distance; one past
    /// either end of the whole history does nothing.
    @Test func goCountsTheEntriesOfEveryDocument() async throws {
        let server = try await Self.makeServer()
        let (webView, _) = makeWebView()
        try await webView.load(server.url("a.html"))
        try await webView.settle(after: "history.pushState(null, '', '#one'); location.href = 'b.html'")
        try await webView.settle(after: "history.pushState(null, '', '#two')")
        #expect(try await webView.evaluateJavaScript("history.length") == 4)
        try await webView.settle(after: "history.go(-5)")
        #expect(await webView.url == server.url("b.html#two"))
        try await webView.settle(after: "history.go(-3)")
        #expect(try await seen(webView) == ["a.html", 4, "back_forward"])
        #expect(await webView.url == server.url("a.html"))
        try await webView.settle(after: "history.go(2)")
        #expect(try await seen(webView) == ["b.html", 4, "back_forward"])
        #expect(await webView.url == server.url("b.html"))
        await webView.close()
        await server.stop()
    }

    /// A new navigation drops the entries ahead; `location.replace` and a reload take the current entry's place and
    /// keep the entries ahead (observed on WebKitGTK 2.50).
    @Test func navigationsReplacementsAndReloadsShapeTheHistory() async throws {
        let server = try await Self.makeServer()
        let webView = makeUncachedWebView()
        try await webView.load(server.url("a.html"))
        try await webView.settle(after: "location.href = 'b.html'")
        try await webView.settle(after: "history.back()")
        try await webView.reload()
        #expect(try await seen(webView) == ["a.html", 2, "reload"])
        #expect(await webView.canGoForward)
        try await webView.settle(after: "location.replace('c.html')")
        #expect(try await seen(webView) == ["c.html", 2, "navigate"])
        #expect(await webView.canGoForward)
        try await webView.settle(after: "history.forward()")
        #expect(try await seen(webView) == ["b.html", 2, "back_forward"])
        try await webView.settle(after: "history.back()")
        #expect(try await seen(webView) == ["c.html", 2, "back_forward"])
        try await webView.settle(after: "location.href = 'd.html'")
        #expect(try await seen(webView) == ["d.html", 2, "navigate"])
        #expect(await !webView.canGoForward)
        try await webView.settle(after: "history.back()")
        #expect(try await seen(webView) == ["c.html", 2, "back_forward"])
        await webView.close()
        await server.stop()
    }

    /// The navigation delegate decides a traversal to another document (and interceptors see it first): cancelled,
    /// the page stays.
    @Test func aCancelledTraversalLeavesThePage() async throws {
        let server = try await Self.makeServer()
        let (webView, log) = makeWebView()
        await webView.setNavigationDelegate(RecordingNavigationDelegate { $0.type == .backForward ? .cancel : .allow })
        try await webView.load(server.url("a.html"))
        try await webView.settle(after: "location.href = 'b.html'")
        try await webView.settle(after: "history.back()")
        #expect(try await seen(webView) == ["b.html", 2, "navigate"])
        #expect(log.milestones.filter { $0 == .load }.count == 2)
        await webView.close()
        await server.stop()
    }
}
