import Foundation
import JavaScript
import Testing
@testable import WebView

/// The performance timeline: User Timing marks and measures, `PerformanceObserver`, the navigation entry and the
/// legacy `performance.timing`, on the runtime's clock.
@Suite struct PerformanceTimelineTests {
    private func withPage(_ html: String, _ body: (HeadlessWebView) async throws -> Void) async throws {
        let webView = HeadlessWebView(runtime: JavaScriptRuntime())
        try await webView.loadHTMLString(html, baseURL: URL(string: "https://app.example/")!)
        _ = await webView.runUntilIdle()
        try await body(webView)
        await webView.close()
    }

    @Test func marksAndMeasuresAreTimedAndListed() async throws {
        try await withPage("<p>timeline</p>") { webView in
            let result = try await webView.evaluateJavaScript("""
                const a = performance.mark('a', { detail: { step: 1 } });
                const b = performance.mark('b', { startTime: a.startTime + 40 });
                const m1 = performance.measure('a to b', 'a', 'b');
                const m2 = performance.measure('from options', { start: 'a', duration: 15, detail: 'x' });
                const m3 = performance.measure('to now');
                const m4 = performance.measure('start and end numbers', { start: 10, end: 25 });
                performance.mark('a', { startTime: a.startTime + 100 });   // a later mark of the same name wins
                const m5 = performance.measure('latest a', 'a');
                [a instanceof PerformanceMark, a instanceof PerformanceEntry, a.entryType, a.detail.step, a.duration,
                 // (times are real-clock doubles: a.startTime + 40 - a.startTime may be 39.99999999999977)
                 Math.round(m1.duration * 1e6) / 1e6, m1.startTime === a.startTime, m1 instanceof PerformanceMeasure,
                 Math.round(m2.duration * 1e6) / 1e6, m2.detail,
                 m3.startTime, m4.startTime, m4.duration, m5.startTime === a.startTime + 100,
                 performance.getEntriesByType('mark').length, performance.getEntriesByName('a').length,
                 // sorted by start time (the spec's order), equal times in the order made
                 performance.getEntriesByName('a', 'measure').length, performance.getEntriesByType('measure').map(e => e.name),
                 JSON.stringify(b.toJSON()) === JSON.stringify({ name: 'b', entryType: 'mark', startTime: b.startTime, duration: 0, detail: null }),
                 Object.prototype.toString.call(m1)]
                """)
            #expect(result == [true, true, "mark", 1, 0, 40, true, true, 15, "x", 0, 10, 15, true, 3, 2, 0,
                               ["to now", "start and end numbers", "a to b", "from options", "latest a"], true,
                               "[object PerformanceMeasure]"])
            let cleared = try await webView.evaluateJavaScript("""
                performance.clearMarks('a');
                const left = performance.getEntriesByType('mark').map(e => e.name);
                performance.clearMeasures();
                [left, performance.getEntriesByType('measure').length, performance.getEntries().map(e => e.entryType)]
                """)
            #expect(cleared == [["b"], 0, ["navigation", "mark"]])
        }
    }

    @Test func measureAndMarkRefuseBadArguments() async throws {
        try await withPage("<p>errors</p>") { webView in
            let result = try await webView.evaluateJavaScript("""
                const name = f => { try { f(); return 'none'; } catch (e) { return e.name; } };
                [name(() => performance.measure('m', 'no such mark')),
                 name(() => performance.measure('m', { start: 1, end: 2, duration: 1 })),
                 name(() => performance.measure('m', { detail: 1 })),
                 name(() => performance.measure('m', { start: 0 }, 'x')),
                 name(() => performance.mark('navigationStart')),
                 name(() => performance.mark('neg', { startTime: -1 })),
                 name(() => performance.mark()),
                 name(() => new PerformanceObserver()),
                 name(() => new PerformanceObserver(() => {}).observe({})),
                 name(() => new PerformanceObserver(() => {}).observe({ type: 'mark', entryTypes: ['mark'] })),
                 name(() => new PerformanceEntry()),
                 name(() => performance.measure('ok', 'navigationStart'))]
                """)
            #expect(result == ["SyntaxError", "TypeError", "TypeError", "TypeError", "SyntaxError", "TypeError", "TypeError",
                               "TypeError", "TypeError", "TypeError", "TypeError", "none"])
        }
    }

    /// WebKit's words and names (observed on WebKitGTK 2.50 with `hybrid conform`), in a page and in a worker.
    @Test func theTimelinesErrorsAndNamesAreWebKits() async throws {
        try await withPage("<p>words</p>") { webView in
            let result = try await webView.evaluateJavaScript("""
                const message = f => { try { f(); return 'none'; } catch (e) { return e.name + ': ' + e.message; } };
                [message(() => performance.measure('bad', 'nosuch')), message(() => performance.measure('bad', { start: 'other' })),
                 message(() => performance.mark('navigationStart')), Object.prototype.toString.call(performance),
                 typeof Performance, message(() => new Performance())]
                """)
            #expect(result == ["SyntaxError: No mark named 'nosuch' exists", "SyntaxError: No mark named 'other' exists",
                               "SyntaxError: The string did not match the expected pattern.", "[object Performance]",
                               "function", "TypeError: Illegal constructor"])
        }
    }

    @Test func observersGetEntriesInATaskAndBufferedOnesOnRequest() async throws {
        try await withPage("<p>observers</p>") { webView in
            let result = try await webView.callAsyncJavaScript("""
                performance.mark('before');
                new Promise(resolve => {
                  const calls = [];
                  const o = new PerformanceObserver((list, observer) => {
                    calls.push(list.getEntries().map(e => e.entryType + ':' + e.name));
                    if (calls.length === 1) { performance.measure('m', 'before'); return; }
                    observer.disconnect();
                    performance.mark('after disconnect');
                    setTimeout(() => resolve([calls, synchronous, buffered, PerformanceObserver.supportedEntryTypes]), 10);
                  });
                  o.observe({ entryTypes: ['mark', 'measure', 'no-such-type'] });
                  performance.mark('one'); performance.mark('two');
                  const synchronous = calls.length;
                  let buffered = null;
                  new PerformanceObserver(list => { buffered = buffered || list.getEntriesByType('mark').map(e => e.name); })
                    .observe({ type: 'mark', buffered: true });
                })
                """)
            #expect(result == [[["mark:one", "mark:two"], ["measure:m"]], 0, ["before", "one", "two"], ["mark", "measure", "navigation", "resource"]])
        }
    }

    @Test func theNavigationEntryAndLegacyTimingFollowTheLoad() async throws {
        try await withPage("<script>window.atDCL = null; addEventListener('DOMContentLoaded', () => { atDCL = performance.timing.domContentLoadedEventStart > 0; });</script>") { webView in
            let result = try await webView.evaluateJavaScript("""
                const nav = performance.getEntriesByType('navigation')[0];
                [nav instanceof PerformanceNavigationTiming, nav.name, nav.type, nav.startTime, nav.initiatorType,
                 nav.domContentLoadedEventStart <= nav.loadEventStart, nav.loadEventEnd >= nav.loadEventStart,
                 nav.duration === nav.loadEventEnd, performance.navigation.type, performance.navigation.TYPE_RELOAD,
                 performance.timing.navigationStart === Math.round(performance.timeOrigin),
                 performance.timing.loadEventStart >= performance.timing.navigationStart, atDCL,
                 typeof performance.toJSON().timeOrigin]
                """)
            #expect(result == [true, "https://app.example/", "navigate", 0, "navigation", true, true, true, 0, 1, true, true, true, "number"])
            try await webView.reload()
            _ = await webView.runUntilIdle()
            #expect(try await webView.evaluateJavaScript("[performance.navigation.type, performance.getEntriesByType('navigation')[0].type]") == [1, "reload"])
        }
    }

    @Test func aPageThatNeverUsesTheTimelineDoesNotBuildIt() async throws {
        try await withPage("<p>idle</p>") { webView in
            let lazy = try await webView.evaluateJavaScript("""
                [typeof Object.getOwnPropertyDescriptor(window, 'PerformanceObserver').get, typeof performance.now()]
                """)
            #expect(lazy == ["function", "number"])
        }
    }
}
