import Foundation
import JavaScript
import Testing
import TestSupport
@testable import WebView

/// Leaving a page for another document: the events the old page gets and the new page's `document.referrer`. Every
/// expected value was observed on WebKitGTK 2.50 (`hybrid conform` on the same pages, served over HTTP).
@Suite struct LeavingPageTests {
    /// A page that logs what it gets while it is left into `sessionStorage` (kept across the web view's documents),
    /// and the page it goes to, which reads the log and its referrer.
    static let leaving = """
        <!doctype html><html><body><a id="link" href="b.html">b</a>
        <form id="form" action="b.html"><input name="q" value="1"></form><script>
        if (sessionStorage.getItem('again')) {
          sessionStorage.removeItem('again');
          window.result = sessionStorage.getItem('log') + ' referrer=' + document.referrer;
        } else {
          sessionStorage.setItem('log', '');
          var log = function (s) { sessionStorage.setItem('log', sessionStorage.getItem('log') + s + ';'); };
          addEventListener('beforeunload', function (e) {
            log('beforeunload ' + e.constructor.name + ' cancelable=' + e.cancelable + ' ' + document.visibilityState);
          });
          addEventListener('pagehide', function (e) {
            log('pagehide ' + e.constructor.name + ' persisted=' + e.persisted + ' ' + document.visibilityState);
          });
          document.addEventListener('visibilitychange', function () { log('visibilitychange ' + document.visibilityState); });
          addEventListener('unload', function (e) { log('unload ' + e.constructor.name); });
        }
        </script></body></html>
        """
    static let target = "<!doctype html><body><script>window.result = sessionStorage.getItem('log') + ' referrer=' + document.referrer;</script>"

    static func makeServer() async throws -> LoopbackServer {
        try await LoopbackServer { request in
            let page = request.path.hasPrefix("/b.html") ? target : leaving
            return TestResponse(contentType: "text/html", body: Array(page.utf8))
        }
    }

    /// What the page it went to read after `navigate` ran in the leaving page.
    private func leave(by navigate: String, server: LoopbackServer) async throws -> String? {
        let (webView, _) = makeWebView()
        try await webView.load(server.url("a.html"))
        try await webView.settle(after: navigate)
        let result = try await webView.evaluateJavaScript("window.result").stringValue
        await webView.close()
        return result
    }

    @Test func aNavigationThatKeepsTheHistoryEntryHidesThePageAsPersisted() async throws {
        let server = try await Self.makeServer()
        let kept = "beforeunload BeforeUnloadEvent cancelable=true visible;pagehide PageTransitionEvent persisted=true visible;"
            + "visibilitychange hidden; referrer=\(server.url("a.html").absoluteString)"
        #expect(try await leave(by: "location.href = 'b.html'", server: server) == kept)
        #expect(try await leave(by: "document.getElementById('link').click()", server: server) == kept)
        #expect(try await leave(by: "document.getElementById('form').submit()", server: server) == kept)
        await server.stop()
    }

    @Test func aReplaceOrAReloadUnloadsThePage() async throws {
        let server = try await Self.makeServer()
        let unloaded = "beforeunload BeforeUnloadEvent cancelable=true visible;pagehide PageTransitionEvent persisted=false visible;"
            + "visibilitychange hidden;unload Event; referrer=\(server.url("a.html").absoluteString)"
        #expect(try await leave(by: "location.replace('b.html')", server: server) == unloaded)
        #expect(try await leave(by: "sessionStorage.setItem('again', '1'); location.reload()", server: server) == unloaded)
        await server.stop()
    }

    /// The app's own loads: `load(_:)` keeps the page (persisted) and gives the next one no referrer; `reload()`
    /// unloads it and keeps the document's referrer (none here).
    @Test func theAppsLoadsLeaveThePageToo() async throws {
        let server = try await Self.makeServer()
        let (webView, _) = makeWebView()
        try await webView.load(server.url("a.html"))
        try await webView.load(server.url("b.html"))
        #expect(try await webView.evaluateJavaScript("window.result") == .string(
            "beforeunload BeforeUnloadEvent cancelable=true visible;pagehide PageTransitionEvent persisted=true visible;"
            + "visibilitychange hidden; referrer="))
        try await webView.load(server.url("a.html"))
        _ = try await webView.evaluateJavaScript("sessionStorage.setItem('again', '1'); 0")
        try await webView.reload()
        #expect(try await webView.evaluateJavaScript("window.result") == .string(
            "beforeunload BeforeUnloadEvent cancelable=true visible;pagehide PageTransitionEvent persisted=false visible;"
            + "visibilitychange hidden;unload Event; referrer="))
        await webView.close()
        await server.stop()
    }

    /// A handler that throws is reported as the page's error and the navigation goes on; one that asks to stay
    /// (`preventDefault`, `returnValue`) does not stop it (a WKWebView has no public panel to ask the user); one that
    /// navigates elsewhere while the page is being left is ignored.
    @Test func handlersCannotKeepOrRedirectALeavingPage() async throws {
        let server = try await Self.makeServer()
        let (webView, log) = makeWebView()
        try await webView.load(server.url("a.html"))
        try await webView.settle(after: """
            addEventListener('beforeunload', function (e) { e.preventDefault(); e.returnValue = 'stay'; });
            addEventListener('pagehide', function () { location.href = 'elsewhere.html'; throw new Error('in pagehide'); });
            location.href = 'b.html'
            """)
        #expect(await webView.url?.absoluteString == server.url("b.html").absoluteString)
        #expect(log.exceptions.map(\.message) == ["in pagehide"])
        #expect(!server.requests.contains { $0.path.hasPrefix("/elsewhere") })
        await webView.close()
        await server.stop()
    }

    @Test func theReferrerFollowsStrictOriginWhenCrossOrigin() {
        func referrer(_ from: String, _ to: String) -> String {
            WebOrigin.referrer(from: URL(string: from)!, to: URL(string: to)!)
        }
        #expect(referrer("http://a.test/p/page.html?x=1#frag", "http://a.test/q.html") == "http://a.test/p/page.html?x=1")
        #expect(referrer("https://user:pw@a.test:8443/page.html", "https://a.test:8443/") == "https://a.test:8443/page.html")
        #expect(referrer("https://a.test/p/page.html", "https://b.test/") == "https://a.test/")
        #expect(referrer("http://a.test/page.html", "https://a.test/") == "http://a.test/")
        #expect(referrer("https://a.test/page.html", "http://a.test/page2.html") == "")
        #expect(referrer("file:///tmp/page.html", "file:///tmp/b.html") == "")
        #expect(referrer("about:blank", "http://a.test/") == "")
    }
}
