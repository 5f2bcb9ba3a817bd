import Foundation
import JavaScript
import Synchronization
import Testing
import TestSupport
@testable import WebView

/// The back-forward cache (HeadlessWebViewCore+BackForwardCache.swift): a page left by a navigation comes back on a
/// traversal as it was, without loading, with the events WebKit fires. Event orders and values observed on WebKitGTK
/// 2.50 for the same pages and steps (`hybrid run PAGE --engine webkit --eval "location.href='b.html'" --eval
/// "history.back()" --eval ...`).
@Suite struct BackForwardCacheTests {
    /// Pages that log their script run and lifecycle events in `sessionStorage.log` (kept across documents), count
    /// their runs, and start a one-second timer when hidden.
    static func makeServer() async throws -> LoopbackServer {
        try await LoopbackServer { request in
            let name = String((request.path.split(separator: "/").last ?? "a.html").prefix(1))
            let page = """
                <!doctype html><title>\(name)</title><body><script>
                window.seen = [document.title, history.length, performance.getEntriesByType('navigation')[0].type];
                function rec(s) { var log = JSON.parse(sessionStorage.log || '[]'); log.push(s); sessionStorage.log = JSON.stringify(log); }
                rec('\(name):script');
                addEventListener('pageshow', function (e) { rec('\(name):pageshow:' + e.persisted); });
                addEventListener('pagehide', function (e) {
                  rec('\(name):pagehide:' + e.persisted);
                  setTimeout(function () { rec('\(name):timer'); }, 1000);
                });
                addEventListener('unload', function () { rec('\(name):unload'); });
                document.addEventListener('visibilitychange', function () { rec('\(name):vis:' + document.visibilityState); });
                </script>
                """
            return TestResponse(contentType: "text/html", body: Array(page.utf8))
        }
    }

    /// A web view on a virtual clock (a page's timers fire as soon as the web view idles), with the cache capacity
    /// given, and the ids of the documents that closed.
    private func makeCachingWebView(capacity: Int = 2) async -> (HeadlessWebView, ClosedDocuments) {
        var configuration = WebViewConfiguration()
        configuration.backForwardCacheCapacity = capacity
        let webView = HeadlessWebView(runtime: JavaScriptRuntime(configuration: .init(clock: .virtual())),
                                      configuration: configuration)
        let closed = ClosedDocuments()
        await webView.addDocumentObserver(closed)
        return (webView, closed)
    }

    private func log(_ webView: HeadlessWebView) async throws -> [String] {
        let log = try await webView.evaluateJavaScript("sessionStorage.log")
        return (try? JSONDecoder().decode([String].self, from: Data((log.stringValue ?? "[]").utf8))) ?? []
    }

