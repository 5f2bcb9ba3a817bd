import Foundation
import JavaScript
import Testing
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
}
