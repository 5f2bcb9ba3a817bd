import Foundation
import JavaScript
import Testing
@testable import WebView

/// Custom elements (dom/components.js), each test on its own web view.
@Suite struct DOMComponentsTests {
    /// A custom element class that logs its reactions into `log`.
    private static let logging = """
        var log = [];
        class XLog extends HTMLElement {
          static get observedAttributes() { return ['a', 'c']; }
          constructor() { super(); log.push('ctor ' + this.localName + ' ' + (this instanceof XLog) + ' ' + this.childNodes.length); }
          connectedCallback() { log.push('connected ' + this.id); }
          disconnectedCallback() { log.push('disconnected ' + this.id); }
          attributeChangedCallback(name, old, value, ns) { log.push(['attr', name, old, value, ns].join(' ')); }
          adoptedCallback(from, to) { log.push('adopted ' + (from === document) + ' ' + (to === document)); }
        }
        """

    private func page(_ html: String, _ result: String = "log") async throws -> (JSONValue, [String]) {
        try await evaluatePage(html, result)
    }

    @Test func defineUpgradesElementsAlreadyInTheDocumentInReactionOrder() async throws {
        let (out, errors) = try await page("""
            <x-log id="early" a="1" b="2"><span>in</span></x-log>
            <script>\(Self.logging)
            var defined = customElements.whenDefined('x-log').then(function (c) { log.push('whenDefined ' + (c === XLog)); });
            log.push('before define');
            customElements.define('x-log', XLog);
            log.push('after define');
            var early = document.getElementById('early');
            early.setAttribute('a', '9'); early.setAttribute('b', '9'); early.removeAttribute('a');
            early.remove();
            document.body.appendChild(early);
            </script>
            """)
        #expect(errors.isEmpty)
        #expect(out == ["before define", "ctor x-log true 1", "attr a  1 ", "connected early", "after define",
                        "attr a 1 9 ", "attr a 9  ", "disconnected early", "connected early", "whenDefined true"])
    }

    /// `:defined`: built-in elements, and custom ones once upgraded, in selectors and in styles (a page's
    /// `x-card:not(:defined) { visibility: hidden }`); values observed on WebKitGTK 2.50 with `hybrid conform`.
    @Test func definedMatchesBuiltInsAndUpgradedElementsInSelectorsAndStyles() async throws {
        let (out, errors) = try await page("""
            <style>x-card:not(:defined) { visibility: hidden }</style>
            <x-card id="a">card</x-card><x-other id="b"></x-other><p id="p"></p>
            <script>
            var out = [], a = document.getElementById('a');
            out.push(document.querySelectorAll(':defined').length, document.querySelectorAll(':not(:defined)').length,
              getComputedStyle(a).visibility, document.getElementById('p').matches(':defined'));
            customElements.define('x-card', class extends HTMLElement {});
            out.push(a.matches(':defined'), document.getElementById('b').matches(':defined'), getComputedStyle(a).visibility,
              CSS.supports('selector(:defined)'));
            </script>
            """, "out")
        #expect(errors.isEmpty)
        #expect(out == [6, 2, "hidden", true, true, false, "visible", true])
    }

    @Test func parsedAndCreatedElementsRunTheirConstructors() async throws {
        let (out, errors) = try await page("""
            <script>\(Self.logging)
            customElements.define('x-log', XLog);
            </script>
            <x-log id="parsed" c="3"></x-log>
            <script>
            var parsed = document.getElementById('parsed');
            log.push('parsed is XLog ' + (parsed instanceof XLog) + ' ' + (parsed.constructor === XLog));
            var made = document.createElement('x-log');
            made.id = 'made';
            log.push('made ' + (made instanceof XLog) + ' ' + (made instanceof HTMLElement) + ' ' +
                     (document.createElementNS('http://www.w3.org/1999/xhtml', 'x-log') instanceof XLog) + ' ' +
                     (document.createElementNS('http://www.w3.org/2000/svg', 'x-log') instanceof XLog));
            document.body.appendChild(made);
            var direct = new XLog();
            log.push('direct ' + direct.localName + ' ' + (direct.parentNode === null));
            var div = document.createElement('div');
            div.innerHTML = '<x-log id="inner"></x-log>';
            log.push('inner ' + (div.firstChild instanceof XLog));
            document.body.appendChild(div);
            var template = document.createElement('template');
            template.innerHTML = '<x-log></x-log>';
            log.push('template ' + (template.content.firstChild instanceof XLog));
            log.push('imported ' + (document.importNode(template.content, true).firstChild instanceof XLog));
            </script>
            <x-undefined id="undefined"></x-undefined>
            <script>
            var names = [document.getElementById('undefined'), document.createElement('x-undefined'), document.createElement('nodash')];
            log.push(names.map(function (e) { return (e instanceof HTMLUnknownElement) + '/' + (e instanceof HTMLElement); }).join(' '));
            </script>
            """)
        #expect(errors.isEmpty)
        #expect(out == ["ctor x-log true 0", "attr c  3 ", "connected parsed", "parsed is XLog true true",
                        "ctor x-log true 0", "ctor x-log true 0", "made true true true false", "connected made", "ctor x-log true 0", "direct x-log true",
                        "ctor x-log true 0", "inner true", "connected inner", "template false", "ctor x-log true 0", "imported true", "false/true false/true true/true"])
    }

    @Test func upgradeAndAdoptedCallbackAndLateDefinitions() async throws {
        // `<body>` first: a script in the head sees no body yet, as in WebKit.
        let (out, errors) = try await page("""
            <body><script>\(Self.logging)
            var later = document.createElement('x-log');
            later.id = 'later';
            customElements.define('x-log', XLog);
            log.push('not upgraded while detached ' + (later instanceof XLog));
            customElements.upgrade(later);
            log.push('upgraded ' + (later instanceof XLog));
            document.body.appendChild(later);
            var other = document.implementation.createHTMLDocument('');
            other.adoptNode(later);
            </script>
            """)
        #expect(errors.isEmpty)
        #expect(out == ["not upgraded while detached false", "ctor x-log true 0", "upgraded true", "connected later",
                        "disconnected later", "adopted true false"])
    }

    @Test func invalidDefinitionsThrowTheStandardErrors() async throws {
        let (out, errors) = try await page("""
            <script>\(Self.logging)
            customElements.define('x-log', XLog);
            function error(f) { try { f(); return 'ok'; } catch (e) { return e.name; } }
            var rejected = 'pending';
            customElements.whenDefined('nodash').catch(function (e) { rejected = e.name; });
            var out = [
              error(function () { customElements.define('x-log', class extends HTMLElement {}); }),
              error(function () { customElements.define('x-other', XLog); }),
              error(function () { customElements.define('nodash', class extends HTMLElement {}); }),
              error(function () { customElements.define('Upper-case', class extends HTMLElement {}); }),
              error(function () { customElements.define('font-face', class extends HTMLElement {}); }),
              error(function () { customElements.define('x-bound', function () {}.bind()); }),   // no prototype
              error(function () { customElements.define('x-arrow', () => {}); }),
              // WebKit has no customized built-ins and ignores `extends` (observed on WebKitGTK 2.50): an autonomous definition
              error(function () { customElements.define('x-built-in', class extends HTMLElement {}, { extends: 'button' }); }),
              error(function () { customElements.define('x-bad-callback', class extends HTMLElement { get connectedCallback() { return 5; } }); }),
              error(function () { new HTMLElement(); }),
              error(function () { HTMLElement(); }),
              error(function () { class Undefined extends HTMLElement {} new Undefined(); }),
              error(function () { customElements.upgrade({}); }),
              customElements.get('x-log') === XLog, customElements.get('x-none') === undefined,
              customElements.getName(XLog), String(customElements), document.createElement('div') instanceof HTMLElement
            ];
            </script>
            """, "[out, rejected]")
        #expect(errors.isEmpty)
        #expect(out == [["NotSupportedError", "NotSupportedError", "SyntaxError", "SyntaxError", "SyntaxError", "TypeError", "TypeError",
                         "ok", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError",
                         true, true, "x-log", "[object CustomElementRegistry]", true], "SyntaxError"])
    }

    @Test func aThrowingConstructorIsReportedAndLeavesAnUnknownElement() async throws {
        let (out, errors) = try await page("""
            <body><script>
            class XBad extends HTMLElement { constructor() { super(); throw new Error('constructor broke'); } connectedCallback() { window.connected = true; } }
            customElements.define('x-bad', XBad);
            var bad = document.createElement('x-bad');
            document.body.appendChild(bad);
            var out = [bad instanceof XBad, bad instanceof HTMLUnknownElement, bad.localName, window.connected === undefined];
            </script>
            """, "out")
        #expect(out == [false, true, "x-bad", true])
        #expect(errors.count == 1)
        #expect(errors.first?.contains("constructor broke") == true)
    }
}
