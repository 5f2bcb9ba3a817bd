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
            var d = document.getElementById('d'), name = function (v) { return Object.prototype.toString.call(v).slice(8, -1); };
            [name(d), name(document.body), name(document.querySelector('svg')), name(d.firstChild), name(document),
             name(window), name(new Event('x')), name(new CustomEvent('x')), name(document.createDocumentFragment()),
             name(document.querySelectorAll('div')), name(document.body.children), name(d.classList), name(d.attributes),
             name(d.style)]
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
}
