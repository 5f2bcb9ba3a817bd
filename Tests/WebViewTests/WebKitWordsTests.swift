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

    /// domino's tree operations throw its own DOMExceptions; a page sees WebKit's (observed on WebKitGTK 2.50 with
    /// `hybrid conform`): the modern name, WebKit's message, `instanceof DOMException`. (WebKit also gives a thrown one
    /// enumerable `line`, `column` and `sourceURL`; these have none.)
    @Test func treeErrorsAreThePagesDOMExceptionsWithWebKitsNamesAndWords() async throws {
        let webView = HeadlessWebView(runtime: JavaScriptRuntime())
        try await webView.loadHTMLString("<div id=d><span></span></div>", baseURL: URL(string: "https://app.example/")!)
        let result = try await webView.evaluateJavaScript("""
            (function () {
              var d = document.getElementById('d'), out = [];
              function m(f) {
                try { f(); return 'ok'; } catch (e) {
                  return [e.name, e.message, e.code, e instanceof DOMException, Object.prototype.toString.call(e),
                          e.constructor === DOMException].join(' | ');
                }
              }
              return [m(function () { d.appendChild(d); }), m(function () { d.removeChild(document.body); }),
                      m(function () { document.createElement('a b'); }), m(function () { d.classList.add(''); })];
            })()
            """)
        #expect(result == [
            "HierarchyRequestError | The operation would yield an incorrect node tree. | 3 | true | [object DOMException] | true",
            "NotFoundError | The object can not be found here. | 8 | true | [object DOMException] | true",
            "InvalidCharacterError | The string contains invalid characters. | 5 | true | [object DOMException] | true",
            "SyntaxError | The string did not match the expected pattern. | 12 | true | [object DOMException] | true",
        ])
        await webView.close()
    }

    /// An interface a page cannot construct throws WebKit's "Illegal constructor" and is named as the interface
    /// (observed on WebKitGTK 2.50 with `hybrid conform`; the headless view said Chromium's "Failed to construct 'Crypto':
    /// Illegal constructor", and PerformanceEntry's and Geolocation's constructors had no name). A streams controller's
    /// has words of its own.
    @Test func interfacesThatCannotBeConstructedSayWebKitsWordsAndHaveTheirNames() async throws {
        let result = try await evaluate(inPage: "<p>interfaces</p>", """
            [Crypto, CryptoKey, PerformanceEntry, Geolocation, ReadableStreamDefaultController].map(function (C) {
              try { new C(); return C.name + ' | constructed'; } catch (e) { return C.name + ' | ' + e.name + ': ' + e.message; }
            })
            """)
        #expect(result == ["Crypto | TypeError: Illegal constructor", "CryptoKey | TypeError: Illegal constructor",
                           "PerformanceEntry | TypeError: Illegal constructor", "Geolocation | TypeError: Illegal constructor",
                           "ReadableStreamDefaultController | TypeError: ReadableStreamDefaultController constructor should not be called directly"])
    }

    /// An invalid selector is WebKit's SyntaxError DOMException naming it, from each selector method (observed on
    /// WebKitGTK 2.50 with `hybrid conform`); domino said "Invalid selector." in a plain SyntaxError, and threw a
    /// TypeError while matching a pseudo-class it lacks. domino's pseudo-classes WebKit does not have are invalid too.
    @Test func invalidSelectorsAreSyntaxErrorsNamingTheSelector() async throws {
        let result = try await evaluate(inPage: "<div id=d><span class=a>x</span></div>", """
            (function () {
              var span = document.querySelector('span');
              function m(f) {
                try { var r = f(); return r && r.nodeType ? r.localName : String(r); }
                catch (e) { return e.name + ': ' + e.message + (e instanceof DOMException ? ' | ' + e.code : ''); }
              }
              return [m(function () { return document.querySelector('a['); }), m(function () { return document.querySelectorAll('##'); }),
                      m(function () { return span.matches(':foo'); }), m(function () { return span.closest(''); }),
                      m(function () { return span.webkitMatchesSelector('['); }), m(function () { return span.querySelector(':contains(x)'); }),
                      m(function () { return document.querySelector(); }), m(function () { return document.querySelector(null); }),
                      m(function () { return document.querySelector('span:where(.a)'); }), m(function () { return span.closest('div'); })];
            })()
            """)
        #expect(result == [
            "SyntaxError: 'a[' is not a valid selector. | 12", "SyntaxError: '##' is not a valid selector. | 12",
            "SyntaxError: ':foo' is not a valid selector. | 12", "SyntaxError: '' is not a valid selector. | 12",
            "SyntaxError: '[' is not a valid selector. | 12", "SyntaxError: ':contains(x)' is not a valid selector. | 12",
            "TypeError: Not enough arguments", "null", "span", "div",
        ])
    }

    /// customElements, MutationObserver, a refused name and atob/btoa, each with WebKit's words for the same call
    /// (observed on WebKitGTK 2.50 with `hybrid conform`; the headless view used Chromium's "Failed to execute 'define' on
    /// 'CustomElementRegistry': ...", "Failed to execute 'observe' on 'MutationObserver': ..." and core-js's words).
    @Test func customElementsObserversNamesAndBase64RefuseWithWebKitsWords() async throws {
        let result = try await evaluate(inPage: "<p id=p>x</p>", """
            (function () {
              var p = document.getElementById('p'), NS = 'http://www.w3.org/1999/xhtml';
              function m(f) { try { f(); return 'ok'; } catch (e) { return e.name + ': ' + e.message; } }
              function observe(options) { return m(function () { new MutationObserver(function () {}).observe(p, options); }); }
              var names = ['Bad-x', 'a-B', 'ab', 'a-b!', 'font-face'].map(function (name) {
                return m(function () { customElements.define(name, class extends HTMLElement {}); });
              });
              var C = class extends HTMLElement {};
              customElements.define('a-b', C);
              return names.concat([
                m(function () { customElements.define('a-b', class extends HTMLElement {}); }), m(function () { customElements.define('c-d', C); }),
                m(function () { customElements.define('e-f', 5); }), m(function () { customElements.define('g-h', class extends HTMLElement {}, { extends: 'p' }); }),
                m(function () { new (class extends HTMLElement {})(); }), m(function () { customElements.upgrade(5); }),
                observe({}), observe({ attributeOldValue: true, attributes: false }), m(function () { new MutationObserver(5); }),
                m(function () { new MutationObserver(function () {}).observe({}, { childList: true }); }),
                m(function () { p.setAttribute('a b', 1); }), m(function () { document.createAttribute(''); }),
                m(function () { document.createElementNS(NS, '1a'); }), m(function () { document.createElementNS(NS, 'a b'); }),
                m(function () { p.setAttributeNS('urn:x', 'a:b:c', 1); }), m(function () { document.createElementNS(NS, ':a'); }),
                m(function () { document.createElement('a b'); }), m(function () { atob('a'); }), m(function () { btoa('\\u0100'); })
              ]);
            })()
            """)
        let invalid = "InvalidCharacterError: The string contains invalid characters."
        #expect(result == [
            "SyntaxError: Custom element name must have a lowercase ASCII letter as its first character",
            "SyntaxError: Custom element name cannot contain an uppercase ASCII letter", "SyntaxError: Custom element name must contain a hyphen",
            "SyntaxError: Custom element name contains a character that is not allowed",
            "SyntaxError: Custom element name cannot be same as one of the standard elements",
            "NotSupportedError: Cannot define multiple custom elements with the same tag name",
            "NotSupportedError: Cannot define multiple custom elements with the same class",
            "TypeError: The second argument must be a constructor", "ok", "TypeError: new.target does not define a custom element",
            "TypeError: Argument 1 ('root') to CustomElementRegistry.upgrade must be an instance of Node",
            "TypeError: Type error", "TypeError: Type error",
            "TypeError: Argument 1 ('callback') to the MutationObserver constructor must be a function",
            "TypeError: Argument 1 ('target') to MutationObserver.observe must be an instance of Node",
            "InvalidCharacterError: Invalid qualified name: 'a b'", "InvalidCharacterError: Invalid qualified name: ''",
            "InvalidCharacterError: Invalid qualified name start in '1a'", "InvalidCharacterError: Invalid qualified name part in 'a b'",
            "InvalidCharacterError: Unexpected colon in qualified name 'a:b:c'",
            "InvalidCharacterError: Namespace in qualified name ':a' is too short",
            .string(invalid), .string(invalid), .string(invalid),
        ])
    }

    /// The value of `script` in a page of `html` at https://app.example/.
    private func evaluate(inPage html: String, _ script: String) async throws -> JSONValue {
        let webView = HeadlessWebView(runtime: JavaScriptRuntime())
        try await webView.loadHTMLString(html, baseURL: URL(string: "https://app.example/")!)
        let result = try await webView.evaluateJavaScript(script)
        await webView.close()
        return result
    }
}
