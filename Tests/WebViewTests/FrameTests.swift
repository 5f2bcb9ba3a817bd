import Foundation
import JavaScript
import Synchronization
import Testing
import TestSupport
@testable import WebView

/// iframes: their own windows and documents, the frame tree, load events, removal, `postMessage`.
@Suite struct FrameTests {
    private static func html(_ text: String) -> TestResponse {
        TestResponse(contentType: "text/html; charset=utf-8", body: Array(text.utf8))
    }

    @Test func aSrcdocFrameHasItsOwnWindowDocumentAndGlobals() async throws {
        let (webView, log) = makeWebView()
        try await webView.loadHTMLString("""
            <script>var parentValue = 'p'; var order = []; localStorage.setItem('k', 'shared');
            addEventListener('load', function () { order.push('window load'); });</script>
            <iframe id="f" name="child" onload="order.push('iframe load')" srcdoc="<p id='x'>inner</p><script>var inner = 42;
            var seen = [typeof parentValue, window === parent, parent.parentValue, top === parent, frameElement.id, name,
                        document.getElementById('x').textContent, window === globalThis, localStorage.getItem('k')];</script>"></iframe>
            """, baseURL: URL(string: "https://app.test/index.html"))
        let value = try await webView.evaluateJavaScript("""
            var f = document.getElementById('f'), w = f.contentWindow;
            [w.inner, w.seen, f.contentDocument.getElementById('x').textContent, w.document === f.contentDocument,
             typeof inner, frames.length, length, window[0] === w, frames[0] === w, w.parent === window, w.top === window,
             w.frameElement === f, frameElement, parent === window, order, f.contentDocument.readyState, w.closed]
            """)
        #expect(value == [42, ["undefined", false, "p", true, "f", "child", "inner", true, "shared"], "inner", true,
                          "undefined", 1, 1, true, true, true, true, true, .null, true, ["iframe load", "window load"], "complete", false])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func aSrcFrameLoadsFromTheServerAndFiresLoadAfterItsDocument() async throws {
        let server = try await LoopbackServer { request in
            switch request.path {
            case "/index.html":
                return Self.html("""
                    <script>var loads = [];</script>
                    <iframe id="f" src="child.html" onload="loads.push(this.contentDocument.title + ':' + this.contentWindow.ready)"></iframe>
                    """)
            case "/child.html":
                return Self.html("<title>Child</title><script>var ready = document.readyState; var path = location.pathname;</script>")
            case "/second.html": return Self.html("<title>Second</title>")
            default: return TestResponse(status: 404, contentType: "text/html", body: Array("<p>nope</p>".utf8))
            }
        }
        let (webView, log) = makeWebView()
        try await webView.load(server.url("/index.html"))
        #expect(try await webView.evaluateJavaScript("var f = document.getElementById('f'); [loads, f.contentWindow.path, f.contentWindow.location.href]")
                == [["Child:loading"], "/child.html", .string(server.url("/child.html").absoluteString)])
        // Changing src navigates the frame: a new document and another load event.
        let second = try await webView.callAsyncJavaScript("""
            new Promise(function (resolve) {
              var before = f.contentWindow;
              f.onload = function () { resolve([f.contentDocument.title, f.contentWindow !== before, before.closed]); };
              f.src = 'second.html';
            })
            """)
        #expect(second == ["Second", true, true])
        // A frame made with createElement and appended loads too; a 404 page still fires load, as in browsers.
        let made = try await webView.callAsyncJavaScript("""
            new Promise(function (resolve) {
              var g = document.createElement('iframe');
              g.onload = function () { resolve([g.contentDocument.body.textContent, frames.length, window[1] === g.contentWindow]); };
              g.src = '/missing.html';
              document.body.appendChild(g);
            })
            """)
        #expect(made == ["nope", 2, true])
        #expect(log.exceptions.isEmpty)
        await webView.close()
        await server.stop()
    }

    @Test func settingAFramesSrcToTheSameURLNavigatesItAgainEachTime() async throws {
        // As in Chromium: each assignment of src (the property or setAttribute) navigates, the same URL too; a bridge
        // signal iframe (`yy://...`) relies on it. Setting an unrelated attribute, or removing src, does not.
        let (webView, log) = makeWebView()
        let requests = Requests()
        await webView.addNavigationInterceptor { action in
            guard action.rawURL.hasPrefix("yy://") else { return false }
            requests.urls.withLock { $0.append(action.rawURL) }
            return true
        }
        try await webView.loadHTMLString("<body></body>", baseURL: URL(string: "https://app.test/"))
        let value = try await webView.callAsyncJavaScript("""
            new Promise(function (resolve) {
              var f = document.createElement('iframe'), windows = [], loads = 0;
              f.onload = function () {
                windows.push(f.contentWindow);
                if (++loads === 1) { f.src = 'about:blank'; }
                else if (loads === 2) { f.setAttribute('src', 'about:blank'); }
                else if (loads === 3) {
                  f.setAttribute('title', 't'); f.setAttribute('title', 't');
                  setTimeout(function () { resolve([loads, windows[0] !== windows[1], windows[1] !== windows[2]]); }, 0);
                }
              };
              f.src = 'about:blank';
              document.body.appendChild(f);
              var signal = document.createElement('iframe');
              document.body.appendChild(signal);
              signal.src = 'yy://__QUEUE_MESSAGE__/';
              signal.src = 'yy://__QUEUE_MESSAGE__/';
              signal.setAttribute('src', 'yy://__QUEUE_MESSAGE__/');
              signal.setAttributeNS(null, 'src', 'yy://__QUEUE_MESSAGE__/');
            })
            """)
        #expect(value == [3, true, true])
        #expect(requests.urls.withLock { $0 } == Array(repeating: "yy://__QUEUE_MESSAGE__/", count: 4))
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func aFrameWithoutSrcGetsAnAboutBlankDocumentAndALoadEventAsATask() async throws {
        let (webView, _) = makeWebView()
        try await webView.loadHTMLString("<body></body>", baseURL: URL(string: "https://app.test/"))
        let value = try await webView.callAsyncJavaScript("""
            new Promise(function (resolve) {
              var f = document.createElement('iframe'), events = [];
              var detached = f.contentWindow;
              f.onload = function () { events.push('load'); resolve([detached, events, f.contentWindow.location.href,
                                                                      f.contentDocument.body !== null, f.contentWindow.parent === window]); };
              document.body.appendChild(f);
              events.push('appended');
              f.contentDocument.body.innerHTML = '<b>written</b>';
            })
            """)
        #expect(value == [.null, ["appended", "load"], "about:blank", true, true])
        await webView.close()
    }

    @Test func postMessageCarriesOriginAndSourceAndChecksTheTargetOrigin() async throws {
        let (webView, log) = makeWebView()
        try await webView.loadHTMLString("""
            <script>var got = [];
            addEventListener('message', function (e) {
              got.push([e.data, e.origin, e.source === document.getElementById('f').contentWindow, e.isTrusted]);
            });</script>
            <iframe id="f" srcdoc="<script>addEventListener('message', function (e) {
              parent.postMessage({ echo: e.data, origin: e.origin, fromParent: e.source === parent }, '*');
            });</script>"></iframe>
            """, baseURL: URL(string: "https://app.test/index.html"))
        let sync = try await webView.evaluateJavaScript("""
            var w = document.getElementById('f').contentWindow, data = { n: 1, list: [1, 2] };
            w.postMessage(data, '*');
            data.n = 2;                                       // cloned when posted
            w.postMessage('dropped', 'https://other.test');   // mismatched target origin: dropped silently
            w.postMessage('exact', 'https://app.test/any/path');
            w.postMessage('slash', '/');
            var errors = [];
            try { w.postMessage(function () {}, '*'); } catch (e) { errors.push(e.name); }
            try { w.postMessage('x', 'not a url'); } catch (e) { errors.push(e.name); }
            [got.length, errors]
            """)
        #expect(sync == [0, ["DataCloneError", "SyntaxError"]])
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        let got = try await webView.evaluateJavaScript("got")
        #expect(got == [
            [["echo": ["n": 1, "list": [1, 2]], "origin": "https://app.test", "fromParent": true],
             "https://app.test", true, true],
            [["echo": "exact", "origin": "https://app.test", "fromParent": true], "https://app.test", true, true],
            [["echo": "slash", "origin": "https://app.test", "fromParent": true], "https://app.test", true, true],
        ])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func nestedFramesSeeTheirTopAndAWindowCanPostToItself() async throws {
        let (webView, _) = makeWebView()
        try await webView.loadHTMLString("""
            <script>var marker = 'top';</script>
            <iframe id="f" srcdoc="<body><script>var inner = document.createElement('iframe');
            inner.srcdoc = '<script>var fromTop = [top.marker, parent.parent === top, parent.frameElement.id, top.frames[0].frames[0] === window];</' + 'script>';
            document.body.appendChild(inner);</script>"></iframe>
            """, baseURL: URL(string: "https://app.test/"))
        let value = try await webView.callAsyncJavaScript("""
            new Promise(function (resolve) {
              addEventListener('message', function (e) {
                resolve([frames[0].frames[0].fromTop, frames[0].length, e.data, e.source === window, e.origin]);
              });
              postMessage('to myself', '/');
            })
            """)
        #expect(value == [["top", true, "f", true], 1, "to myself", true, "https://app.test"])
        await webView.close()
    }

    @Test func hidingThePageHidesItsFrames() async throws {
        let (webView, _) = makeWebView()
        try await webView.loadHTMLString("<iframe srcdoc='<p>x</p>'></iframe>", baseURL: URL(string: "https://app.test/"))
        await webView.setVisible(false)
        #expect(try await webView.evaluateJavaScript("[document.visibilityState, frames[0].document.visibilityState]") == ["hidden", "hidden"])
        await webView.setVisible(true)
        #expect(try await webView.evaluateJavaScript("frames[0].document.visibilityState") == "visible")
        await webView.close()
    }

    @Test func aCrossOriginFrameIsReachableOnlyThroughPostMessage() async throws {
        let server = try await LoopbackServer { request in
            Self.html("<script>addEventListener('message', function (e) { e.source.postMessage('pong:' + e.data + ':' + e.origin, e.origin); });</script>")
        }
        let (webView, _) = makeWebView()
        try await webView.loadHTMLString("<iframe id='f' src='\(server.url("/frame.html").absoluteString)'></iframe>",
                                         baseURL: URL(string: "https://app.test/"))
        let value = try await webView.callAsyncJavaScript("""
            new Promise(function (resolve) {
              var f = document.getElementById('f'), w = f.contentWindow, blocked;
              try { w.document; } catch (e) { blocked = e.name; }
              addEventListener('message', function (e) { resolve([e.data, e.origin, e.source === w, f.contentDocument, blocked, w.length]); });
              w.postMessage('ping', '*');
            })
            """)
        #expect(value == ["pong:ping:https://app.test", .string(WebOrigin.of(server.baseURL)), true, .null, "SecurityError", 0])
        await webView.close()
        await server.stop()
    }

    @Test func removingAFrameTearsItDownAndLaterAccessDoesNotCrash() async throws {
        let (webView, log) = makeWebView()
        try await webView.loadHTMLString("""
            <iframe id="f" srcdoc="<script>var tick = 0; setInterval(function () { tick++; parent.ticks = tick; }, 5);</script>"></iframe>
            """, baseURL: URL(string: "https://app.test/"))
        let value = try await webView.evaluateJavaScript("""
            var f = document.getElementById('f'), w = f.contentWindow, d = f.contentDocument;
            f.remove();
            window.afterRemoval = window.ticks || 0;
            [f.contentWindow, f.contentDocument, w.closed, typeof w.document, d.nodeType, frames.length, window[0], length]
            """)
        #expect(value == [.null, .null, true, "object", 9, 0, .null, 0])
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        // The removed frame's timers are gone; posting to it is dropped; putting the element back makes a new frame.
        let later = try await webView.callAsyncJavaScript("""
            new Promise(function (resolve) {
              w.postMessage('to a removed frame', '*');
              f.srcdoc = '<title>again</title>';
              f.onload = function () { resolve([(window.ticks || 0) === afterRemoval, f.contentWindow !== w, f.contentDocument.title]); };
              document.body.appendChild(f);
            })
            """)
        #expect(later == [true, true, "again"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func aFrameWhoseScriptThrowsReportsTheErrorAndStillLoads() async throws {
        let (webView, log) = makeWebView()
        try await webView.loadHTMLString("""
            <script>var frameLoaded = false;</script>
            <iframe onload="frameLoaded = true" srcdoc="<script>window.onerror = function (m) { parent.seen = m; };
            throw new Error('boom in frame');</script><p>after</p>"></iframe>
            """, baseURL: URL(string: "https://app.test/"))
        #expect(try await webView.evaluateJavaScript("[frameLoaded, seen, frames[0].document.body.textContent]")
                == [true, "Error: boom in frame", "after"])
        #expect(log.exceptions.map(\.message) == ["boom in frame"])
        await webView.close()
    }

    @Test func aPageThatFramesItselfStopsAtOneLevelAsInWebKit() async throws {
        let server = try await LoopbackServer { _ in Self.html("<title>self</title><iframe src='self.html'></iframe>") }
        let (webView, _) = makeWebView()
        try await webView.load(server.url("/self.html"))
        #expect(try await webView.evaluateJavaScript("""
            [frames.length, frames[0].document.title, frames[0].frames.length, frames[0].frames[0].location.href]
            """) == [1, "self", 1, "about:blank"])
        await webView.close()
        await server.stop()
    }

    @Test func aFrameThatCopiesItselfStopsAtTheFrameLimitWithAWarning() async throws {
        let (webView, log) = makeWebView()
        try await webView.loadHTMLString("""
            <body><script>var copy = document.createElement('iframe');
            copy.srcdoc = '<body><script>' + document.getElementsByTagName('script')[0].textContent + '</' + 'script></body>';
            document.body.appendChild(copy);</script></body>
            """, baseURL: URL(string: "https://app.test/"))
        let depth = try await webView.evaluateJavaScript("var w = window, d = 0; while (w.frames.length && w.frames[0]) { w = w.frames[0]; d++; } d")
        #expect(depth == .number(Double(WebViewCore.maximumFrames)))
        #expect(log.consoleLines.filter { $0.hasPrefix("frame not loaded: this page already has \(WebViewCore.maximumFrames) frames") }.count == 1)
        await webView.close()
    }

    @Test func navigationRequestsFromAFrameAreNotTheMainFrames() async throws {
        let (webView, _) = makeWebView()
        let delegate = RecordingNavigationDelegate()
        await webView.setNavigationDelegate(delegate)
        try await webView.loadHTMLString("""
            <iframe srcdoc="<script>var s = document.createElement('iframe'); s.src = 'wvjbscheme://__BRIDGE_LOADED__';
            document.documentElement.appendChild(s); location.href = 'https://app.test/elsewhere';</script>"></iframe>
            <iframe src="app://signal"></iframe>
            """, baseURL: URL(string: "https://app.test/"))
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        let requests = delegate.requests.map { [$0.rawURL, "\($0.isMainFrame)", "\($0.sourceIsMainFrame)"] }
        #expect(requests.contains(["app://signal", "false", "true"]))
        #expect(requests.contains(["wvjbscheme://__BRIDGE_LOADED__", "false", "false"]))
        #expect(requests.contains(["https://app.test/elsewhere", "false", "false"]))
        #expect(try await webView.evaluateJavaScript("location.href") == "https://app.test/")
        await webView.close()
    }

    /// A frame's document left for another (its `location`, its `src`) gets the leave events a page gets, never
    /// `persisted` (observed on WebKitGTK 2.50 with `hybrid run --engine webkit` on the same pages).
    @Test func aFrameNavigatingAwayGetsTheLeaveEvents() async throws {
        let server = try await LoopbackServer { request in
            switch request.path {
            case "/top.html":
                Self.html("""
                    <iframe id="f" src="inner.html"></iframe><script>
                    var log = [];
                    function hook() {
                      var w = document.getElementById('f').contentWindow;
                      w.addEventListener('beforeunload', function (e) { log.push('beforeunload ' + e.cancelable); });
                      w.addEventListener('pagehide', function (e) { log.push('pagehide persisted=' + e.persisted + ' ' + w.document.visibilityState); });
                      w.document.addEventListener('visibilitychange', function () { log.push('visibilitychange'); });
                      w.addEventListener('unload', function () { log.push('unload'); });
                    }
                    </script>
                    """)
            default: Self.html("<!doctype html><p>inner</p>")
            }
        }
        let (webView, log) = makeWebView()
        try await webView.load(server.url("top.html"))
        let left = "beforeunload true; pagehide persisted=false visible; visibilitychange; unload"
        try await webView.settle(after: "hook(); document.getElementById('f').contentWindow.location.href = 'two.html'")
        #expect(try await webView.evaluateJavaScript("log.join('; ')") == .string(left))
        try await webView.settle(after: "hook(); document.getElementById('f').src = 'inner.html'")
        #expect(try await webView.evaluateJavaScript("log.join('; ')") == .string(left + "; " + left))
        #expect(try await webView.evaluateJavaScript("document.getElementById('f').contentDocument.body.textContent") == "inner")
        #expect(log.exceptions.isEmpty)
        await webView.close()
        await server.stop()
    }
}

/// The URLs a navigation interceptor saw.
private final class Requests: Sendable {
    let urls = Mutex<[String]>([])
}
