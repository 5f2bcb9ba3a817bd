import Foundation
import JavaScript
import Testing
@testable import WebView

/// What WebKit's bindings throw for a call with too few arguments, a constructor called without `new` and a bad
/// argument, for the platform's own APIs: the values were observed on WebKitGTK 2.50 with `hybrid conform` on the
/// same calls. Before, the headless web view used Chromium's longer words, and some calls went ahead with `undefined`
/// (an `insertAdjacentHTML` inserted the text "undefined", a `fillRect(1)` drew nothing and threw nothing).
@Suite struct WebKitWordsTests {
    @Test func callsWithTooFewArgumentsAreRefusedWithWebKitsWords() async throws {
        let webView = HeadlessWebView(runtime: JavaScriptRuntime())
        try await webView.loadHTMLString("<canvas id=c></canvas><p id=p>text</p>", baseURL: URL(string: "https://app.example/")!)
        let result = try await webView.evaluateJavaScript("""
            (function () {
              function m(f) { try { f(); return 'ok'; } catch (e) { return e.name + ': ' + e.message; } }
              var x = document.getElementById('c').getContext('2d'), p = document.getElementById('p');
              return [
                m(function () { localStorage.setItem('a'); }), m(function () { p.dispatchEvent(); }),
                m(function () { p.attachShadow(); }), m(function () { getComputedStyle(); }),
                m(function () { p.insertAdjacentHTML('beforeend'); }), p.textContent,
                m(function () { document.createRange().setStart(p); }), m(function () { history.pushState(); }),
                m(function () { CSS.supports(); }), m(function () { navigator.geolocation.getCurrentPosition(); }),
                m(function () { new Worker(); }), m(function () { new MessageChannel().port1.postMessage(); }),
                m(function () { x.fillRect(1); }), x.fillRect.length, x.fillRect.name, m(function () { new Path2D().lineTo(1); }),
                x.roundRect.length, m(function () { x.setLineDash(1); }), m(function () { x.rotate(1); }),
                m(function () { WebSocket('ws://app.example/'); }), m(function () { new FormData(p); })
              ];
            })()
            """)
        let notEnough = "TypeError: Not enough arguments"
        #expect(result == [
            .string(notEnough), .string(notEnough), .string(notEnough), .string(notEnough), .string(notEnough), "text",
            .string(notEnough), .string(notEnough), .string(notEnough), .string(notEnough), .string(notEnough), .string(notEnough),
            .string(notEnough), 4, "fillRect", .string(notEnough), 5, "TypeError: Value is not a sequence", "ok",
            "TypeError: Constructor requires 'new' operator",
            "TypeError: Argument 1 ('form') to the FormData constructor must be an instance of HTMLFormElement",
        ])
        await webView.close()
    }
}
