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

    /// A server for the policy tests: `/p/NAME` answers `pages[NAME]` as HTML (with `Referrer-Policy: RP` for
    /// `?rp=RP`), anything else an empty text.
    static func policyServer(_ pages: [String: String]) async throws -> LoopbackServer {
        try await LoopbackServer { request in
            guard request.path.hasPrefix("/p/"), let page = pages[String(request.path.dropFirst(3))] else { return .text("") }
            let policy = request.query?.split(separator: "&").first { $0.hasPrefix("rp=") }.map { String($0.dropFirst(3)) }
            return TestResponse(headers: policy.map { [("Referrer-Policy", $0.removingPercentEncoding ?? $0)] } ?? [],
                                contentType: "text/html", body: Array(page.utf8))
        }
    }

    /// A page that sends a synchronous request to its own origin and to `localhost` (another origin) per step, tagged
    /// `?t=TAG`; the recorded `TAG same|cross referer` lines in order.
    static let sendBoth = """
        function send(tag) {
          ['', 'http://localhost:' + (location.port || parent.location.port)].forEach(function (origin) {
            var x = new XMLHttpRequest(); x.open('GET', origin + '/r?t=' + encodeURIComponent(tag) + (origin ? '&cross' : ''), false);
            try { x.send(); } catch (e) {}
          });
        }
        """

    private func tagged(_ server: LoopbackServer) -> [String] {
        server.requests.filter { $0.path == "/r" }.map { request in
            let query = request.query ?? ""
            let tag = query.split(separator: "&").first.map { String($0.dropFirst(2)).removingPercentEncoding ?? "" } ?? ""
            return "\(tag) \(query.hasSuffix("&cross") ? "cross" : "same") \(request.headers["referer"] ?? "none")"
        }
    }

    /// `<meta name="referrer">` sets the document's policy when it is inserted (in the body too) or its name or content
    /// changes; the standard tokens ASCII case-insensitively and the legacy `never`, `always`, `default`; a content that
    /// names none (an unknown word, spaces around a token, a list, an empty one, `origin-when-crossorigin`) leaves the
    /// policy as it was; a meta removed leaves it, a detached one does nothing. Observed on WebKitGTK 2.50 (`hybrid run
    /// --engine webkit`, this page against a server that logs the header).
    @Test func metaReferrerSetsTheDocumentsPolicy() async throws {
        let page = """
            <!doctype html><html><head></head><body><script>
            \(Self.sendBoth)
            function meta(content, parent) {
              var m = document.createElement('meta'); m.name = 'referrer'; m.content = content; (parent || document.head).appendChild(m);
              return m;
            }
            ['no-referrer', 'no-referrer-when-downgrade', 'origin', 'origin-when-cross-origin', 'same-origin', 'strict-origin',
             'strict-origin-when-cross-origin', 'unsafe-url', 'never', 'always', 'default', 'Origin'].forEach(function (t) {
              meta('no-referrer'); meta(t); send(t);
            });
            ['bogus', ' origin ', 'origin, no-referrer', '', 'origin-when-crossorigin'].forEach(function (t) {
              meta('unsafe-url'); meta(t); send(t);
            });
            meta('origin', document.body).remove(); send('removed');
            var m = document.createElement('meta'); m.name = 'referrer'; m.content = 'unsafe-url'; send('detached');
            document.head.appendChild(m); m.content = 'same-origin'; send('changed');
            var n = document.createElement('meta'); n.content = 'no-referrer'; document.head.appendChild(n); n.name = 'REFERRER'; send('named');
            </script></body></html>
            """
        let server = try await Self.policyServer(["page.html": page])
        let (webView, _) = makeWebView()
        try await webView.load(server.url("p/page.html#frag"))
        _ = await webView.runUntilIdle(timeout: .generous)
        let url = server.url("p/page.html").absoluteString, origin = server.baseURL.absoluteString
        #expect(tagged(server) == [
            "no-referrer same none", "no-referrer cross none",
            "no-referrer-when-downgrade same \(url)", "no-referrer-when-downgrade cross \(url)",
            "origin same \(origin)", "origin cross \(origin)",
            "origin-when-cross-origin same \(url)", "origin-when-cross-origin cross \(origin)",
            "same-origin same \(url)", "same-origin cross none",
            "strict-origin same \(origin)", "strict-origin cross \(origin)",
            "strict-origin-when-cross-origin same \(url)", "strict-origin-when-cross-origin cross \(origin)",
            "unsafe-url same \(url)", "unsafe-url cross \(url)",
            "never same none", "never cross none",
            "always same \(url)", "always cross \(url)",
            "default same \(url)", "default cross \(origin)",
            "Origin same \(origin)", "Origin cross \(origin)",
            "bogus same \(url)", "bogus cross \(url)",
            " origin  same \(url)", " origin  cross \(url)",
            "origin, no-referrer same \(url)", "origin, no-referrer cross \(url)",
            " same \(url)", " cross \(url)",
            "origin-when-crossorigin same \(url)", "origin-when-crossorigin cross \(url)",
            "removed same \(origin)", "removed cross \(origin)",
            "detached same \(origin)", "detached cross \(origin)",
            "changed same \(url)", "changed cross none",
            "named same none", "named cross none",
        ])
        await webView.close()
        await server.stop()
    }

    /// The document's `Referrer-Policy` header: its last token that names a policy (case-insensitive; the legacy
    /// keywords are not read there), replaced by a later `<meta name="referrer">`. It applies to the navigations the page
    /// starts (the next `document.referrer` and its `Referer`), not to the next page's own requests; a frame's document
    /// has its parent's policy unless its response names one, a srcdoc frame too. Observed on WebKitGTK 2.50.
    @Test func theResponseHeaderSetsThePolicyAndFramesInheritIt() async throws {
        let sender = "<!doctype html><script>\(Self.sendBoth) send(location.pathname.slice(3) + location.search);</script>"
        let server = try await Self.policyServer([
            "page.html": sender,
            "meta.html": "<!doctype html><meta name=referrer content=no-referrer><script>\(Self.sendBoth) send('meta');</script>",
            "frames.html": """
                <!doctype html><meta name=referrer content=unsafe-url><iframe src="/p/page.html?child"></iframe>
                <iframe src="/p/page.html?own&rp=same-origin"></iframe>
                <iframe srcdoc="<script>\(Self.sendBoth.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "'", with: "&#39;")) send(&#39;srcdoc&#39;);</script>"></iframe>
                <a id=go href="/p/page.html?next">next</a>
                """,
        ])
        let (webView, _) = makeWebView()
        for path in ["p/page.html?rp=unsafe-url,%20origin", "p/page.html?rp=ORIGIN,bogus", "p/page.html?rp=always",
                     "p/meta.html?rp=unsafe-url", "p/frames.html"] {
            try await webView.load(server.url(path))
            _ = await webView.runUntilIdle(timeout: .generous)
        }
        try await webView.settle(after: "document.getElementById('go').click()")
        #expect(try await webView.evaluateJavaScript("document.referrer") == .string(server.url("p/frames.html").absoluteString))
        let origin = server.baseURL.absoluteString
        let frames = server.url("p/frames.html").absoluteString
        func url(_ path: String) -> String { server.url(path).absoluteString }
        #expect(tagged(server).sorted() == [
            "meta cross none", "meta same none",
            "page.html?child cross \(url("p/page.html?child"))", "page.html?child same \(url("p/page.html?child"))",
            "page.html?next cross \(origin)", "page.html?next same \(url("p/page.html?next"))",
            "page.html?own&rp=same-origin cross none", "page.html?own&rp=same-origin same \(url("p/page.html?own&rp=same-origin"))",
            "page.html?rp=ORIGIN,bogus cross \(origin)", "page.html?rp=ORIGIN,bogus same \(origin)",
            "page.html?rp=always cross \(origin)", "page.html?rp=always same \(url("p/page.html?rp=always"))",
            "page.html?rp=unsafe-url,%20origin cross \(origin)", "page.html?rp=unsafe-url,%20origin same \(origin)",
            "srcdoc cross \(frames)", "srcdoc same \(frames)",
        ])
        let next = server.requests.first { $0.path == "/p/page.html" && $0.query == "next" }
        #expect(next?.headers["referer"] == frames)
        await webView.close()
        await server.stop()
    }
}
