import Foundation
import JavaScript
import Testing
import TestSupport
@testable import WebView

/// The page operations of the seed's WebViewJavascriptBridge chapter.
@Suite struct PageSeedTests {
    static let setupScript = """
        function setupWebViewJavascriptBridge(callback) {
        if (window.WebViewJavascriptBridge) { return callback(WebViewJavascriptBridge); }
        if (window.WVJBCallbacks) { return window.WVJBCallbacks.push(callback); }
        window.WVJBCallbacks = [callback];
        var WVJBIframe = document.createElement('iframe');
        WVJBIframe.style.display = 'none';
        WVJBIframe.src = 'SCHEME://__BRIDGE_LOADED__';
        document.documentElement.appendChild(WVJBIframe);
        setTimeout(function() { document.documentElement.removeChild(WVJBIframe) }, 0)
        }
        setupWebViewJavascriptBridge(function(bridge){});
        """

    @Test(arguments: ["wvjbscheme://__BRIDGE_LOADED__", "https://__BRIDGE_LOADED__", "WVJBSCHEME://__bridge_loaded__"])
    func iframeSrcReachesTheNavigationDelegate(src: String) async throws {
        let scheme = String(src.prefix { $0 != ":" })
        let host = String(src.split(separator: "/").last!)
        let script = Self.setupScript.replacingOccurrences(of: "SCHEME://__BRIDGE_LOADED__", with: "\(scheme)://\(host)")
        let (webView, log) = makeWebView()
        let delegate = RecordingNavigationDelegate()
        await webView.setNavigationDelegate(delegate)
        try await webView.loadHTMLString("<html><body><script>\(script)</script></body></html>", baseURL: URL(string: "file:///app/index.html"))
        #expect(await webView.runUntilIdle(timeout: .generous) == .idle)
        let request = try #require(delegate.requests.first)
        #expect(request.type == .iframe)
        #expect(!request.isMainFrame)
        #expect(request.url?.scheme?.lowercased() == scheme.lowercased())
        #expect(request.url?.host?.lowercased() == host.lowercased())
        #expect(log.navigations.count == 1)
        #expect(log.navigations.first?.2 == .cancel)
        // Inserted and removed again in setTimeout(..., 0).
        #expect(try await webView.count(of: "iframe") == 0)
        #expect(try await webView.evaluateJavaScript("getComputedStyle ? WVJBCallbacks.length : 0") == 1)
        await webView.close()
    }

    @Test func eachIframeSrcAssignmentIsARequestTheSameValueToo() async throws {
        // As in Chromium and WebKit: setting src navigates the frame each time, to the same URL too.
        let (webView, _) = makeWebView()
        let delegate = RecordingNavigationDelegate()
        await webView.setNavigationDelegate(delegate)
        try await webView.loadHTMLString("<iframe id='f'></iframe>", baseURL: URL(string: "https://app.test/"))
        _ = try await webView.evaluateJavaScript("var f = document.getElementById('f'); f.src = 'a://one'; f.src = 'a://one'; f.src = 'a://two'; 0")
        #expect(delegate.requests.map(\.rawURL) == ["a://one", "a://one", "a://two"])
        await webView.close()
    }

    @Test func returnValueAndBackgroundColorReadBackFromSwiftAndAlertIsRecorded() async throws {
        let (webView, log) = makeWebView()
        try await webView.loadHTMLString("""
            <html><body><input id="returnValue" value="">
            <script>
            function changeBGColor(data) {
              document.body.style.backgroundColor = "orange";
              document.getElementById("returnValue").value = data;
              alert("JS 被 OC 调用了.");
            }
            </script></body></html>
            """, baseURL: nil)
        _ = try await webView.evaluateJavaScript("changeBGColor('把 HTML 的背景颜色改成橙色!!!!')")
        #expect(try await webView.value(of: "#returnValue") == "把 HTML 的背景颜色改成橙色!!!!")
        #expect(try await webView.evaluateJavaScript("document.body.style.backgroundColor") == "orange")
        #expect(try await webView.attribute("style", of: "body")?.contains("orange") == true)
        #expect(log.dialogs.count == 1)
        #expect(log.dialogs.first?.0 == .alert)
        #expect(log.dialogs.first?.1 == "JS 被 OC 调用了.")
        await webView.close()
    }

    @Test func theVerbatimSeedPageRunsItsSecondSetupDespiteTheTypo() async throws {
        let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../web/bridge/seed.html").standardized
        let (webView, log) = makeWebView()
        let delegate = RecordingNavigationDelegate()
        await webView.setNavigationDelegate(delegate)
        try await webView.load(seed)
        _ = await webView.runUntilIdle(timeout: .generous)
        #expect(delegate.requests.map(\.rawURL) == ["wvjbscheme://__BRIDGE_LOADED__"])
        #expect(try await webView.evaluateJavaScript("WVJBCallbacks.length") == 2)
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }
}
