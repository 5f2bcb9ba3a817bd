import Foundation
import JavaScript
import Testing
@testable import WebView

/// Workers on their page's virtual clock: the worker's `Date.now()` starts at the page's, its timers fire when the
/// page's clock reaches them (`advance(by:)`, `runUntilIdle()`), and its intervals do not keep the page busy.
@Suite struct WorkerClockTests {
    @Test func aWorkersTimersFollowThePagesVirtualClock() async throws {
        let fixture = try PageFixture([
            "index.html": "<body></body>",
            "worker.js": """
                var start = Date.now(), log = [], ticks = 0;
                setTimeout(function () { log.push(['t100', Date.now() - start]); }, 100);
                setTimeout(function () { log.push(['t5000', Date.now() - start, ticks]); postMessage(log); }, 5000);
                setInterval(function () { ticks++; }, 1000);
                onmessage = function () { postMessage(['now', Date.now() - start, log.length]); };
                postMessage(['ready', start]);
                """,
        ])
        let runtime = JavaScriptRuntime(configuration: .init(clock: .virtual()))
        let webView = HeadlessWebView(runtime: runtime)
        try await webView.load(fixture.url("index.html"))
        let ready = try await runAsync(webView, """
            window.got = [];
            var made = Date.now(), worker = window.worker = new Worker('worker.js');
            worker.onmessage = function (e) { got.push(e.data); };
            var first = await new Promise(function (resolve) { worker.addEventListener('message', resolve, { once: true }); });
            return [first.data[0], first.data[1] === made];
            """)
        #expect(ready == ["ready", true])
        await runtime.advance(by: .milliseconds(50))
        func ask() async throws -> JSONValue {
            try await runAsync(webView, """
                worker.postMessage('now');
                return await new Promise(function (resolve) { worker.addEventListener('message', function (e) { resolve(e.data); }, { once: true }); });
                """)
        }
        #expect(try await ask() == ["now", 50, 0])
        await runtime.advance(by: .milliseconds(100))
        #expect(try await ask() == ["now", 150, 1])
        #expect(await runtime.runUntilIdle() == .idle)
        #expect(try await webView.evaluateJavaScript("got[got.length - 1]") == [["t100", 100], ["t5000", 5000, 4]])
        #expect(try await webView.evaluateJavaScript("performance.now() >= 5000") == true)
        await webView.close()
    }
}
