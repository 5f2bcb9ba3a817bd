import Foundation
import JavaScript
import Synchronization
import Testing
import TestSupport
@testable import WebView

final class AnsweringUIDelegate: UIDelegate {
    func runJavaScriptConfirmPanel(message: String, pageURL: URL?) -> Bool { message != "no?" }
    func runJavaScriptTextInputPanel(prompt: String, defaultText: String?, pageURL: URL?) -> String? {
        prompt == "cancel" ? nil : "answer to \(prompt)"
    }
}

@Suite struct PageAPITests {
    @Test func onclickAttributesAndListenersRunThroughClick() async throws {
        let (webView, _) = makeWebView()
        try await webView.loadHTMLString("""
            <button id="a" onclick="window.clicks = (window.clicks || 0) + 1; document.getElementById('out').textContent = 'clicked'">A</button>
            <p id="out"></p><input id="name">
            <script>
            var changes = [];
            document.getElementById('a').addEventListener('click', function (e) { changes.push('listener:' + e.type); });
            document.getElementById('name').addEventListener('input', function (e) { changes.push('input:' + e.target.value); });
            document.getElementById('name').addEventListener('change', function (e) { changes.push('change'); });
            </script>
            """, baseURL: nil)
        try await webView.click("#a")
        try await webView.click("button")
        try await webView.setValue("Ada", for: "#name")
        #expect(try await webView.evaluateJavaScript("clicks") == 2)
        #expect(try await webView.text(of: "#out") == "clicked")
        #expect(try await webView.value(of: "#name") == "Ada")
        #expect(try await webView.evaluateJavaScript("changes") == ["listener:click", "listener:click", "input:Ada", "change"])
        #expect(try await webView.count(of: "button, input") == 2)
        #expect(try await webView.html().contains("<p id=\"out\">clicked</p>"))
        await webView.close()
    }

    @Test func missingSelectorsThrowErrorsNamingThem() async throws {
        let (webView, _) = makeWebView()
        try await webView.loadHTMLString("<p>x</p>", baseURL: nil)
        await #expect(throws: JSException.self) { try await webView.click("#nope") }
        do {
            _ = try await webView.text(of: "#nope")
            Issue.record("expected an error")
        } catch let error as JSException {
            #expect(error.message.contains("#nope"))
        }
        await #expect(throws: JSException.self) { try await webView.count(of: "[[[") }
        #expect(try await webView.count(of: ".none") == 0)
        await webView.close()
    }

    @Test func dialogsUseDefaultsWithoutADelegate() async throws {
        let (webView, log) = makeWebView()
        try await webView.loadHTMLString("<script>var answers = [confirm('sure?'), prompt('name?', 'Bob'), prompt('empty?')]; alert('done');</script>", baseURL: nil)
        #expect(try await webView.evaluateJavaScript("answers") == [true, "Bob", ""])
        #expect(log.dialogs.map(\.0) == [.confirm, .prompt, .prompt, .alert])
        #expect(log.dialogs.map(\.2) == [true, "Bob", "", nil])
        await webView.close()
    }

    @Test func dialogsAskTheUIDelegate() async throws {
        let (webView, _) = makeWebView()
        await webView.setUIDelegate(AnsweringUIDelegate())
        try await webView.loadHTMLString("<script>var answers = [confirm('ok?'), confirm('no?'), prompt('x'), prompt('cancel')];</script>", baseURL: nil)
        #expect(try await webView.evaluateJavaScript("answers") == [true, false, "answer to x", nil])
        await webView.close()
    }

