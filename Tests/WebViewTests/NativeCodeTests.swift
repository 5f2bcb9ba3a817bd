import Foundation
import JavaScript
import Testing
@testable import WebView

/// `Function.prototype.toString` prints the platform's functions as WebKit prints its built-in ones (values observed on
/// WebKitGTK 2.50; `ConformCommandTests.nativeFunctionTextConforms` compares a page on both engines). Pages decide
/// by that text: jQuery's Sizzle used its own selector engine headless because `document.querySelectorAll` printed
/// domino's source, where on WebKit it uses `querySelectorAll`.
@Suite struct NativeCodeTests {
    private static func native(_ name: String) -> JSONValue { .string("function \(name)() {\n    [native code]\n}") }

    private func evaluate(_ html: String, _ script: String) async throws -> JSONValue {
        let webView = HeadlessWebView(runtime: JavaScriptRuntime())
        try await webView.loadHTMLString(html, baseURL: URL(string: "https://app.example/")!)
        let result = try await webView.evaluateJavaScript(script)
        await webView.close()
        return result
    }

    @Test func thePlatformsFunctionsPrintAsNativeCode() async throws {
        let result = try await evaluate("<p id=p>text</p>", """
            (function () {
              var text = Function.prototype.toString;
              return [
                text.call(document.querySelectorAll), String(Element.prototype.getAttribute), '' + HTMLElement,
                text.call(Object.getOwnPropertyDescriptor(Node.prototype, 'textContent').set),
                text.call(location.assign), text.call(fetch), text.call(Object.getOwnPropertyDescriptor(URL.prototype, 'href').get),
                text.call(text), text.call(text.bind(null)),
                /^[^{]+\\{\\s*\\[native \\w/.test(document.documentElement.compareDocumentPosition)
              ];
            })()
            """)
        #expect(result == [
            Self.native("querySelectorAll"), Self.native("getAttribute"), Self.native("HTMLElement"), Self.native("textContent"),
            Self.native("assign"), Self.native("fetch"), Self.native("href"), Self.native("toString"), Self.native("toString"),
            true,
        ])
    }

    /// APIs made on first use after the first `toString` call (the canvas context, DOMParser, Range, rects, custom
    /// elements' MutationObserver, lazily loaded globals) report themselves.
    @Test func apisMadeLaterPrintAsNativeCodeToo() async throws {
        let result = try await evaluate("<canvas id=c></canvas><p id=p>text</p>", """
            (function () {
              var text = Function.prototype.toString;
              text.call(document.createElement);
              var context = document.getElementById('c').getContext('2d');
              return [
                text.call(context.fillRect), text.call(DOMParser), text.call(document.createRange().setStart),
                text.call(document.getElementById('p').getBoundingClientRect().constructor), text.call(HTMLElement),
                text.call(MutationObserver), text.call(Blob.prototype.slice), text.call(Headers)
              ];
            })()
            """)
        #expect(result == [
            Self.native("fillRect"), Self.native("DOMParser"), Self.native("setStart"), Self.native("DOMRect"),
            Self.native("HTMLElement"), Self.native("MutationObserver"), Self.native("slice"), Self.native("Headers"),
        ])
    }

    /// The page's functions keep their source: declared or assigned to the window before the first call, put on a
    /// platform prototype after it (one put there before it prints as native: see SupportedAPIs), declared later; a
    /// non-function still throws the engine's TypeError.
    @Test func thePagesOwnFunctionsKeepTheirSource() async throws {
        let result = try await evaluate("""
            <script>
            function early(a) { return a; }
            window.assigned = function assigned() { return 1; };
            </script>
            """, """
            (function () {
              var text = Function.prototype.toString;
              var before = [text.call(early), String(window.assigned)];
              Element.prototype.pageExtra = function pageExtra() { return 2; };
              before.push(String(Element.prototype.pageExtra));
              function later(b) { return b; }
              var error;
              try { text.call({}); } catch (e) { error = e.name; }
              return before.concat([String(later), String(class K { m() {} }), String(x => x * 2), error]);
            })()
            """)
        #expect(result == [
            "function early(a) { return a; }", "function assigned() { return 1; }", "function pageExtra() { return 2; }",
            "function later(b) { return b; }", "class K { m() {} }", "x => x * 2", "TypeError",
        ])
    }

    /// A library the platform loads on first use does not replace `Function.prototype.toString` (core-js, behind
    /// `URL`, used to put its own, which printed "function get href() { [native code] }"); a page's own replacement
    /// (zone.js makes one) stays.
    @Test func loadingAPIsKeepsThePagesToString() async throws {
        let result = try await evaluate("<p>x</p>", """
            (function () {
              var ours = Function.prototype.toString;
              URL;
              var kept = Function.prototype.toString === ours;
              function pages() { return 'page'; }
              Function.prototype.toString = pages;
              Blob; crypto; WebSocket;
              return [kept, Function.prototype.toString === pages];
            })()
            """)
        #expect(result == [true, true])
    }
}
