import Foundation
import JavaScript
import Testing
import TestSupport
@testable import WebView

/// The `Referer` header of the requests a page makes. Every expected value was observed on WebKitGTK 2.50 (`hybrid run
/// --engine webkit` on the same page, served by a server that logs the header): the page's URL for its own origin, the
/// origin and `/` for another (`strict-origin-when-cross-origin`), none for `fetch`'s `referrerPolicy: 'no-referrer'`
/// and for the app's own loads.
@Suite struct RefererTests {
    static let page = """
        <!doctype html><html><head><script src="s.js"></script><link rel="stylesheet" href="c.css"></head><body>
        <img src="i.png"><iframe src="frame.html"></iframe><a id="go" href="next.html?x=1">next</a><script>
        fetch('f?from=fetch');
        fetch('f?from=nofetch', { referrerPolicy: 'no-referrer' });
        fetch('http://localhost:' + location.port + '/f?from=cross').catch(function () {});
        var x = new XMLHttpRequest(); x.open('GET', 'x?from=xhr'); x.send();
        var s = new XMLHttpRequest(); s.open('GET', 'x?from=sync', false); s.send();
        navigator.sendBeacon('b?from=beacon', 'hi');
        import('./m.js').catch(function () {});
        </script></body></html>
        """

    static func makeServer() async throws -> LoopbackServer {
        try await LoopbackServer { request in
            switch request.path {
            case "/page.html": TestResponse(contentType: "text/html", body: Array(page.utf8))
            case "/next.html", "/frame.html": TestResponse(contentType: "text/html", body: Array("<!doctype html><p>next</p>".utf8))
            case "/s.js", "/m.js": TestResponse(contentType: "text/javascript", body: Array("1;".utf8))
            default: .text("")
            }
        }
    }

    /// `PATH?QUERY referer` of every request the server received, in order.
    private func referers(_ server: LoopbackServer) -> [String] {
        server.requests.map { "\($0.path)\($0.query.map { "?" + $0 } ?? "") \($0.headers["referer"] ?? "none")" }
    }

    @Test func aPagesRequestsCarryItsURLAsReferer() async throws {
        let server = try await Self.makeServer()
        let (webView, _) = makeWebView()
        try await webView.load(server.url("page.html"))
        _ = await webView.runUntilIdle(timeout: .generous)
        let page = server.url("page.html").absoluteString
        #expect(referers(server).sorted() == [
            "/b?from=beacon \(page)", "/c.css \(page)", "/f?from=cross \(server.baseURL.absoluteString)", "/f?from=fetch \(page)",
            "/f?from=nofetch none", "/frame.html \(page)", "/i.png \(page)", "/m.js \(page)", "/page.html none", "/s.js \(page)",
            "/x?from=sync \(page)", "/x?from=xhr \(page)",
        ])
        await webView.close()
        await server.stop()
    }

    /// A navigation sends the page's URL; a reload the page asks for sends its own URL, as the new document's
    /// `document.referrer` has it.
    @Test func navigationsCarryTheNewDocumentsReferrer() async throws {
        let server = try await LoopbackServer { request in
            TestResponse(contentType: "text/html", body: Array("<!doctype html><a id=go href='next.html?x=1'>next</a>".utf8))
        }
        let (webView, _) = makeWebView()
        try await webView.load(server.url("page.html"))
        try await webView.settle(after: "document.getElementById('go').click()")
        try await webView.settle(after: "location.reload()")
        #expect(try await webView.evaluateJavaScript("document.referrer") == .string(server.url("next.html?x=1").absoluteString))
        #expect(referers(server) == ["/page.html none", "/next.html?x=1 \(server.url("page.html").absoluteString)",
                                     "/next.html?x=1 \(server.url("next.html?x=1").absoluteString)"])
        await webView.close()
        await server.stop()
    }

    /// Each policy from `http://127.0.0.1:8765/p/page.html#frag` to the same origin and to `http://localhost:8765`
    /// (observed on WebKitGTK 2.50: `<meta name=referrer>` set to each, a synchronous XMLHttpRequest to either); from
    /// `https` to `http` as WebKit's `SecurityPolicy::generateReferrerHeader` hides it (no `https` server here).
    @Test(arguments: [
        (ReferrerPolicy.noReferrer, "", "", ""),
        (.noReferrerWhenDowngrade, "http://127.0.0.1:8765/p/page.html", "http://127.0.0.1:8765/p/page.html", ""),
        (.origin, "http://127.0.0.1:8765/", "http://127.0.0.1:8765/", "https://a.example/"),
        (.originWhenCrossOrigin, "http://127.0.0.1:8765/p/page.html", "http://127.0.0.1:8765/", "https://a.example/"),
        (.sameOrigin, "http://127.0.0.1:8765/p/page.html", "", ""),
        (.strictOrigin, "http://127.0.0.1:8765/", "http://127.0.0.1:8765/", ""),
        (.strictOriginWhenCrossOrigin, "http://127.0.0.1:8765/p/page.html", "http://127.0.0.1:8765/", ""),
        (.unsafeURL, "http://127.0.0.1:8765/p/page.html", "http://127.0.0.1:8765/p/page.html", "https://a.example/p?q"),
    ])
    func eachPolicyGivesWhatWebKitSends(policy: ReferrerPolicy, same: String, cross: String, downgrade: String) {
        let page = URL(string: "http://user:pw@127.0.0.1:8765/p/page.html#frag")!
        #expect(WebOrigin.referrer(from: page, to: URL(string: "http://127.0.0.1:8765/r")!, policy: policy) == same)
        #expect(WebOrigin.referrer(from: page, to: URL(string: "http://localhost:8765/r")!, policy: policy) == cross)
        #expect(WebOrigin.referrer(from: URL(string: "https://a.example/p?q#f")!, to: URL(string: "http://a.example/r")!,
                                   policy: policy) == downgrade)
        #expect(WebOrigin.referrer(from: URL(string: "file:///tmp/page.html")!, to: URL(string: "file:///tmp/r")!, policy: policy) == "")
    }
}
