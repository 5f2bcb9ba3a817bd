import Foundation
import JavaScript
import Testing
@testable import WebView

/// `IntersectionObserver`, `ResizeObserver` and `requestIdleCallback` (`geometry/observers.js`) over the box model
/// of <doc:GeometryModel>, on an iPhone SE (375 x 667).
@Suite struct ObserverTests {
    /// `requestIdleCallback` is only on Android's profile (``DeviceProfile/pixel8``): WebKit has none.
    private func open(_ body: String, device: DeviceProfile = .iPhoneSE) async throws -> (HeadlessWebView, EventLog) {
        let webView = HeadlessWebView(runtime: JavaScriptRuntime(), configuration: WebViewConfiguration(device: device))
        let log = EventLog(webView)
        try await webView.loadHTMLString("""
            <!doctype html><html><head><style>body { margin: 0 }</style></head><body>\(body)</body></html>
            """, baseURL: nil)
        return (webView, log)
    }

    /// Runs a script, then the page until it is idle (the observers' evaluation task has run).
    private func settle(_ webView: HeadlessWebView, _ script: String) async throws {
        _ = try await webView.evaluateJavaScript(script)
        _ = await webView.runUntilIdle()
    }

    @Test func intersectionIsReportedFirstAfterObserveThenWhenAThresholdIsCrossed() async throws {
        let (webView, log) = try await open("""
            <div id=t style='height: 100px; margin-top: 800px'></div><div id=u style='height: 10px'></div><div style='height: 2000px'></div>
            <script>
            var io = new IntersectionObserver(function (entries, observer) {
              entries.forEach(function (e) {
                console.log([e.target.id, e.isIntersecting, Math.round(e.intersectionRatio * 100), e.intersectionRect.height,
                             e.boundingClientRect.top, e.rootBounds.height, observer === io, typeof e.time].join(' '));
              });
            }, { threshold: [0, 0.5, 1] });
            io.observe(document.getElementById('t'));
            io.observe(document.getElementById('u'));
            </script>
            """)
        _ = await webView.runUntilIdle()
        #expect(log.consoleLines == ["t false 0 0 800 667 true number", "u false 0 0 900 667 true number"])
        try await settle(webView, "io.unobserve(document.getElementById('u')); scrollTo(0, 200)")
        #expect(log.consoleLines.dropFirst(2) == ["t true 67 67 600 667 true number"])
        try await settle(webView, "scrollTo(0, 210)")  // 77%: no threshold crossed, no entry
        try await settle(webView, "scrollTo(0, 400)")
        #expect(log.consoleLines.dropFirst(3) == ["t true 100 100 400 667 true number"])
        try await settle(webView, "io.disconnect(); scrollTo(0, 0)")
        #expect(log.consoleLines.count == 4)
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func anElementRootWithARootMarginAndDisplayNone() async throws {
        let (webView, log) = try await open("""
            <div id=root style='height: 100px; overflow: auto'><div style='height: 150px'></div><div id=t style='height: 20px'></div></div>
            <div id=other style='height: 20px'></div>
            <script>
            var io = new IntersectionObserver(function (entries) {
              entries.forEach(function (e) { console.log(e.target.id + ' ' + e.isIntersecting + ' ' + e.rootBounds.height); });
            }, { root: document.getElementById('root'), rootMargin: '60px 0px' });
            io.observe(document.getElementById('t'));
            io.observe(document.getElementById('other'));   // not a descendant of the root
            </script>
            """)
        _ = await webView.runUntilIdle()
        // The root's 100px grown by 60px above and below reaches the target at 150..170.
        #expect(Set(log.consoleLines) == ["t true 220", "other false 220"])
        try await settle(webView, "document.getElementById('t').style.display = 'none'")
        #expect(log.consoleLines.dropFirst(2) == ["t false 220"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func badOptionsThrowAsBrowsersDo() async throws {
        let (webView, _) = try await open("", device: .pixel8)
        #expect(try await webView.evaluateJavaScript("""
            function name(f) { try { f(); return 'no error'; } catch (e) { return e.name; } }
            function cb() {}
            [name(function () { new IntersectionObserver(cb, { rootMargin: '10em' }); }),
             name(function () { new IntersectionObserver(cb, { rootMargin: '1px 2px 3px 4px 5px' }); }),
             name(function () { new IntersectionObserver(cb, { threshold: 1.5 }); }),
             name(function () { new IntersectionObserver(cb, { threshold: [0, -0.1] }); }),
             name(function () { new IntersectionObserver(cb, { threshold: NaN }); }),
             name(function () { new IntersectionObserver(cb, { root: {} }); }),
             name(function () { new IntersectionObserver(null); }),
             name(function () { new IntersectionObserver(cb).observe(document); }),
             name(function () { new ResizeObserver(cb).observe(document.body, { box: 'padding-box' }); }),
             name(function () { new ResizeObserver(); }),
             name(function () { requestIdleCallback(1); }),
             new IntersectionObserver(cb, { rootMargin: '1px 2%' }).rootMargin,
             new IntersectionObserver(cb, { threshold: [1, 0.25] }).thresholds.join()]
            """) == ["SyntaxError", "SyntaxError", "RangeError", "RangeError", "TypeError", "TypeError", "TypeError",
                     "TypeError", "TypeError", "TypeError", "TypeError", "1px 2% 1px 2%", "0.25,1"])
        await webView.close()
    }

    @Test func resizeObserverReportsFirstThenOnlyWhenTheObservedBoxChanges() async throws {
        let (webView, log) = try await open("""
            <div id=t style='width: 50%; padding: 5px; border: 1px solid; height: 20px'></div>
            <script>
            var ro = new ResizeObserver(function (entries) {
              entries.forEach(function (e) {
                console.log([e.target.id, e.contentRect.x, e.contentRect.width, e.contentRect.height,
                             e.borderBoxSize[0].inlineSize, e.contentBoxSize[0].blockSize, e.devicePixelContentBoxSize[0].inlineSize].join(' '));
              });
            });
            ro.observe(document.getElementById('t'));
            </script>
            """)
        _ = await webView.runUntilIdle()
        #expect(log.consoleLines == ["t 5 187.5 20 199.5 20 375"])
        try await settle(webView, "document.getElementById('t').style.color = 'red'")  // no size change
        try await settle(webView, "document.getElementById('t').style.height = '30px'")
        #expect(log.consoleLines.dropFirst() == ["t 5 187.5 30 199.5 30 375"])
        try await settle(webView, "document.getElementById('t').style.display = 'none'")
        #expect(log.consoleLines.dropFirst(2) == ["t 0 0 0 0 0 0"])
        try await settle(webView, "ro.disconnect(); document.getElementById('t').style.display = ''")
        #expect(log.consoleLines.count == 3)
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    /// The timeout is far beyond any loaded machine's delay (100 ms ran out first in a loaded suite run): the idle
    /// period comes first and `didTimeout` is false. `GeometryTests` covers a timeout that runs out.
    @Test func idleCallbacksGetADeadlineAndCanBeCancelled() async throws {
        let (webView, log) = try await open("""
            <script>
            var a = requestIdleCallback(function (d) { var left = d.timeRemaining(); console.log('idle ' + (left >= 0 && left <= 50) + ' ' + d.didTimeout + ' ' + (d instanceof IdleDeadline)); }, { timeout: 600000 });
            var b = requestIdleCallback(function () { console.log('cancelled ran'); });
            cancelIdleCallback(b);
            cancelIdleCallback(12345);
            </script>
            """, device: .pixel8)
        _ = await webView.runUntilIdle()
        #expect(log.consoleLines == ["idle true false true"])
        #expect(try await webView.evaluateJavaScript("a !== b && typeof a === 'number'") == true)
        await webView.close()
    }
}
