import Foundation
import Testing
import JavaScript
import Navigation
import TestSupport

/// A `WebPage` gets its bridge as on the phone (issue 17): when the page asks for it, after its `DOMContentLoaded`
/// listeners have run; a page that never asks never gets it, and a direct call before it exists throws.
@MainActor @Suite struct WebPageBridgeTimingTests {
    @Test func theBridgeComesWhenThePageAsksAfterItsContentLoadedListeners() async throws {
        let folder = try PageFolder([
            "asks.html": """
                <script>
                \(bridgeSetupFunction)
                var seen = [];
                function note(where) { seen.push(where + ' ' + typeof window.WebViewJavascriptBridge); }
                note('script');
                setupWebViewJavascriptBridge(function (bridge) {
                  note('setup');
                  bridge.callHandler('store.set', {key: 'k', value: 'v'}, function () { note('answered'); });
                });
                document.addEventListener('DOMContentLoaded', function () {
                  note('DOMContentLoaded');
                  try { WebViewJavascriptBridge.callHandler('store.get', {key: 'k'}); } catch (error) { seen.push(error.name); }
                });
                </script>
                """,
            "never.html": "<script>window.early = typeof window.WebViewJavascriptBridge;</script>",
        ])
        defer { folder.remove() }
        let runtime = JavaScriptRuntime()
        let shell = AppShell()
        let pages = WebPages(shell: shell, runtime: runtime)
        let page = pages.page(folder.file("asks.html"), match: nil)
        try shell.start(root: page)
        try await page.loaded()
        #expect(await page.webView.runUntilIdle(timeout: .generous) == .idle)
        #expect(try await page.webView.evaluateJavaScript("seen") == [
            "script undefined", "DOMContentLoaded undefined", "ReferenceError", "setup object", "answered object",
        ])

        let never = pages.page(folder.file("never.html"), match: nil)
        try shell.navigator.push(never)
        try await never.loaded()
        #expect(await never.webView.runUntilIdle(timeout: .generous) == .idle)
        #expect(try await never.webView.evaluateJavaScript("early + ' ' + typeof window.WebViewJavascriptBridge")
                == "undefined undefined")
        shell.shutdown()
        await runtime.shutdown()
    }
}