    @Test func postMessageDeliversToTheHandler() async throws {
        let (webView, log) = makeWebView()
        let received = Mutex<[ScriptMessage]>([])
        webView.userContentController.add(name: "jsFunc") { message in received.withLock { $0.append(message) } }
        try await webView.loadHTMLString("""
            <script>
            var result = window.webkit.messageHandlers.jsFunc.postMessage({name: "李四", age: 22});
            var unknown = typeof window.webkit.messageHandlers.other;
            </script>
            """, baseURL: nil)
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        let messages = received.withLock { $0 }
        #expect(messages.count == 1)
        #expect(messages.first?.name == "jsFunc")
        #expect(messages.first?.body == ["name": "李四", "age": 22])
        #expect(try await webView.evaluateJavaScript("[typeof result, unknown]") == ["undefined", "undefined"])
        #expect(log.all.contains { if case .message(let name, _) = $0.kind { name == "jsFunc" } else { false } })
        await webView.close()
    }

    @Test func postMessageWithReplyResolvesOrRejects() async throws {
        let (webView, _) = makeWebView()
        webView.userContentController.addWithReply(name: "math") { message in
            guard let n = message.body["n"]?.doubleValue else { throw PageTestError("n is missing") }
            return .number(n * 2)
        }
        try await webView.loadHTMLString("", baseURL: nil)
        #expect(try await webView.callAsyncJavaScript("webkit.messageHandlers.math.postMessage({n: 21})") == 42)
        await #expect(throws: JSException.self) {
            try await webView.callAsyncJavaScript("webkit.messageHandlers.math.postMessage({})")
        }
        #expect(try await webView.callAsyncJavaScript("webkit.messageHandlers.math.postMessage({}).catch(e => e.message)") == "n is missing")
        await webView.close()
    }

    /// A promise that never settles (a page that broke before answering) fails the caller after the time limit once
    /// the page is idle, naming what was awaited, instead of holding it forever; the page goes on answering.
    @Test func callAsyncJavaScriptFailsWhenThePromiseNeverSettles() async throws {
        let (webView, _) = makeWebView()
        try await webView.loadHTMLString("", baseURL: nil)
        let error = await #expect(throws: WebViewError.self) {
            try await webView.callAsyncJavaScript("new Promise(function () {})", timeout: .milliseconds(100))
        }
        #expect(error == .timedOut(waitingFor: "new Promise(function () {})", after: .milliseconds(100)))
        #expect(error?.description.hasPrefix("the promise of new Promise(function () {}) did not settle within") == true)
        #expect(try await webView.callAsyncJavaScript("Promise.resolve(2)") == 2)
        #expect(try await webView.callAsyncJavaScript("new Promise(r => setTimeout(() => r(3), 5))", timeout: nil) == 3)
        // Past the limit a page still busy (its timer pending) can settle it: a loaded machine fails no such call.
        #expect(try await webView.callAsyncJavaScript("new Promise(r => setTimeout(() => r(4), 300))", timeout: .milliseconds(50)) == 4)
        await webView.close()
    }

    @Test func callAsyncJavaScriptNamesTheScriptInErrors() async throws {
        let (webView, _) = makeWebView()
        try await webView.loadHTMLString("", baseURL: nil)
        let error = await #expect(throws: JSException.self) {
            try await webView.callAsyncJavaScript("1;\n  null.x", sourceURL: "--eval")
        }
        #expect(error?.sourceURL == "--eval")
        #expect(error?.line == 2)
        #expect(error?.column == 7)
        await webView.close()
    }

    /// JSC reports a rejection still unhandled as the evaluation ends, before the caller awaits the promise: the
    /// rejection of the promise the script returns was the caller's error and the page's unhandled rejection too.
    @Test func theRejectionOfTheReturnedPromiseIsOnlyTheCallers() async throws {
        let (webView, log) = makeWebView()
        try await webView.loadHTMLString("<script>var heard = [];"
            + " addEventListener('unhandledrejection', function (e) { heard.push(e.reason.message); });</script>", baseURL: nil)
        let error = await #expect(throws: JSException.self) {
            try await webView.callAsyncJavaScript("Promise.reject(new Error('returned'))")
        }
        #expect(error?.message == "returned")
        // A promise the script does not return stays the page's.
        #expect(try await webView.callAsyncJavaScript("Promise.reject(new Error('dropped')); 1") == 1)
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        #expect(try await webView.evaluateJavaScript("heard") == ["dropped"])
        #expect(log.exceptions.map(\.message) == ["dropped"])
        await webView.close()
    }

    @Test func evaluateJavaScriptReturnsValuesAndThrowsErrors() async throws {
        let (webView, _) = makeWebView()
        try await webView.loadHTMLString("<title>T</title><p>x</p>", baseURL: URL(string: "https://example.test/"))
        #expect(try await webView.evaluateJavaScript("({a: [1, 'two', null], b: true})") == ["a": [1, "two", nil], "b": true])
        #expect(try await webView.evaluateJavaScript("undefined") == nil)
        struct Point: Decodable, Sendable, Equatable { var x: Int; var y: Int }
        #expect(try await webView.evaluateJavaScript("({x: 1, y: 2})", as: Point.self) == Point(x: 1, y: 2))
        await #expect(throws: JSException.self) { try await webView.evaluateJavaScript("null.x") }
        do {
            _ = try await webView.evaluateJavaScript("throw new RangeError('bad')")
        } catch let error as JSException {
            #expect(error.name == "RangeError")
            #expect(error.message == "bad")
        }
        #expect(try await webView.callAsyncJavaScript("new Promise(r => setTimeout(() => r('later'), 5))") == "later")
        #expect(await webView.title == "T")
        #expect(await webView.url == URL(string: "https://example.test/"))
        await webView.close()
    }

    /// The limit is on from the start: the web view's own set-up runs without it (at load average 49 one set-up
    /// script alone once passed 200 ms and failed the load), the page's scripts and timers under it.
    @Test(.spinsTheCPU) func watchdogStopsAnEndlessTimerAndThePageStaysUsable() async throws {
        let (webView, log) = makeWebView(executionTimeLimit: .milliseconds(200))
        try await webView.loadHTMLString("<script>setTimeout(function () { while (true) {} }, 0);</script>", baseURL: nil)
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        #expect(log.exceptions.count == 1)
        #expect(log.exceptions.first?.isExecutionTimeLimitExceeded == true)
        #expect(try await webView.evaluateJavaScript("1 + 1") == 2)
        await webView.close()
    }

    @Test func closeCancelsPendingTimersAndReleasesThePage() async throws {
        let runtime = JavaScriptRuntime()
        weak var weakWebView: HeadlessWebView?
        let fired = Mutex(false)
        do {
            let webView = HeadlessWebView(runtime: runtime)
            weakWebView = webView
            // A handler capturing the web view: close() must still let it go.
            webView.userContentController.add(name: "fired") { _ in _ = webView; fired.withLock { $0 = true } }
            try await webView.loadHTMLString("<script>setTimeout(function () { webkit.messageHandlers.fired.postMessage(1); }, 600000);</script>", baseURL: nil)
            #expect(await runtime.pendingTimerCount == 1)
            await webView.close()
            #expect(await runtime.pendingTimerCount == 0)
            await #expect(throws: WebViewError.closed) { try await webView.evaluateJavaScript("1") }
        }
        #expect(await runtime.runUntilIdle(timeout: .generous) == .idle)
        #expect(!fired.withLock { $0 })
        #expect(weakWebView == nil)
    }

    @Test func eventStreamsGiveEverySubscriberItsOwnEvents() async throws {
        let (webView, _) = makeWebView()
        let first = webView.events.stream(), second = webView.events.stream()
        try await webView.loadHTMLString("<script>console.log('hello')</script>", baseURL: nil)
        await webView.close()
        var kinds1: [String] = [], kinds2: [String] = []
        for await event in first { kinds1.append(describe(event)) }
        for await event in second { kinds2.append(describe(event)) }
        #expect(kinds1 == ["load:start", "console:hello", "load:domcontentloaded", "load:load"])
        #expect(kinds1 == kinds2)
    }

    private func describe(_ event: WebViewEvent) -> String {
        switch event.kind {
        case .load(let milestone, _): "load:\(milestone.rawValue)"
        case .console(let message): "console:\(message.text)"
        default: "other"
        }
    }
}

struct PageTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
