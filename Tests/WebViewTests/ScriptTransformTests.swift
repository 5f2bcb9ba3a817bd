import Foundation
import Synchronization
import JavaScript
import Testing
import TestSupport
@testable import WebView

/// `DocumentHandle.scriptTransform`: a document's own classic scripts pass through it before they run, with their URL
/// and first line; nil keeps a script as it is; module scripts and user scripts do not pass.
@Suite struct ScriptTransformTests {
    @Test func aDocumentsOwnClassicScriptsPassThroughTheTransform() async throws {
        let fixture = try PageFixture([
            "index.html": """
                <!DOCTYPE html><html><head>
                <script>var order = ['inline'];</script>
                <script src="a.js"></script>
                <script type="module">order.push('module');</script>
                </head><body>
                <script>
                order.push('kept');
                </script>
                </body></html>
                """,
            "a.js": "order.push('src');",
        ])
        let (webView, log) = makeWebView()
        let seen = Seen()
        await webView.addDocumentObserver(Transforming(seen: seen))
        webView.userContentController.addUserScript(UserScript(source: "var user = 'user';", injectionTime: .atDocumentStart))
        try await webView.load(fixture.url("index.html"))
        _ = await webView.runUntilIdle()
        let order = try await webView.evaluateJavaScript("order", as: [String].self)
        #expect(order == ["INLINE", "SRC", "kept", "module"])
        let page = fixture.url("index.html").absoluteString
        #expect(seen.calls.withLock { $0 } == ["\(page):2", "\(fixture.url("a.js").absoluteString):1", "\(page):6"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }
}

private final class Seen: Sendable {
    let calls = Mutex<[String]>([])
}

/// Upper-cases the strings of every script but the one that says `kept`.
private final class Transforming: DocumentObserver {
    let seen: Seen
    init(seen: Seen) { self.seen = seen }
    func documentDidCreate(_ document: DocumentHandle) {
        let seen = seen
        document.scriptTransform = { text, url, line in
            seen.calls.withLock { $0.append("\(url):\(line)") }
            return text.contains("kept") ? nil : text.replacingOccurrences(of: "'inline'", with: "'INLINE'")
                .replacingOccurrences(of: "'src'", with: "'SRC'")
        }
    }
    func documentWillClose(_ document: DocumentHandle) {}
}
