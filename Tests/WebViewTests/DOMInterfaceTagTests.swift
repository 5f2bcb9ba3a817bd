import Foundation
import JavaScript
import Testing
@testable import WebView

/// `Object.prototype.toString` names DOM objects by their interface (`platform/interfaces.js`), which is how Vue 3's
/// `reactive()` tells DOM objects from plain ones.
@Suite struct DOMInterfaceTagTests {
    @Test func domObjectsAreNamedByTheirInterface() async throws {
        let (webView, _) = makeWebView()
        try await webView.loadHTMLString("<div id='d' class='a'>x</div><svg><g></g></svg>", baseURL: nil)
        #expect(try await webView.evaluateJavaScript("""
            var d = document.getElementById('d'), tag = function (v) { return Object.prototype.toString.call(v).slice(8, -1); };
            [tag(d), tag(document.body), tag(document.querySelector('svg')), tag(d.firstChild), tag(document),
             tag(window), tag(new Event('x')), tag(new CustomEvent('x')), tag(document.createDocumentFragment()),
             tag(document.querySelectorAll('div')), tag(document.body.children), tag(d.classList), tag(d.attributes),
             tag(d.style)]
            """) == ["HTMLDivElement", "HTMLBodyElement", "SVGSVGElement", "Text", "HTMLDocument", "Window", "Event",
                     "CustomEvent", "DocumentFragment", "NodeList", "HTMLCollection", "DOMTokenList", "NamedNodeMap",
                     "CSSStyleDeclaration"])
        await webView.close()
    }

    @Test func plainObjectsAndPageTagsAreLeftAlone() async throws {
        let (webView, _) = makeWebView()
        try await webView.loadHTMLString("""
            <script>
            class Model { get [Symbol.toStringTag]() { return 'Model'; } }
            var out = [Object.prototype.toString.call({}), Object.prototype.toString.call(new Model()),
                       Object.prototype.toString.call([]), String(document.createElement('p'))];
            </script>
            """, baseURL: nil)
        #expect(try await webView.evaluateJavaScript("out") == ["[object Object]", "[object Model]", "[object Array]",
                                                                 "[object HTMLParagraphElement]"])
        await webView.close()
    }

    @Test func lazilyInstalledGlobalsAreNotInstalledByTheNaming() async throws {
        let (webView, _) = makeWebView()
        try await webView.loadHTMLString("<p>x</p>", baseURL: nil)
        #expect(try await webView.evaluateJavaScript("""
            var d = Object.getOwnPropertyDescriptor(globalThis, 'URLSearchParams');
            [typeof d.get, typeof d.value, Object.prototype.toString.call(new URLSearchParams('a=1'))]
            """) == ["function", "undefined", "[object URLSearchParams]"])
        await webView.close()
    }

    /// The naming and the selector fixes take `HTMLElement`'s prototype from an element: reading the global would set
    /// up custom elements (and mutation observers) on every page.
    @Test func customElementsAreNotSetUpByTheNamingOrTheSelectorFixes() async throws {
        let (webView, _) = makeWebView()
        try await webView.loadHTMLString("<p>x</p>", baseURL: nil)
        #expect(try await webView.evaluateJavaScript("""
            var kind = function (name) { var d = Object.getOwnPropertyDescriptor(globalThis, name); return d.get ? 'stub' : typeof d.value; };
            var b = document.createElement('b');
            [kind('HTMLElement'), kind('customElements'), kind('MutationObserver'), Object.prototype.toString.call(b),
             String(document.body.querySelector('div')), document.body.querySelectorAll('p') instanceof NodeList]
            """) == ["stub", "stub", "stub", "[object HTMLElement]", "null", true])
        #expect(try await webView.evaluateJavaScript("""
            [HTMLElement.prototype === Object.getPrototypeOf(b), kind('HTMLElement'), Object.prototype.toString.call(HTMLElement.prototype),
             b.querySelector('i'), typeof customElements.define, typeof Intl.NumberFormat]
            """) == [true, "function", "[object HTMLElement]", .null, "function", "function"])
        await webView.close()
    }
}
