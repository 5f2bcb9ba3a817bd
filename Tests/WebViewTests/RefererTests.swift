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

    /// A server for the policy tests: `/p/NAME` answers `pages[NAME]` as HTML, or JavaScript for a `.js` name (with
    /// `Referrer-Policy: RP` for `?rp=RP`), anything else an empty text (script).
    static func policyServer(_ pages: [String: String]) async throws -> LoopbackServer {
        try await LoopbackServer { request in
            guard request.path.hasPrefix("/p/"), let page = pages[String(request.path.dropFirst(3))] else {
                return request.path.hasSuffix(".js") ? TestResponse(contentType: "text/javascript") : .text("")
            }
            let policy = request.query?.split(separator: "&").first { $0.hasPrefix("rp=") }.map { String($0.dropFirst(3)) }
            return TestResponse(headers: policy.map { [("Referrer-Policy", $0.removingPercentEncoding ?? $0)] } ?? [],
                                contentType: request.path.hasSuffix(".js") ? "text/javascript" : "text/html", body: Array(page.utf8))
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
        server.requests.filter { $0.path == "/r" || $0.path == "/r.js" }.map { request in
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

    /// `fetch`'s `referrerPolicy` (each of the eight; '' is the document's) and `referrer` ('' none, 'about:client' the
    /// page, a URL of the page's origin, another origin's URL read as 'about:client'), a `Request`'s own, and the
    /// `referrerpolicy` of images, scripts, stylesheet links and iframes; `XMLHttpRequest` has the document's.
    /// Observed on WebKitGTK 2.50 (this page against a server that logs the header).
    @Test func requestsAndElementsNameTheirOwnPolicy() async throws {
        let page = """
            <!doctype html><html><head></head><body><script>
            var cross = 'http://localhost:' + location.port;
            ['no-referrer', 'no-referrer-when-downgrade', 'origin', 'origin-when-cross-origin', 'same-origin', 'strict-origin',
             'strict-origin-when-cross-origin', 'unsafe-url', ''].forEach(function (p) {
              fetch('/r?t=' + p, { referrerPolicy: p });
              fetch(cross + '/r?t=' + p + '&cross', { referrerPolicy: p }).catch(function () {});
            });
            fetch('/r?t=empty', { referrer: '' });
            fetch('/r?t=same-url', { referrer: '/p/other.html?q#f' });
            fetch('/r?t=client', { referrer: 'about:client' });
            fetch('/r?t=cross-url', { referrer: cross + '/x' });
            fetch(cross + '/r?t=same-url&cross', { referrer: '/p/other.html?q' }).catch(function () {});
            fetch(cross + '/r?t=same-url-unsafe&cross', { referrer: '/p/other.html?q', referrerPolicy: 'unsafe-url' }).catch(function () {});
            fetch(new Request('/r?t=request-empty', { referrer: '', referrerPolicy: 'origin' }));
            fetch(new Request('/r?t=request-url', { referrer: '/p/other.html?q' }));
            var img = document.createElement('img'); img.referrerPolicy = 'no-referrer'; img.src = cross + '/r?t=img&cross';
            document.body.appendChild(img);
            var img2 = document.createElement('img'); img2.setAttribute('referrerpolicy', 'UNSAFE-URL'); img2.src = cross + '/r?t=img-unsafe&cross';
            document.body.appendChild(img2);
            var s = document.createElement('script'); s.referrerPolicy = 'origin'; s.src = '/r?t=script'; document.head.appendChild(s);
            var l = document.createElement('link'); l.rel = 'stylesheet'; l.referrerPolicy = 'no-referrer'; l.href = '/r?t=link';
            document.head.appendChild(l);
            var f = document.createElement('iframe'); f.referrerPolicy = 'origin'; f.src = '/r?t=iframe'; document.body.appendChild(f);
            var x = new XMLHttpRequest(); x.open('GET', cross + '/r?t=xhr&cross'); x.send();
            </script></body></html>
            """
        let server = try await Self.policyServer(["page.html": page])
        let (webView, _) = makeWebView()
        try await webView.load(server.url("p/page.html"))
        _ = await webView.runUntilIdle(timeout: .generous)
        let url = server.url("p/page.html").absoluteString, origin = server.baseURL.absoluteString
        let other = server.url("p/other.html?q").absoluteString
        #expect(tagged(server).sorted() == [
            " cross \(origin)", " same \(url)",
            "client same \(url)", "cross-url same \(url)", "empty same none",
            "iframe same \(origin)", "img cross none", "img-unsafe cross \(url)", "link same none",
            "no-referrer cross none", "no-referrer same none",
            "no-referrer-when-downgrade cross \(url)", "no-referrer-when-downgrade same \(url)",
            "origin cross \(origin)", "origin same \(origin)",
            "origin-when-cross-origin cross \(origin)", "origin-when-cross-origin same \(url)",
            "request-empty same none", "request-url same \(other)",
            "same-origin cross none", "same-origin same \(url)",
            "same-url cross \(origin)", "same-url same \(other)", "same-url-unsafe cross \(other)",
            "script same \(origin)",
            "strict-origin cross \(origin)", "strict-origin same \(origin)",
            "strict-origin-when-cross-origin cross \(origin)", "strict-origin-when-cross-origin same \(url)",
            "unsafe-url cross \(url)", "unsafe-url same \(url)",
            "xhr cross \(origin)",
        ])
        await webView.close()
        await server.stop()
    }

    /// `Request.referrer` and `referrerPolicy` as WebKit gives them, the errors of a bad policy or referrer, and the
    /// elements' reflected `referrerPolicy`. Observed on WebKitGTK 2.50.
    @Test func requestAndElementPropertiesReadAsInWebKit() async throws {
        let server = try await Self.policyServer(["page.html": "<!doctype html><p>page</p>"])
        let (webView, _) = makeWebView()
        try await webView.load(server.url("p/page.html"))
        let script = """
              var out = [], cross = 'http://localhost:' + location.port;
              var r = new Request('/r'); out.push(r.referrer, JSON.stringify(r.referrerPolicy));
              var e = new Request('/r', { referrer: '', referrerPolicy: 'origin' }); out.push(JSON.stringify(e.referrer), e.referrerPolicy);
              out.push(new Request('/r', { referrer: '/p/other.html?q#f' }).referrer);
              out.push(new Request('/r', { referrer: cross + '/x' }).referrer);
              out.push(JSON.stringify([e.clone().referrer, e.clone().referrerPolicy, new Request(e).referrerPolicy]));
              out.push(JSON.stringify([new Request(e, { referrer: 'about:client' }).referrerPolicy, new Request(e, { method: 'GET' }).referrer]));
              try { new Request('/r', { referrerPolicy: 'bogus' }); } catch (x) { out.push(x.name + ': ' + x.message); }
              try { new Request('/r', { referrer: 'http://[' }); } catch (x) { out.push(x.name + ': ' + x.message); }
              await fetch('/r', { referrerPolicy: 'bogus' }).catch(x => out.push('fetch ' + x.name + ': ' + x.message));
              ['a', 'area', 'img', 'script', 'link', 'iframe'].forEach(function (t) {
                var el = document.createElement(t), values = [el.referrerPolicy];
                el.setAttribute('referrerpolicy', 'ORIGIN'); values.push(el.referrerPolicy);
                el.setAttribute('referrerpolicy', 'x'); values.push(el.referrerPolicy);
                el.referrerPolicy = 'Same-Origin'; values.push(el.getAttribute('referrerpolicy'));
                out.push(t + ' ' + JSON.stringify(values));
              });
              out.push('form ' + ('referrerPolicy' in document.createElement('form')));
              return out.join('\\n');
            """
        let page = server.url("p/").absoluteString
        #expect(try await webView.callAsyncJavaScript("(async function () {\n\(script)\n})()") == .string("""
            about:client
            ""
            ""
            origin
            \(page)other.html?q#f
            about:client
            ["","origin","origin"]
            ["","about:client"]
            TypeError: Type error
            TypeError: Referrer is not a valid URL.
            fetch TypeError: Type error
            a ["","origin","","Same-Origin"]
            area ["","origin","","Same-Origin"]
            img ["","origin","","Same-Origin"]
            script ["","origin","","Same-Origin"]
            link ["","origin","","Same-Origin"]
            iframe ["","origin","","Same-Origin"]
            form false
            """))
        await webView.close()
        await server.stop()
    }

    /// A link's `referrerpolicy`, and `rel=noreferrer` on a link or a form: no `Referer` and an empty `document.referrer`
    /// on the next page, under the page's `<meta name=referrer content=origin>`. Observed on WebKitGTK 2.50.
    @Test func linksAndFormsNameThePolicyOfTheirNavigation() async throws {
        let page = """
            <!doctype html><html><head><meta name=referrer content=origin></head><body>
            <a id=plain href="/p/next.html?from=plain">p</a>
            <a id=policy referrerpolicy=unsafe-url href="/p/next.html?from=policy">a1</a>
            <a id=noreferrer rel="noopener noreferrer" href="/p/next.html?from=noreferrer">a2</a>
            <form id=f1 rel=noreferrer action="/p/next.html"><input name=from value=form-noreferrer><button id=b1>go</button></form>
            <form id=f2 action="/p/next.html"><input name=from value=form><button id=b2>go</button></form>
            </body></html>
            """
        let server = try await Self.policyServer(["page.html": page, "next.html": "<!doctype html><p>next</p>"])
        let (webView, _) = makeWebView()
        var referrers: [String] = []
        for id in ["plain", "policy", "noreferrer", "b1", "b2"] {
            try await webView.load(server.url("p/page.html"))
            try await webView.settle(after: "document.getElementById('\(id)').click()")
            referrers.append("\(id) \(try await webView.evaluateJavaScript("document.referrer"))")
        }
        let url = server.url("p/page.html").absoluteString, origin = server.baseURL.absoluteString
        #expect(referrers == ["plain \(JSONValue.string(origin))", "policy \(JSONValue.string(url))", "noreferrer \(JSONValue.string(""))",
                              "b1 \(JSONValue.string(""))", "b2 \(JSONValue.string(origin))"])
        #expect(referers(server).filter { $0.hasPrefix("/p/next.html") } == [
            "/p/next.html?from=plain \(origin)", "/p/next.html?from=policy \(url)", "/p/next.html?from=noreferrer none",
            "/p/next.html?from=form-noreferrer none", "/p/next.html?from=form \(origin)",
        ])
        await webView.close()
        await server.stop()
    }

    /// A worker's requests carry the worker's URL: its `fetch` under its script's `Referrer-Policy` header, else the
    /// document's policy; `importScripts`, `XMLHttpRequest` and module imports under the document's policy (WebKit
    /// loads those through the document); the worker's own script carries the page's URL under the page's policy.
    /// Observed on WebKitGTK 2.50 (module imports under a policy of the document's other than the default: not
    /// checked, they follow importScripts).
    @Test func workersRequestsCarryTheWorkersURL() async throws {
        let worker = """
            var cross = 'http://localhost:' + location.port;
            importScripts('/r.js?t=import');
            Promise.all([fetch('/r?t=fetch'), fetch(cross + '/r?t=fetch&cross'), fetch('/r?t=fetch-origin', { referrerPolicy: 'origin' })])
              .then(function () {
                var x = new XMLHttpRequest(); x.open('GET', cross + '/r?t=xhr&cross', false); x.send();
                postMessage('done');
              });
            """
        let server = try await Self.policyServer([
            "default.html": "<!doctype html><script>new Worker('/p/w.js'); new Worker('/p/m.js', { type: 'module' });</script>",
            "meta.html": "<!doctype html><meta name=referrer content=origin><script>new Worker('/p/w.js?rp=unsafe-url');</script>",
            "w.js": worker,
            "m.js": "import '/r.js?t=module-import'; fetch('/r?t=module-fetch');",
        ])
        let (webView, _) = makeWebView()
        try await webView.load(server.url("p/default.html"))
        _ = await webView.runUntilIdle(timeout: .generous)
        let origin = server.baseURL.absoluteString
        let w = server.url("p/w.js").absoluteString, m = server.url("p/m.js").absoluteString
        let page = server.url("p/default.html").absoluteString
        #expect(tagged(server).sorted() == [
            "fetch cross \(origin)", "fetch same \(w)", "fetch-origin same \(origin)", "import same \(w)",
            "module-fetch same \(m)", "module-import same \(m)", "xhr cross \(origin)",
        ])
        #expect(server.requests.filter { $0.path.hasPrefix("/p/") && $0.path.hasSuffix(".js") }.map { "\($0.path) \($0.headers["referer"] ?? "none")" }.sorted()
                == ["/p/m.js \(page)", "/p/w.js \(page)"])
        let before = tagged(server).count
        try await webView.load(server.url("p/meta.html"))
        _ = await webView.runUntilIdle(timeout: .generous)
        let unsafe = server.url("p/w.js?rp=unsafe-url").absoluteString
        #expect(tagged(server).dropFirst(before).sorted() == [
            "fetch cross \(unsafe)", "fetch same \(unsafe)", "fetch-origin same \(origin)", "import same \(origin)",
            "xhr cross \(origin)",
        ])
        #expect(server.requests.first { $0.query == "rp=unsafe-url" }?.headers["referer"] == origin)
        await webView.close()
        await server.stop()
    }
}
