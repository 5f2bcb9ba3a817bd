import Foundation
import JavaScript
import Testing
@testable import WebView

/// `querySelector(All)`, `matches`, `closest` and their pseudo-classes on every node kind, as WebKit gives them
/// (`platform/collections.js`). Every expected value was observed on WebKitGTK 2.50 with `hybrid conform` on the same
/// page; before, documents other than the page's, fragments and direct calls of `Element.prototype.querySelector(All)`
/// gave domino's results (`undefined`, live lists, "Invalid selector."), `:scope` was always the root element, and
/// pseudo-classes such as `:hover` threw when they came to match.
@Suite struct SelectorsTests {
    /// Runs `script` in a page of `html` and gives its value.
    private func value(in html: String, _ script: String) async throws -> JSONValue {
        let (webView, _) = makeWebView()
        try await webView.loadHTMLString(html, baseURL: URL(string: "https://app.example/")!)
        let result = try await webView.evaluateJavaScript(script)
        await webView.close()
        return result
    }

    @Test func everyNodeKindGivesNullStaticListsAndWebKitsSyntaxError() async throws {
        let result = try await value(in: """
            <div id=d class=x><fieldset><div class=y>t</div></fieldset></div><template id=t><p class=x>1</p></template>
            """, """
            (function () {
              function kind(f) {
                try { var v = f(); return v === null ? 'null' : v === undefined ? 'undefined' : v.constructor.name + ':' + v.length; }
                catch (e) { return e.name + ': ' + e.message; }
              }
              var d = document.getElementById('d'), content = document.getElementById('t').content;
              var parsed = new DOMParser().parseFromString('<p class=q>x</p>', 'text/html');
              var made = document.implementation.createHTMLDocument('t');
              var shadow = document.createElement('div').attachShadow({ mode: 'open' });
              shadow.innerHTML = '<span class=s></span>';
              made.body.innerHTML = '<i></i><i></i>';
              var list = made.querySelectorAll('i');
              made.body.appendChild(made.createElement('i'));
              return [kind(function () { return content.querySelector('.zz'); }), kind(function () { return content.querySelectorAll('.x'); }),
                      kind(function () { return content.querySelector('a['); }),
                      kind(function () { return parsed.querySelector('.zz'); }), kind(function () { return parsed.querySelectorAll('.q'); }),
                      kind(function () { return parsed.querySelector('a['); }),
                      kind(function () { return made.querySelector('.zz'); }), list.length, typeof list.forEach,
                      kind(function () { return shadow.querySelector('.zz'); }), kind(function () { return shadow.querySelectorAll('::x('); }),
                      kind(function () { return Element.prototype.querySelector.call(d, '.zz'); }),
                      kind(function () { return Element.prototype.querySelectorAll.call(d, '.y'); }),
                      kind(function () { return Document.prototype.querySelector.call(document, '.zz'); }),
                      kind(function () { return document.createDocumentFragment().querySelector(''); }),
                      kind(function () { return document.createDocumentFragment().querySelector(); }),
                      Element.prototype.querySelectorAll.name, DocumentFragment.prototype.querySelector.name,
                      Element.prototype.closest.name, Document.prototype.querySelectorAll.length,
                      document instanceof Document, content instanceof DocumentFragment];
            })()
            """)
        #expect(result == [
            "null", "NodeList:1", "SyntaxError: 'a[' is not a valid selector.",
            "null", "NodeList:1", "SyntaxError: 'a[' is not a valid selector.",
            "null", 2, "function",
            "null", "SyntaxError: '::x(' is not a valid selector.",
            "null", "NodeList:1", "null",
            "SyntaxError: '' is not a valid selector.", "TypeError: Not enough arguments",
            "querySelectorAll", "querySelector", "closest", 1, true, true,
        ])
    }

    /// `:scope` is the element the method is called on, the root element for a document and no element for a
    /// fragment; jQuery's Sizzle checks `fieldset.querySelectorAll(':scope fieldset div')` at load (`support.scope`).
    @Test func scopeIsTheNodeTheMethodIsCalledOn() async throws {
        let result = try await value(in: """
            <div id=d><input id=i><div>x</div><p><span id=r>r</span></p><fieldset id=f><div></div></fieldset></div>
            <template id=t><p class=x>1</p><div><p>2</p></div></template>
            """, """
            (function () {
              var d = document.getElementById('d'), content = document.getElementById('t').content;
              var shadow = document.createElement('div').attachShadow({ mode: 'open' });
              shadow.innerHTML = '<p>1</p>';
              return [d.querySelectorAll(':scope > input').length, d.querySelectorAll(':scope').length,
                      d.matches(':scope'), document.getElementById('i').closest(':scope').id,
                      document.getElementById('r').closest(':scope > p'), document.querySelectorAll(':scope > body').length,
                      document.getElementById('f').querySelectorAll(':scope fieldset div').length,
                      content.querySelectorAll(':scope > p').length, content.querySelectorAll(':scope').length,
                      shadow.querySelectorAll(':scope > p').length,
                      new DOMParser().parseFromString('<p>x</p>', 'text/html').querySelectorAll(':scope > body > p').length];
            })()
            """)
        #expect(result == [1, 0, true, "i", nil, 1, 0, 0, 0, 0, 1])
    }

    /// The pseudo-classes WebKit has match as on WebKit's page with no pointer or user state (they threw before, or
    /// matched otherwise); those it lacks stay invalid.
    @Test func pseudoClassesMatchAsOnWebKitsHeadlessPage() async throws {
        let result = try await value(in: """
            <div id=d><input id=i><div id=t tabindex=0>x</div><button id=b>b</button><video id=v></video>
            <p dir=rtl><span id=r>r</span></p><div dir=auto id=au>שלום</div><input type=checkbox id=cb checked>
            <input type=number id=n min=1 max=5 value=3><input readonly id=ro><textarea id=ta></textarea>
            <div contenteditable id=ce>e</div><select id=s><option id=o1>a<option selected id=o2>b</select>
            <form id=f><button id=fb>x</button><input type=submit id=fs></form><a id=a1>a</a><a id=a2 href=x>h</a></div>
            <ul id=u><li id=l1>1<li id=l2 class=k>2<li id=l3>3<li id=l4 class=k>4<li id=l5 class=k>5</ul>
            """, """
            (function () {
              function q(s) {
                try { return Array.from(document.querySelectorAll(s)).map(function (e) { return e.id || e.localName; }).join(',') || '-'; }
                catch (e) { return e.name + ': ' + e.message; }
              }
              document.getElementById('i').focus();
              var r = [':focus-visible', ':hover', ':active', '#d :fullscreen', ':modal', ':popover-open', ':user-invalid',
                       ':autofill', ':playing', ':paused', ':target', '#d :read-write', '#d :default', ':dir(rtl)',
                       '#d :any-link', '#d :link', ':visited', 'li:nth-child(2n+1 of .k)', 'li:nth-last-child(1 of .k)',
                       '#d > :nth-child(2 of input, textarea)', 'li:nth-child(foo)', ':hover(x)', ':state', ':state(x)',
                       ':host(div)', ':local-link', ':target-within'].map(q);
              document.getElementById('v').muted = true;
              r.push(q(':muted'), document.getElementById('i').matches(':focus-visible'));
              location.hash = '#t';
              r.push(q(':target'), q(':dir(ltr)').split(',').indexOf('i') >= 0);
              return r;
            })()
            """)
        #expect(result == [
            "-", "-", "-", "-", "-", "-", "-", "-", "-", "v", "-", "i,n,ta,ce", "cb,o2,fb", "p,r,au",
            "a2", "a2", "-", "l2,l5", "l5", "cb", "SyntaxError: 'li:nth-child(foo)' is not a valid selector.",
            "SyntaxError: ':hover(x)' is not a valid selector.", "SyntaxError: ':state' is not a valid selector.", "-", "-",
            "SyntaxError: ':local-link' is not a valid selector.", "SyntaxError: ':target-within' is not a valid selector.",
            "v", false, "t", true,
        ])
    }
}
