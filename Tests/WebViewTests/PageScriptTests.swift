import Foundation
import Synchronization
import JavaScript
import Testing
import TestSupport
@testable import WebView

@Suite struct PageScriptTests {
    @Test func scriptsRunInDocumentOrderWithDeferAndAsync() async throws {
        let fixture = try PageFixture([
            "index.html": """
                <!DOCTYPE html><html><head>
                <script>var order = ['inline1'];</script>
                <script src="js/a.js"></script>
                <script defer src="js/deferred.js"></script>
                <script async src="js/async.js"></script>
                <script>order.push('inline2');</script>
                <script type="text/template">order.push('template');</script>
                </head><body>
                <script>document.addEventListener('DOMContentLoaded', function () { order.push('DOMContentLoaded'); });
                window.addEventListener('load', function () { order.push('load'); });</script>
                </body></html>
                """,
            "js/a.js": "order.push('src');",
            "js/deferred.js": "order.push('defer:' + document.readyState);",
            "js/async.js": "order.push('async');",
        ])
        let (webView, log) = makeWebView()
        try await webView.load(fixture.url("index.html"))
        let order = try await webView.evaluateJavaScript("order", as: [String].self)
        #expect(Array(order.prefix(3)) == ["inline1", "src", "inline2"])
        #expect(order.contains("async"))
        #expect(!order.contains("template"))
        let deferIndex = try #require(order.firstIndex(of: "defer:interactive"))
        let dclIndex = try #require(order.firstIndex(of: "DOMContentLoaded"))
        #expect(deferIndex < dclIndex)
        #expect(order.last == "load")
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func inlineScriptSeesOnlyTheDocumentParsedSoFar() async throws {
        let (webView, _) = makeWebView()
        try await webView.loadHTMLString("""
            <div id="before"></div>
            <script>var seen = [!!document.getElementById('before'), !!document.getElementById('after')];</script>
            <div id="after"></div>
            """, baseURL: nil)
        #expect(try await webView.evaluateJavaScript("seen.concat([!!document.getElementById('after')])") == [true, false, true])
        await webView.close()
    }

    @Test func missingScriptFiresErrorOnItsElementAndIsReported() async throws {
        let fixture = try PageFixture(["index.html": """
            <script>var events = [];</script>
            <script src="missing.js" onerror="events.push('error')" onload="events.push('load')"></script>
            <script>events.push('after');</script>
            """])
        let (webView, log) = makeWebView()
        try await webView.load(fixture.url("index.html"))
        #expect(try await webView.evaluateJavaScript("events") == ["error", "after"])
        #expect(log.exceptions.contains { $0.message.contains("missing.js") })
        await webView.close()
    }

    @Test func syntaxErrorReportsItsLineInTheDocument() async throws {
        let fixture = try PageFixture(["page.html": "<!DOCTYPE html>\n<html>\n<body>\n<p>x</p>\n<script>\nvar ok = 1;\nvar = broken;\n</script>\n<script>var after = 2;</script>\n</body></html>\n"])
        let (webView, log) = makeWebView()
        let handled = ExceptionBox()
        await webView.setExceptionHandler { handled.add($0) }
        try await webView.load(fixture.url("page.html"))
        let error = try #require(log.exceptions.first)
        #expect(error.name == "SyntaxError")
        #expect(error.line == 7)
        #expect(error.sourceURL == fixture.url("page.html").absoluteString)
        #expect(handled.all.count == 1)
        #expect(try await webView.evaluateJavaScript("after") == 2)
        await webView.close()
    }

    @Test func runtimeErrorInInlineScriptCountsLinesAndColumnsFromTheFileTop() async throws {
        let (webView, log) = makeWebView()
        try await webView.loadHTMLString("<html>\n<body>\n  <script>var a = 1; undefinedFunction();</script>\n</body></html>", baseURL: nil)
        let error = try #require(log.exceptions.first)
        #expect(error.name == "ReferenceError")
        #expect(error.line == 3)
        #expect(error.column == 39)  // JSC points after the callee; the line prefix `  <script>var a = 1; ` counts
        await webView.close()
    }

    @Test func moduleScriptsRunAfterClassicScriptsAndNomoduleIsSkipped() async throws {
        let (webView, log) = makeWebView()
        try await webView.loadHTMLString("""
            <script type='module'>order.push('module');</script><script>var order = ['classic'];</script>
            <script nomodule>order.push('nomodule');</script>
            """, baseURL: nil)
        #expect(log.exceptions.isEmpty)
        #expect(try await webView.evaluateJavaScript("order") == ["classic", "module"])
        await webView.close()
    }

    @Test func readyStateAndLoadEventsAreOrderedAndAsynchronous() async throws {
        let (webView, log) = makeWebView()
        try await webView.loadHTMLString("""
            <script>
            var steps = ['script:' + document.readyState];
            document.onreadystatechange = function () { steps.push('readystatechange:' + document.readyState); };
            document.addEventListener('DOMContentLoaded', function () { steps.push('DOMContentLoaded:' + document.readyState); });
            window.onload = function () { steps.push('onload:' + document.readyState); };
            window.addEventListener('load', function () { steps.push('load listener'); });
            </script>
            """, baseURL: nil)
        #expect(try await webView.evaluateJavaScript("steps") == [
            "script:loading", "readystatechange:interactive", "DOMContentLoaded:interactive",
            "readystatechange:complete", "onload:complete", "load listener",
        ])
        #expect(log.milestones == [.start, .domcontentloaded, .load])
        await webView.close()
    }

    @Test func windowOnErrorAndErrorEventsSeeUncaughtErrors() async throws {
        let (webView, log) = makeWebView()
        try await webView.loadHTMLString("""
            <script>
            var seen = [];
            window.onerror = function (message, source, line) { seen.push('onerror:' + message + ':' + line); return true; };
            window.addEventListener('error', function (e) { seen.push('event:' + e.error.message); });
            window.addEventListener('unhandledrejection', function (e) { seen.push('rejection:' + e.reason); e.preventDefault(); });
            setTimeout(function () { throw new Error('boom'); }, 0);
            Promise.reject('nope');
            </script>
            """, baseURL: nil)
        _ = await webView.runUntilIdle(timeout: .generous)
        let seen = try await webView.evaluateJavaScript("seen", as: [String].self)
        #expect(seen.contains("onerror:Error: boom:6"))
        #expect(seen.contains("event:boom"))
        #expect(seen.contains("rejection:nope"))
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func listenerErrorsAreReportedAndDispatchGoesOn() async throws {
        let (webView, log) = makeWebView()
        try await webView.loadHTMLString("""
            <button id="b">go</button>
            <script>
            var calls = [];
            document.getElementById('b').addEventListener('click', function () { calls.push(1); throw new TypeError('first'); });
            document.getElementById('b').addEventListener('click', function () { calls.push(2); });
            </script>
            """, baseURL: nil)
        try await webView.click("#b")
        #expect(try await webView.evaluateJavaScript("calls") == [1, 2])
        #expect(log.exceptions.map(\.message) == ["first"])
        await webView.close()
    }
}

final class ExceptionBox: Sendable {
    private let store = Mutex<[JSException]>([])
    func add(_ e: JSException) { store.withLock { $0.append(e) } }
    var all: [JSException] { store.withLock { $0 } }
}