    @Test func backRestoresTheLeftPageWithItsStateAndPersistedEvents() async throws {
        let server = try await Self.makeServer()
        let (webView, closed) = await makeCachingWebView()
        let delegate = RecordingNavigationDelegate { _ in .allow }
        await webView.setNavigationDelegate(delegate)
        try await webView.load(server.url("a.html"))
        _ = try await webView.evaluateJavaScript("window.counter = 5; document.body.append('changed'); 0")
        try await webView.settle(after: "location.href = 'b.html'")
        #expect(try await log(webView).contains("a:timer") == false)   // frozen: its timer waits
        try await webView.settle(after: "history.back()")
        #expect(await webView.url == server.url("a.html"))
        // Observed on WebKitGTK 2.50: no unload, visible again before pageshow persisted; the timer set in pagehide
        // fires once the page is back.
        #expect(try await log(webView) == [
            "a:script", "a:pageshow:false", "a:pagehide:true", "a:vis:hidden",
            "b:script", "b:pageshow:false", "b:pagehide:true", "b:vis:hidden",
            "a:vis:visible", "a:pageshow:true", "a:timer",
        ])
        // State kept; the navigation type stays `navigate` (observed on WebKitGTK 2.50); the history is 2 long.
        #expect(try await webView.evaluateJavaScript("counter") == 5)
        #expect(try await webView.evaluateJavaScript("document.body.textContent.endsWith('changed')") == true)
        #expect(try await webView.evaluateJavaScript("seen") == ["a", 1, "navigate"])
        #expect(try await webView.evaluateJavaScript("performance.getEntriesByType('navigation')[0].type") == "navigate")
        #expect(try await webView.evaluateJavaScript("history.length") == 2)
        #expect(delegate.requests.map(\.type) == [.location, .backForward])
        #expect(closed.ids.isEmpty)

        // Forward brings b back from the cache too.
        #expect(await webView.goForward())
        _ = await webView.runUntilIdle(timeout: .generous)
        #expect(try await log(webView).suffix(5) == ["a:pagehide:true", "a:vis:hidden", "b:vis:visible", "b:pageshow:true", "b:timer"])
        #expect(try await webView.evaluateJavaScript("seen") == ["b", 2, "navigate"])
        #expect(closed.ids.isEmpty)
        await webView.close()
        #expect(closed.ids.sorted() == [1, 2])   // closing the web view closes the cached page too, without events
        await server.stop()
    }

    /// A page left at an entry it added with `pushState` comes back at that entry, its own entries still its own:
    /// one more `back()` stays in it (observed on WebKitGTK 2.50: `["", 3, 7]` at the end).
    @Test func aPageComesBackAtTheEntryItWasLeftAt() async throws {
        let server = try await Self.makeServer()
        let (webView, closed) = await makeCachingWebView()
        try await webView.load(server.url("a.html"))
        try await webView.settle(after: "window.mark = 7; history.pushState(null, '', '#one')")
        try await webView.settle(after: "location.href = 'b.html'")
        try await webView.settle(after: "history.back()")
        #expect(await webView.url == server.url("a.html#one"))
        #expect(try await webView.evaluateJavaScript("[location.hash, history.length, window.mark]") == ["#one", 3, 7])
        try await webView.settle(after: "history.back()")
        #expect(try await webView.evaluateJavaScript("[location.hash, history.length, window.mark]") == ["", 3, 7])
        #expect(await webView.canGoForward)
        try await webView.settle(after: "history.go(2)")   // b, from the cache
        #expect(try await webView.evaluateJavaScript("seen") == ["b", 3, "navigate"])
        #expect(closed.ids.isEmpty)
        await webView.close()
        await server.stop()
    }

    /// A new navigation after going back drops the entry ahead, and closes its cached page.
    @Test func aNewNavigationClosesTheCachedPagesAhead() async throws {
        let server = try await Self.makeServer()
        let (webView, closed) = await makeCachingWebView()
        try await webView.load(server.url("a.html"))
        try await webView.settle(after: "location.href = 'b.html'")
        try await webView.settle(after: "history.back()")
        #expect(closed.ids.isEmpty)
        try await webView.settle(after: "location.href = 'c.html'")
        #expect(closed.ids == [2])
        #expect(try await webView.evaluateJavaScript("history.length") == 2)
        try await webView.settle(after: "history.back()")
        #expect(try await webView.evaluateJavaScript("seen") == ["a", 1, "navigate"])   // a came back from the cache
        await webView.close()
        await server.stop()
    }

    /// Beyond the capacity the oldest page is closed; a traversal to its entry loads it again (`pageshow` not
    /// persisted, a `back_forward` load).
    @Test func theOldestPageIsEvictedBeyondTheCapacity() async throws {
        let server = try await Self.makeServer()
        let (webView, closed) = await makeCachingWebView(capacity: 1)
        try await webView.load(server.url("a.html"))
        try await webView.settle(after: "location.href = 'b.html'")
        try await webView.settle(after: "location.href = 'c.html'")
        #expect(closed.ids == [1])
        try await webView.settle(after: "history.go(-2)")
        #expect(try await webView.evaluateJavaScript("seen") == ["a", 3, "back_forward"])
        #expect(try await log(webView).suffix(2) == ["a:script", "a:pageshow:false"])
        #expect(closed.ids == [1, 2])   // b was evicted for c
        await webView.close()
        await server.stop()
    }

    /// Capacity 0 keeps nothing: the page left gets `pagehide` not persisted and `unload`, and back loads it again.
    @Test func capacityZeroLoadsThePageAgain() async throws {
        let server = try await Self.makeServer()
        let (webView, closed) = await makeCachingWebView(capacity: 0)
        try await webView.load(server.url("a.html"))
        try await webView.settle(after: "location.href = 'b.html'")
        #expect(closed.ids == [1])
        try await webView.settle(after: "history.back()")
        #expect(try await webView.evaluateJavaScript("seen") == ["a", 2, "back_forward"])
        #expect(try await log(webView) == [
            "a:script", "a:pageshow:false", "a:pagehide:false", "a:vis:hidden", "a:unload",
            "b:script", "b:pageshow:false", "b:pagehide:false", "b:vis:hidden", "b:unload",
            "a:script", "a:pageshow:false",
        ])
        await webView.close()
        await server.stop()
    }
}

/// Records the ids of the documents that close.
private final class ClosedDocuments: DocumentObserver {
    private let closed = Mutex<[Int]>([])
    var ids: [Int] { closed.withLock { $0 } }
    func documentDidCreate(_ document: DocumentHandle) {}
    func documentWillClose(_ document: DocumentHandle) { closed.withLock { $0.append(document.id) } }
}
