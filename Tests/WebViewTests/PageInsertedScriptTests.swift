import Foundation
import JavaScript
import Testing
@testable import WebView

/// Scripts inserted by page scripts delay the `load` event until they have run or failed, as in browsers (script
/// loaders, JSONP and chunked bundles rely on it; `hybrid test` starts its tests after `load`).
@Suite struct PageInsertedScriptTests {
    @Test func insertedScriptsRunBeforeLoadAndMissingOnesFailWithoutBlockingIt() async throws {
        let fixture = try PageFixture([
            "page.html": """
                <script>
                var order = [];
                addEventListener('load', function () { order.push('load'); });
                function insert(src, handler) {
                  var s = document.createElement('script');
                  s.src = src;
                  s[handler] = function () { order.push(handler + ':' + src); };
                  document.head.appendChild(s);
                }
                insert('late.js', 'onload');
                insert('missing.js', 'onerror');
                </script>
                """,
            "late.js": "order.push('ran:late.js');",
        ])
        let (webView, log) = makeWebView()
        try await webView.load(fixture.url("page.html"))
        let order = try await webView.evaluateJavaScript("order")
        #expect(order.arrayValue?.last == "load", "\(order)")
        #expect(Set(order.arrayValue ?? []) == ["ran:late.js", "onload:late.js", "onerror:missing.js", "load"])
        #expect(log.exceptions.map(\.name) == ["NetworkError"], "a missing script is still reported")
        await webView.close()
    }

    @Test func aScriptInsertedAfterLoadRunsWithoutASecondLoad() async throws {
        let fixture = try PageFixture([
            "page.html": "<script>var loads = 0; addEventListener('load', function () { loads++; });</script>",
            "late.js": "window.lateRan = true;",
        ])
        let (webView, _) = makeWebView()
        try await webView.load(fixture.url("page.html"))
        #expect(try await webView.callAsyncJavaScript("""
            new Promise(function (resolve) {
              var s = document.createElement('script');
              s.src = 'late.js';
              s.onload = function () { resolve([window.lateRan, loads, document.readyState]); };
              document.body.appendChild(s);
            })
            """) == [true, 1, "complete"])
        await webView.close()
    }
}
