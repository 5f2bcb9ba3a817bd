import Foundation
import JavaScript
import Testing
import WebKitEngine
import WebView

/// The real WebKit engine in its host process. These run when WebKitGTK (and Xvfb, without DISPLAY) is installed,
/// as on CI (`scripts/bootstrap --webkit`); elsewhere they are skipped, and the skip names what is missing.
@Suite(.enabled(if: WebKitWebView.unavailableReason == nil,
                Comment(rawValue: WebKitWebView.unavailableReason ?? "")))
struct WebKitWebViewTests {
    @Test func loadsAPageEvaluatesAndReportsItsConsole() async throws {
        let view = try await WebKitWebView.start()
        var events = view.events.makeAsyncIterator()
        try await view.loadHTMLString("""
            <p id="p">hi</p><script>console.log("hello", {a: 1}); console.warn(2)</script>
            """, baseURL: URL(string: "https://example.test/page.html"))
        #expect(try await view.evaluateJavaScript("document.getElementById('p').textContent") == "hi")
        #expect(try await view.evaluateJavaScript("[innerWidth, innerHeight, location.href]")
                    == [393, 852, "https://example.test/page.html"])
        #expect(try await view.evaluateJavaScript("({a: [1, null, true]})") == ["a": [1, nil, true]])
        #expect(try await view.evaluateJavaScript("undefined") == nil)
        #expect(try await view.evaluateJavaScript("navigator.userAgent") == .string(DeviceProfile.default.userAgent))
        #expect(await events.next() == .console(level: "log", text: #"hello {"a":1}"#))
        #expect(await events.next() == .console(level: "warn", text: "2"))
        await view.close()
    }

    @Test func aThrownExceptionIsAnErrorAndTheViewKeepsWorking() async throws {
        let view = try await WebKitWebView.start()
        try await view.loadHTMLString("<p>x</p>", baseURL: nil)
        let error = await #expect(throws: WebKitEngineError.self) {
            try await view.evaluateJavaScript("throw new TypeError('bad thing')")
        }
        #expect(error?.kind == .javaScript)
        #expect(error?.message.contains("TypeError: bad thing") == true)
        #expect(try await view.evaluateJavaScript("1 + 1") == 2)
        await view.close()
    }

    @Test func anUncaughtErrorIsAnEvent() async throws {
        let view = try await WebKitWebView.start()
        try await view.loadHTMLString("<script>setTimeout(function () { null.x }, 0)</script>",
                                      baseURL: URL(string: "https://example.test/"))
        for await event in view.events {
            guard case .uncaughtError(let message, let source, _) = event else { continue }
            #expect(message.contains("TypeError"))
            #expect(source == "https://example.test/")
            break
        }
        await view.close()
    }

    @Test func callsAfterCloseFailClearly() async throws {
        let view = try await WebKitWebView.start()
        await view.close()
        let error = await #expect(throws: WebKitEngineError.self) { try await view.evaluateJavaScript("1") }
        #expect(error?.kind == .hostEnded)
    }

    @Test func aMissingHostIsAClearError() async throws {
        let error = await #expect(throws: WebKitEngineError.self) {
            try await WebKitWebView.start(.init(hostExecutable: URL(fileURLWithPath: "/nonexistent/host")))
        }
        #expect(error?.kind == .unavailable)
        #expect(error?.message.contains("/nonexistent/host") == true)
    }
}
