import Foundation
import JavaScript
import Testing
import TestSupport
@testable import WebView

/// `WebPagePool`: prepared pages are filled in idle time, handed out once each, closed with the pool, and a page
/// loaded from one is the same, to the page and to the web view's events, as an unpooled page.
@Suite struct WebPagePoolTests {
    /// A page that records what it observes while it loads and after: location, document, navigator, storage,
    /// cookies, the window's own properties in order, timers and events in order.
    static let observerPage = """
        <!DOCTYPE html><html><head><title>observed</title>
        <script>
        var seen = [];
        function note(what) { seen.push(what + ':' + document.readyState); }
        note('head');
        document.addEventListener('DOMContentLoaded', function () { note('DOMContentLoaded'); });
        window.addEventListener('load', function () { note('load'); setTimeout(function () { note('timeout'); }, 0); });
        Promise.resolve().then(function () { note('microtask'); });
        setTimeout(function () { note('timer'); }, 0);
        requestAnimationFrame(function () { note('frame'); });
        document.cookie = 'visit=1';
        localStorage.setItem('k', 'v');
        console.log('from the page', location.href);
        window.pageGlobal = 1;
        </script></head>
        <body><p id="p">text</p><script>note('body'); webkit.messageHandlers.log.postMessage(document.title);</script></body></html>
        """

    static let snapshotScript = """
        (function () {
          function v(f) { try { return f(); } catch (e) { return 'throws ' + e.name + ': ' + e.message; } }
          var props = {
            href: 'location.href', origin: 'location.origin', url: 'document.URL', documentURI: 'document.documentURI',
            referrer: 'document.referrer', baseURI: 'document.baseURI', title: 'document.title',
            readyState: 'document.readyState', cookie: 'document.cookie', storage: "localStorage.getItem('k')",
            sessionLength: 'sessionStorage.length', historyLength: 'history.length', historyState: 'history.state',
            userAgent: 'navigator.userAgent', platform: 'navigator.platform', language: 'navigator.language',
            innerWidth: 'innerWidth', devicePixelRatio: 'devicePixelRatio', secure: 'isSecureContext',
            navigationType: 'performance.navigation.type', keys: 'Object.keys(window)',
            names: 'Object.getOwnPropertyNames(window)', html: 'document.documentElement.outerHTML'
          };
          var out = { seen: seen };
          Object.keys(props).forEach(function (k) { out[k] = v(function () { return (0, eval)(props[k]); }); });
          out.typeofs = ['fetch', 'XMLHttpRequest', 'URL', 'TextEncoder', 'crypto', 'Worker', 'customElements',
                         'MutationObserver', 'Range', 'DOMParser']
            .map(function (n) { return n + ':' + typeof window[n] + ':' + (n in window) + ':' +
                 JSON.stringify(Object.getOwnPropertyDescriptor(window, n), function (k, x) { return typeof x === 'function' ? 'fn' : x; }); });
          return JSON.stringify(out);
        })()
        """

    /// Loads the observer page into `webView` at `base`, runs it until idle, and returns what it saw and the
    /// web view's events (without page ids, which differ between web views only in number).
    static func observe(_ webView: HeadlessWebView, base: URL) async throws -> (snapshot: String, events: [String]) {
        let log = EventLog(webView)
        webView.userContentController.add(name: "log") { _ in }
        try await webView.loadHTMLString(observerPage, baseURL: base)
        _ = await webView.runUntilIdle(timeout: .generous)
        let snapshot = try await webView.evaluateJavaScript(snapshotScript)
        guard case .string(let text) = snapshot else { Issue.record("no snapshot: \(snapshot)"); return ("", []) }
        return (text, log.all.map { "\($0.kind)" })
    }

    /// Runtimes on a virtual clock: timers and animation frames fire in an order that does not depend on the
    /// machine's speed, so two loads can be compared event by event.
    static func virtualRuntime() -> JavaScriptRuntime { JavaScriptRuntime(configuration: .init(clock: .virtual())) }

    @Test func aPooledPageSeesWhatAnUnpooledPageSees() async throws {
        for base in [URL(string: "https://shop.example/checkout/index.html?id=1#top")!, URL(fileURLWithPath: "/tmp/page.html")] {
            let unpooled = try await Self.observe(HeadlessWebView(runtime: Self.virtualRuntime()), base: base)
            let runtime = Self.virtualRuntime()
            let pool = WebPagePool(runtime: runtime, capacity: 1)
            try await pool.prepare()
            let webView = try await pool.makeWebView()
            #expect(await webView.withCore { $0.preparedPage != nil }, "the web view holds a prepared page")
            let pooled = try await Self.observe(webView, base: base)
            #expect(pooled.snapshot == unpooled.snapshot)
            #expect(pooled.events == unpooled.events)
            #expect(pooled.snapshot.contains("\"seen\":[\"head:loading\",\"microtask:loading\",\"body:loading\""), "\(pooled.snapshot)")
            #expect(pooled.events.contains { $0.contains("from the page") })
            await webView.close()
            await pool.close()
        }
    }

