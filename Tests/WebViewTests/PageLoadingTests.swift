import Foundation
import JavaScript
import Testing
import TestSupport
@testable import WebView

@Suite struct PageLoadingTests {
    @Test func windowIsTheGlobalObject() async throws {
        let (webView, _) = makeWebView()
        try await webView.loadHTMLString("<p id='x'>hi</p><script>window.foo = 1; var bar = 2;</script>", baseURL: URL(string: "https://example.test/a/b.html?q=1#h"))
        let value = try await webView.evaluateJavaScript("""
            [window === globalThis, foo, window.bar, document.getElementById('x').textContent, self === window,
             location.href, location.host, location.pathname, location.search, location.hash, typeof addEventListener,
             navigator.userAgent.indexOf('HybridRuntime/' + '\(HybridVersion.string)') >= 0, document.readyState]
            """)
        #expect(value == [true, 1, 2, "hi", true, "https://example.test/a/b.html?q=1#h", "example.test", "/a/b.html", "?q=1", "#h",
                          "function", true, "complete"])
        await webView.close()
    }

    /// An empty query ("b.html?", where a GET form with no fields goes) reads as "" from `location.search`, as the URL
    /// standard says and WebKitGTK 2.50 gives (observed there); the href keeps its "?".
    @Test func anEmptyQueryIsAnEmptySearch() async throws {
        let (webView, _) = makeWebView()
        try await webView.loadHTMLString("<p>hi</p>", baseURL: URL(string: "https://example.test/a/b.html?"))
        #expect(try await webView.evaluateJavaScript("[location.search, location.href]") == ["", "https://example.test/a/b.html?"])
        await webView.close()
    }

    @Test func thePlatformIsInstalledBeforePageScripts() async throws {
        let fixture = try PageFixture(["a/page.html": "<script>localStorage.setItem('k', 'v'); var early = [typeof fetch, typeof XMLHttpRequest, typeof URL, btoa('hi')];</script>",
                                       "a/data.json": "{\"answer\": 42}"])
        let (webView, _) = makeWebView()
        try await webView.load(fixture.url("a/page.html"))
        #expect(try await webView.evaluateJavaScript("early") == ["function", "function", "function", "aGk="])
        #expect(try await webView.callAsyncJavaScript("fetch('data.json').then(r => r.json()).then(j => j.answer)") == 42)
        try await webView.reload()
        #expect(try await webView.evaluateJavaScript("localStorage.getItem('k')") == "v")
        await webView.close()
    }

    @Test func aMissingFileFailsTheLoad() async throws {
        let (webView, log) = makeWebView()
        await #expect(throws: WebViewError.self) {
            try await webView.load(URL(fileURLWithPath: "/nonexistent/page.html"))
        }
        #expect(log.exceptions.count == 1)
        #expect(await !webView.isLoading)
        await webView.close()
    }

    @Test func locationAssignmentLinksAndFormsAreNavigationRequests() async throws {
        let fixture = try PageFixture([
            "index.html": """
                <a id="link" href="next.html">next</a>
                <form id="f" action="search.html"><input name="q" value="a b"><button id="go">Go</button></form>
                <a id="hash" href="#top">top</a>
                """,
            "next.html": "<title>Next</title>",
        ])
        let (webView, log) = makeWebView()
        // A fragment link is a navigation request too (as in WebKit); the delegate lets it and the link to next.html go.
        let delegate = RecordingNavigationDelegate { action in
            (action.url?.lastPathComponent == "next.html" || action.url?.fragment == "top") && action.type == .linkActivated ? .allow : .cancel
        }
        await webView.setNavigationDelegate(delegate)
        try await webView.load(fixture.url("index.html"))
        _ = try await webView.evaluateJavaScript("location.href = 'elsewhere.html'; 0")
        try await webView.click("#go")
        try await webView.click("#hash")
        #expect(try await webView.evaluateJavaScript("location.hash") == "#top")
        try await webView.click("#link")
        _ = await webView.runUntilIdle(timeout: .generous)
        #expect(delegate.requests.map(\.type) == [.location, .formSubmitted, .linkActivated, .linkActivated])
        #expect(delegate.requests[2].url?.fragment == "top")
        #expect(delegate.requests[1].url?.query == "q=a+b")
        #expect(await webView.title == "Next")
        #expect(log.milestones.filter { $0 == .load }.count == 2)
        await webView.close()
    }

    @Test func historyAnimationFramesAndVisibility() async throws {
        let (webView, _) = makeWebView()
        try await webView.loadHTMLString("""
            <script>
            var log = [];
            history.pushState({step: 1}, '', '/next?x=1');
            log.push(location.pathname + location.search, history.state.step, history.length);
            history.replaceState(null, '', '#h');
            log.push(location.href);
            try { history.pushState(null, '', 'https://other.test/'); } catch (e) { log.push('refused'); }
            var frames = 0;
            requestAnimationFrame(function frame(t) { frames++; if (frames < 3) requestAnimationFrame(frame); });
            document.addEventListener('visibilitychange', function () { log.push('visibility:' + document.visibilityState); });
            </script>
            """, baseURL: URL(string: "https://app.test/start"))
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        await webView.setVisible(false)
        await webView.setVisible(true)
        #expect(try await webView.evaluateJavaScript("log") == ["/next?x=1", 1, 2, "https://app.test/next?x=1#h", "refused",
                                                               "visibility:hidden", "visibility:visible"])
        #expect(await webView.url == URL(string: "https://app.test/next?x=1#h"))
        // Pending animation frames keep a page busy, so the chain has run; the wait for its third frame
        // returns at once, and one frame more checks it stopped at three.
        _ = try await webView.callAsyncJavaScript("""
            new Promise(function (r) { (function check() { if (frames >= 3) r(0); else requestAnimationFrame(check); })(); })
            """)
        _ = try await webView.callAsyncJavaScript("new Promise(function (r) { requestAnimationFrame(function () { r(0); }); })")
        #expect(try await webView.evaluateJavaScript("frames") == 3)
        await webView.close()
    }
}
