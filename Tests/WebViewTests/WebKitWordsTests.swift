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

    /// Constructors refuse bad arguments with WebKit's words (observed on WebKitGTK 2.50 with `hybrid conform` on the
    /// same calls); the headless view said Chromium's "Failed to construct 'X': ..." for events, `StaticRange`,
    /// `FormData`, `PerformanceObserver`, the streams, `Worker` and constructors called without `new`.
    @Test func constructorsRefuseWithWebKitsWords() async throws {
        let result = try await evaluate(inPage: "<form id=f><button>x</button></form><div id=d></div>", """
            (function () {
              function m(f) { try { f(); return 'ok'; } catch (e) { return e.name + ': ' + e.message; } }
              var f = document.getElementById('f'), d = document.getElementById('d');
              return [m(function () { new MouseEvent('x', 5); }), m(function () { new CustomEvent('x', 5); }),
                      m(function () { new MouseEvent('x', { relatedTarget: 5 }); }), m(function () { new UIEvent('x', { view: 5 }); }),
                      m(function () { new MessageEvent('x', { ports: 5 }); }), m(function () { new MessageEvent('x', { source: 5 }); }),
                      m(function () { new TouchEvent('x', { touches: [5] }); }), m(function () { new PromiseRejectionEvent('x'); }),
                      m(function () { new PromiseRejectionEvent('x', {}); }),
                      m(function () { new StaticRange(); }), m(function () { new StaticRange(5); }),
                      m(function () { new StaticRange({ endContainer: document }); }),
                      m(function () { new StaticRange({ startContainer: 5, startOffset: 0, endContainer: document, endOffset: 0 }); }),
                      m(function () { new StaticRange({ startContainer: document.createAttribute('a'), startOffset: 0, endContainer: document, endOffset: 0 }); }),
                      m(function () { new FormData(f, d); }), m(function () { new FormData(f, document.createElement('button')); }),
                      m(function () { new PerformanceObserver(); }), m(function () { new PerformanceObserver(5); }),
                      m(function () { new PerformanceObserver(function () {}).observe({}); }),
                      m(function () { new PerformanceMark('x', { startTime: -1 }); }),
                      m(function () { new ReadableStream(5); }), m(function () { new ReadableStream({ type: 'x', start: 5 }); }),
                      m(function () { new ReadableStream({ pull: 5 }); }), m(function () { new ReadableStream({}, { size: 5 }); }),
                      m(function () { new ReadableStream({}, { highWaterMark: -1 }); }), m(function () { ReadableStream(); }),
                      m(function () { new WritableStream({ write: 5 }); }), m(function () { new WritableStream({ type: 1 }); }),
                      m(function () { new TransformStream({ transform: 5 }); }), m(function () { new TransformStream({ readableType: 1 }); }),
                      m(function () { new CountQueuingStrategy(); }), m(function () { new CountQueuingStrategy({}); }),
                      m(function () { new ReadableStreamDefaultReader(5); }), m(function () { new WritableStreamDefaultWriter(5); }),
                      m(function () { new ReadableStream().getReader(5); }), m(function () { new ReadableStream().getReader({ mode: 'x' }); }),
                      m(function () { new CompressionStream('x'); }),
                      m(function () { new Worker('w.js', { type: 'y' }); }), m(function () { new Worker('http://['); }),
                      m(function () { new Worker('https://other.example/w.js'); }),
                      m(function () { TextDecoder(); }), m(function () { new TextDecoder('utf-8', 5); }), m(function () { Blob(); }),
                      m(function () { new Blob({}); }), m(function () { AbortController(); }), m(function () { XMLHttpRequest(); }),
                      new Range().constructor.name];
            })()
            """)
        let notEnough = "TypeError: Not enough arguments", typeError = "TypeError: Type error"
        let needsNew = "TypeError: Constructor requires 'new' operator"
        #expect(result == [
            .string(typeError), .string(typeError), .string(typeError), .string(typeError),
            "TypeError: Value is not a sequence", .string(typeError), .string(typeError), .string(notEnough),
            "TypeError: Member PromiseRejectionEventInit.promise is required and must be an instance of Promise",
            .string(notEnough), .string(typeError),
            "TypeError: Member StaticRangeInit.endOffset is required and must be an instance of unsigned long", .string(typeError),
            "InvalidNodeTypeError: The supplied node is incorrect or has an incorrect ancestor for this operation.",
            "TypeError: The specified element is not a submit button.",
            "NotFoundError: The specified element is not owned by this form element.",
            .string(notEnough), "TypeError: Argument 1 ('callback') to the PerformanceObserver constructor must be a function",
            "TypeError: no type or entryTypes were provided", .string(typeError),
            .string(typeError), "TypeError: Invalid type for underlying source", "TypeError: underlyingSource pull must be a function",
            "TypeError: size parameter must be a function", "RangeError: highWaterMark value is negative or not a number", .string(needsNew),
            "TypeError: underlyingSink.write should be a function", "RangeError: Invalid type is specified",
            "TypeError: transformer.transform should be a function", "RangeError: TransformStream transformer has a readableType",
            "TypeError: QueuingStrategyInit argument must be an object.", "TypeError: QueuingStrategyInit.highWaterMark member is required.",
            "TypeError: ReadableStreamDefaultReader needs a ReadableStream",
            "TypeError: WritableStreamDefaultWriter constructor takes a WritableStream",
            "TypeError: ReadableStream.getReader takes an object as first argument", "TypeError: Invalid mode is specified",
            "TypeError: CompressionStream requires a single argument with the value 'brotli', 'deflate', 'deflate-raw', or 'gzip'.",
            .string(typeError), "SyntaxError: The string did not match the expected pattern.", "SecurityError: The operation is insecure.",
            .string(needsNew), .string(typeError), .string(needsNew), .string(typeError), .string(needsNew), .string(needsNew), "Range",
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