    @Test func aPageInstalledAheadForItsURLSeesWhatAnUnpooledPageSees() async throws {
        for base in [URL(string: "https://shop.example/checkout/index.html?id=1#top")!, URL(fileURLWithPath: "/tmp/page.html")] {
            let unpooled = try await Self.observe(HeadlessWebView(runtime: Self.virtualRuntime()), base: base)
            let runtime = Self.virtualRuntime()
            let pool = WebPagePool(runtime: runtime, capacity: 2, url: base)
            try await pool.prepare()
            let webView = try await pool.makeWebView()
            #expect(await webView.withCore { $0.preparedDocument?.url } == base, "the web view's first document is installed")
            let pooled = try await Self.observe(webView, base: base)
            #expect(await webView.withCore { $0.preparedDocument == nil })
            #expect(pooled.snapshot == unpooled.snapshot)
            #expect(pooled.events == unpooled.events)
            #expect(pooled.snapshot.contains("\"seen\":[\"head:loading\",\"microtask:loading\",\"body:loading\""), "\(pooled.snapshot)")
            // The same web view's next load is an ordinary one.
            let again = try await Self.observe(webView, base: base)
            #expect(try await webView.withDocument { $0.context.name } == "page 2")
            #expect(again.snapshot.contains("\"href\":\"\(base.absoluteString)\""), "\(again.snapshot)")
            // A second web view of the pool is another page: nothing of the first one's is in it.
            let second = try await pool.makeWebView()
            let other = try await Self.observe(second, base: base)
            #expect(other.snapshot == pooled.snapshot)
            await second.close()
            await webView.close()
            await pool.close()
        }
    }

    @Test func aPageInstalledAheadForAnotherURLOrDeviceStartsFromNothing() async throws {
        let expected = URL(string: "https://a.example/app")!
        let base = URL(string: "https://b.example/other/page.html")!
        let unpooled = try await Self.observe(HeadlessWebView(runtime: Self.virtualRuntime()), base: base)
        let pool = WebPagePool(runtime: Self.virtualRuntime(), capacity: 2, url: expected)
        try await pool.prepare()
        let webView = try await pool.makeWebView()
        let pooled = try await Self.observe(webView, base: base)
        #expect(pooled.snapshot == unpooled.snapshot)
        #expect(pooled.events == unpooled.events)
        #expect(try await webView.withDocument { $0.url } == base)
        // A device set before the first load: the document installed with the old one is not used.
        let device = try await pool.makeWebView()
        await device.setDevice(.iPad)
        try await device.loadHTMLString("<p id=p>x</p>", baseURL: expected)
        #expect(try await device.evaluateJavaScript("navigator.platform") == .string(DeviceProfile.iPad.platform))
        #expect(try await device.evaluateJavaScript("innerWidth") == .number(Double(DeviceProfile.iPad.viewportWidth)))
        await webView.close()
        await device.close()
        await pool.close()
    }

    @Test func closingAPoolOrAWebViewClosesTheDocumentsInstalledAhead() async throws {
        let runtime = JavaScriptRuntime()
        let url = URL(string: "https://a.example/")!
        let pool = WebPagePool(runtime: runtime, capacity: 2, url: url)
        await pool.untilFilled()
        #expect(await pool.preparedCount == 2)
        let unused = try await pool.makeWebView()
        let context = await unused.withCore { $0.preparedDocument.map { ObjectIdentifier($0.document.context) } }
        #expect(context != nil)
        await unused.close()
        #expect(await unused.withCore { $0.preparedDocument == nil })
        await pool.close()
        #expect(await pool.preparedCount == 0)
        let plain = HeadlessWebView(runtime: runtime)
        try await plain.loadHTMLString("<p id=p>plain</p>", baseURL: url)
        #expect(try await plain.text(of: "#p") == "plain")
        await plain.close()
    }

    @Test func theSameRuntimeServesPooledAndUnpooledPagesAlike() async throws {
        let runtime = Self.virtualRuntime()
        let pool = WebPagePool(runtime: runtime, capacity: 2)
        try await pool.prepare()
        let base = URL(string: "https://a.example/page")!
        let first = try await Self.observe(pool.makeWebView(), base: base)
        let plain = try await Self.observe(HeadlessWebView(runtime: runtime), base: base)
        let second = try await Self.observe(pool.makeWebView(), base: base)
        #expect(first.snapshot == plain.snapshot)
        #expect(second.snapshot == plain.snapshot)
        #expect(first.events == plain.events)
        await pool.close()
    }

