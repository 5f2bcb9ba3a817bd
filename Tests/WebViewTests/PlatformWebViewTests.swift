import Foundation
import JavaScript
import Testing
import TestSupport
@testable import WebView

/// The platform through `HeadlessWebView`: pages served over HTTP by a loopback server.
@Suite struct PlatformWebViewTests {
    private static func page(_ body: String) -> TestResponse {
        TestResponse(contentType: "text/html", body: Array("<!doctype html><title>t</title><body>\(body)</body>".utf8))
    }

    private func makeServer() async throws -> LoopbackServer {
        try await LoopbackServer { request in
            switch request.path {
            case "/index.html": return Self.page("<p id='p'>page</p><script>var booted = typeof fetch;</script>")
            case "/login": return .text("ok", headers: [("Set-Cookie", "sid=s1; Path=/")])
            case "/echo": return .text("\(request.method) \(request.headers["cookie"] ?? "-") \(request.text)")
            case "/api": return .json(#"{"answer":42}"#)
            case "/slow": return .hanging
            default: return .text("not found", status: 404)
            }
        }
    }

    @Test func fetchXHRAndCookiesFromAnHTTPPage() async throws {
        let server = try await makeServer()
        let (webView, log) = makeWebView()
        try await webView.load(server.url("/index.html"))
        #expect(try await webView.evaluateJavaScript("booted") == "function")
        let answer = try await webView.callAsyncJavaScript("fetch('/api').then(r => r.json()).then(j => j.answer)")
        #expect(answer == 42)
        let sent = try await webView.callAsyncJavaScript("""
            fetch('/login').then(() => { document.cookie = 'theme=dark'; return document.cookie; }).then(visible =>
              new Promise((resolve, reject) => {
                const x = new XMLHttpRequest();
                x.open('POST', 'echo');
                x.onload = () => resolve(visible + ' | ' + x.status + ' ' + x.responseText);
                x.onerror = () => reject(new Error('xhr failed'));
                x.send('body');
              }))
            """)
        #expect(sent == "sid=s1; theme=dark | 200 POST sid=s1; theme=dark body")
        #expect(log.exceptions.isEmpty)
        await webView.close()
        await server.stop()
    }

    @Test func localStorageIsPerOriginAcrossNavigations() async throws {
        let first = try await makeServer(), second = try await makeServer()
        let (webView, _) = makeWebView()
        try await webView.load(first.url("/index.html"))
        _ = try await webView.evaluateJavaScript("localStorage.who = 'first'; sessionStorage.tab = '1'")
        try await webView.load(second.url("/index.html"))
        #expect(try await webView.evaluateJavaScript("[localStorage.getItem('who'), localStorage.length]") == [.null, 0])
        _ = try await webView.evaluateJavaScript("localStorage.setItem('who', 'second')")
        try await webView.load(first.url("/index.html"))
        #expect(try await webView.evaluateJavaScript("localStorage.who") == "first")
        await webView.close()
        await first.stop()
        await second.stop()
    }

    @Test func closingTheWebViewCancelsAPendingFetch() async throws {
        let server = try await makeServer()
        let (webView, _) = makeWebView()
        try await webView.load(server.url("/index.html"))
        _ = try await webView.evaluateJavaScript("window.settled = false; fetch('/slow').finally(() => { window.settled = true; }); 0")
        #expect(await webView.runUntilIdle(timeout: .milliseconds(200)) == .timedOut, "the pending fetch keeps the page busy")
        await webView.close()
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        #expect(server.requests.contains { $0.path == "/slow" })
        await server.stop()
    }
}