    @Test func preparedPagesAreDistinctAndUsedOnce() async throws {
        let runtime = JavaScriptRuntime()
        let pool = WebPagePool(runtime: runtime, capacity: 2)
        try await pool.prepare()
        #expect(await pool.preparedCount == 2)
        let a = try await pool.makeWebView()
        let b = try await pool.makeWebView()
        try await a.loadHTMLString("<script>window.leak = 'a'</script>", baseURL: URL(string: "https://one.example/")!)
        try await b.loadHTMLString("<p>b</p>", baseURL: URL(string: "https://one.example/")!)
        let contextA = try await a.withDocument { ObjectIdentifier($0.context) }
        let contextB = try await b.withDocument { ObjectIdentifier($0.context) }
        #expect(contextA != contextB)
        #expect(try await b.evaluateJavaScript("typeof leak") == .string("undefined"))
        // The web view's next document starts from nothing: the prepared page went to the first one.
        try await a.loadHTMLString("<p>again</p>", baseURL: URL(string: "https://one.example/")!)
        #expect(try await a.evaluateJavaScript("typeof leak") == .string("undefined"))
        #expect(try await a.withDocument { $0.context.name } == "page 2")
        await a.close()
        await b.close()
        await pool.close()
    }

    @Test func thePoolFillsAndRefillsInIdleTime() async throws {
        let runtime = JavaScriptRuntime()
        let pool = WebPagePool(runtime: runtime, capacity: 2)
        await pool.untilFilled()
        #expect(await pool.preparedCount == 2)
        #expect(await pool.preparedTotal == 2)
        let webView = try await pool.makeWebView()
        await pool.untilFilled()
        #expect(await pool.preparedCount == 2)
        #expect(await pool.preparedTotal == 3)
        try await webView.loadHTMLString("<p id=p>hi</p>", baseURL: nil)
        #expect(try await webView.text(of: "#p") == "hi")
        // An empty pool never makes a caller wait: the web view starts from nothing.
        let others = [try await pool.makeWebView(), try await pool.makeWebView(), try await pool.makeWebView()]
        try await others[2].loadHTMLString("<p id=p>fresh</p>", baseURL: nil)
        #expect(try await others[2].text(of: "#p") == "fresh")
        for view in others { await view.close() }
        await webView.close()
        await pool.close()
    }

    @Test func closingThePoolClosesItsPreparedPagesAndRefusesNewWebViews() async throws {
        let runtime = JavaScriptRuntime()
        let pool = WebPagePool(runtime: runtime, capacity: 3)
        try await pool.prepare()
        let handedOut = try await pool.makeWebView()
        let unused = try await pool.makeWebView()
        await pool.close()
        await pool.close()   // idempotent
        #expect(await pool.preparedCount == 0)
        await pool.untilFilled()   // returns at once: closed
        await #expect(throws: WebViewError.closed) { _ = try await pool.makeWebView() }
        await #expect(throws: WebViewError.closed) { try await pool.prepare() }
        // Web views handed out before keep working; one closed before its first load releases its prepared page.
        try await handedOut.loadHTMLString("<p id=p>still</p>", baseURL: nil)
        #expect(try await handedOut.text(of: "#p") == "still")
        await unused.close()
        await #expect(throws: WebViewError.closed) { try await unused.loadHTMLString("<p></p>", baseURL: nil) }
        await handedOut.close()
        // The runtime keeps serving.
        let plain = HeadlessWebView(runtime: runtime)
        try await plain.loadHTMLString("<p id=p>plain</p>", baseURL: nil)
        #expect(try await plain.text(of: "#p") == "plain")
        await plain.close()
    }

    @Test func aRuntimeShutsDownWithPreparedPagesInItsPool() async throws {
        let runtime = JavaScriptRuntime()
        let pool = WebPagePool(runtime: runtime, capacity: 2)
        try await pool.prepare()
        let webView = try await pool.makeWebView()
        await runtime.shutdown()
        // The runtime closed every context, prepared ones included (web views may still take them, as any web view
        // of a shut-down runtime, they load nothing); the pool prepares no more and says why.
        let late = [try await pool.makeWebView(), try await pool.makeWebView()]
        await pool.untilFilled()
        #expect(await pool.preparedCount == 0)
        await #expect(throws: JSException.self) { try await pool.prepare() }
        for view in late { await view.close() }
        await webView.close()
        await pool.close()
        #expect(await pool.preparedCount == 0)
    }
}
