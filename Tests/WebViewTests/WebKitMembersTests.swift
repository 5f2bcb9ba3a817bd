import Foundation
import JavaScript
import Testing
@testable import WebView

/// Members WebKit has that the headless DOM lacked (a page calling one threw TypeError here and ran on the device):
/// documents' and fragments' `children`, pointer capture, `scrollIntoViewIfNeeded`, `checkVisibility`, the reflected
/// attributes `contentEditable`/`isContentEditable`, `draggable`, `spellcheck`, `translate`, `inert`, `inputMode`,
/// `autocapitalize`, `nonce`, links' `text`, `relList` and URL stringifier, iframes' `sandbox`, `allow` and `loading`,
/// images' `fetchPriority`, `x`, `y`, ARIA reflection, MouseEvent's `fromElement`/`toElement`, and `document.fonts`.
/// Every expected value was observed on WebKitGTK 2.50 (`hybrid run --engine webkit`).
@Suite struct WebKitMembersTests {
    @Test func membersPagesCallAnswerAsWebKits() async throws {
        let webView = HeadlessWebView(runtime: JavaScriptRuntime())
        try await webView.loadHTMLString("""
            <!doctype html><body><div id=ce contenteditable=true><span id=inner>x</span></div><img id=img><a id=a href="/x" rel="noopener help">Link <b>text</b></a><div id=d></div><form id=f rel="nofollow"></form><iframe id=fr sandbox="allow-scripts allow-forms"></iframe></body>
            """, baseURL: URL(string: "https://shop.example/page.html"))
        let result = try await webView.evaluateJavaScript("""
            (function () {
              var out = [], d = document.getElementById('d');
              function t(name, f) { try { out.push(name + ' = ' + f()); } catch (e) { out.push(name + ' THROWS ' + e.name + ': ' + e.message); } }
              t('doc-children', function () { return document.children.length + ' ' + document.firstElementChild.tagName + ' ' + document.lastElementChild.tagName + ' ' + document.childElementCount + ' ' + Object.prototype.toString.call(document.children); });
              t('frag-children', function () { var f = document.createDocumentFragment(); f.appendChild(document.createElement('i')); f.appendChild(document.createTextNode('t')); return f.children.length + ' ' + f.childElementCount + ' ' + f.firstElementChild.tagName; });
              t('spc-1', function () { return d.setPointerCapture(1) + ' ' + d.hasPointerCapture(1); });
              t('spc-99', function () { return d.setPointerCapture(99); });
              t('rpc-99', function () { return d.releasePointerCapture(99); });
              t('rpc-1', function () { return d.releasePointerCapture(1); });
              t('hpc-99', function () { return d.hasPointerCapture(99); });
              t('spc-noarg', function () { return d.setPointerCapture(); });
              t('siv', function () { return typeof d.scrollIntoViewIfNeeded + ' ' + d.scrollIntoViewIfNeeded() + ' ' + d.scrollIntoViewIfNeeded(false); });
              t('ce', function () { return d.contentEditable + ' ' + document.getElementById('ce').contentEditable + ' ' + document.getElementById('inner').isContentEditable + ' ' + d.isContentEditable + ' ' + document.getElementById('ce').isContentEditable; });
              t('ce-set', function () { d.contentEditable = 'TRUE'; var r = d.getAttribute('contenteditable') + ' ' + d.contentEditable + ' ' + d.isContentEditable; d.contentEditable = 'inherit'; return r + ' ' + d.hasAttribute('contenteditable'); });
              t('ce-pt', function () { d.contentEditable = 'plaintext-only'; var r = d.contentEditable + ' ' + d.isContentEditable; d.removeAttribute('contenteditable'); return r; });
              t('ce-bad', function () { d.contentEditable = 'bogus'; });
              t('ce-attr', function () { d.setAttribute('contenteditable', ''); var r = d.contentEditable; d.setAttribute('contenteditable', 'nope'); r += ' ' + d.contentEditable + ' ' + d.isContentEditable; d.removeAttribute('contenteditable'); return r; });
              t('designMode-ice', function () { document.designMode = 'on'; var r = d.isContentEditable; document.designMode = 'off'; return r; });
              t('draggable', function () { return document.getElementById('img').draggable + ' ' + document.getElementById('a').draggable + ' ' + d.draggable + ' ' + document.createElement('a').draggable; });
              t('draggable-set', function () { d.draggable = true; var r = d.getAttribute('draggable'); d.draggable = false; return r + ' ' + d.getAttribute('draggable') + ' ' + d.draggable; });
              t('spellcheck', function () { var r = d.spellcheck; d.spellcheck = false; r += ' ' + d.getAttribute('spellcheck') + ' ' + d.spellcheck + ' ' + document.createElement('input').spellcheck; return r; });
              t('translate', function () { var r = d.translate; d.translate = false; r += ' ' + d.getAttribute('translate'); d.removeAttribute('translate'); return r; });
              t('inert', function () { var r = d.inert; d.inert = true; r += ' ' + d.getAttribute('inert') + ' ' + d.inert; d.inert = false; return r + ' ' + d.hasAttribute('inert'); });
              t('inputMode', function () { var r = JSON.stringify(d.inputMode); d.inputMode = 'NUMERIC'; r += ' ' + d.inputMode + ' ' + d.getAttribute('inputmode'); d.inputMode = 'bogus'; r += ' ' + JSON.stringify(d.inputMode); d.removeAttribute('inputmode'); return r; });
              t('autocap', function () { var r = JSON.stringify(d.autocapitalize); d.autocapitalize = 'Words'; r += ' ' + d.autocapitalize + ' ' + d.getAttribute('autocapitalize'); d.autocapitalize = 'xx'; r += ' ' + JSON.stringify(d.autocapitalize); d.setAttribute('autocapitalize', 'on'); r += ' ' + d.autocapitalize; d.setAttribute('autocapitalize', 'off'); r += ' ' + d.autocapitalize; d.removeAttribute('autocapitalize'); var i = document.createElement('input'); return r + ' ' + JSON.stringify(i.autocapitalize); });
              t('nonce', function () { var s = document.createElement('script'); s.setAttribute('nonce', 'abc'); return JSON.stringify(d.nonce) + ' ' + s.nonce + ' ' + s.getAttribute('nonce'); });
              t('a-text', function () { var a = document.getElementById('a'); var r = a.text; return r; });
              t('a-text-set', function () { var a = document.createElement('a'); a.innerHTML = '<b>x</b>'; a.text = 'new'; return a.innerHTML; });
              t('a-relList', function () { var a = document.getElementById('a'); var r = Object.prototype.toString.call(a.relList) + ' ' + a.relList.length + ' ' + a.relList.contains('help') + ' ' + a.relList.supports('noopener'); a.relList.add('x'); return r + ' ' + a.rel; });
              t('relList-supports', function () { var a = document.getElementById('a'); return a.relList.supports('stylesheet') + ' ' + a.relList.supports('noreferrer') + ' ' + a.relList.supports('bogus'); });
              t('form-rel', function () { var f = document.getElementById('f'); return f.rel + ' ' + f.relList.length + ' ' + f.relList.value; });
              t('iframe', function () { var f = document.getElementById('fr'); return Object.prototype.toString.call(f.sandbox) + ' ' + f.sandbox.length + ' ' + f.sandbox.value + ' ' + JSON.stringify(f.allow) + ' ' + JSON.stringify(f.loading) + ' ' + f.sandbox.supports('allow-scripts') + ' ' + f.sandbox.supports('bogus'); });
              t('iframe-loading', function () { var f = document.createElement('iframe'); f.loading = 'LAZY'; var r = f.loading + ' ' + f.getAttribute('loading'); f.loading = 'x'; return r + ' ' + JSON.stringify(f.loading); });
              t('img', function () { var i = document.getElementById('img'); return i.fetchPriority + ' ' + typeof i.x + ' ' + typeof i.y; });
              t('img-fp', function () { var i = document.createElement('img'); i.fetchPriority = 'HIGH'; var r = i.fetchPriority + ' ' + i.getAttribute('fetchpriority'); i.fetchPriority = 'x'; return r + ' ' + i.fetchPriority; });
              t('from-to', function () { var a = document.getElementById('a'), out = []; ['mouseover', 'mouseout', 'click', 'mouseenter', 'mouseleave', 'dragenter'].forEach(function (type) { var e = new MouseEvent(type, { relatedTarget: a }); d.addEventListener(type, function h(ev) { out.push(type + ':' + (ev.fromElement && ev.fromElement.id) + '/' + (ev.toElement && ev.toElement.id)); d.removeEventListener(type, h); }); d.dispatchEvent(e); }); var un = new MouseEvent('mouseover', { relatedTarget: a }); out.push('undispatched:' + un.fromElement + '/' + un.toElement); return out.join(' '); });
              t('role', function () { var r = JSON.stringify(d.role) + ' ' + JSON.stringify(d.ariaLabel); d.role = 'button'; d.ariaLabel = 'L'; d.ariaHidden = 'true'; r += ' ' + d.getAttribute('role') + ' ' + d.getAttribute('aria-label') + ' ' + d.getAttribute('aria-hidden'); d.ariaLabel = null; return r + ' ' + d.hasAttribute('aria-label'); });
              t('aria-desc', function () { var x = Object.getOwnPropertyDescriptor(Element.prototype, 'ariaLabel'); return typeof x.get + ' ' + x.enumerable + ' ' + x.configurable; });
              t('captureEvents', function () { return typeof document.captureEvents + ' ' + document.captureEvents() + ' ' + document.releaseEvents() + ' ' + document.clear(); });
              t('checkVisibility', function () { return d.checkVisibility(); });
              return out.join('\\n');
            })()
            """)
        #expect((result.stringValue ?? "").components(separatedBy: "\n") == [
            #"doc-children = 1 HTML HTML 1 [object HTMLCollection]"#,
            #"frag-children = 1 1 I"#,
            #"spc-1 = undefined false"#,
            #"spc-99 THROWS NotFoundError: The object can not be found here."#,
            #"rpc-99 THROWS NotFoundError: The object can not be found here."#,
            #"rpc-1 = undefined"#,
            #"hpc-99 = false"#,
            #"spc-noarg THROWS TypeError: Not enough arguments"#,
            #"siv = function undefined undefined"#,
            #"ce = inherit true true false true"#,
            #"ce-set = true true true false"#,
            #"ce-pt = plaintext-only true"#,
            #"ce-bad THROWS SyntaxError: The string did not match the expected pattern."#,
            #"ce-attr = true inherit false"#,
            #"designMode-ice = true"#,
            #"draggable = true true false false"#,
            #"draggable-set = true false false"#,
            #"spellcheck = true false false true"#,
            #"translate = true no"#,
            #"inert = false  true false"#,
            #"inputMode = "" numeric NUMERIC """#,
            #"autocap = "" words Words "sentences" sentences none """#,
            #"nonce = "" abc abc"#,
            #"a-text = Link text"#,
            #"a-text-set = new"#,
            #"a-relList = [object DOMTokenList] 2 true true noopener help x"#,
            #"relList-supports = false true false"#,
            #"form-rel = nofollow 1 nofollow"#,
            #"iframe = [object DOMTokenList] 2 allow-scripts allow-forms "" "eager" true false"#,
            #"iframe-loading = lazy LAZY "eager""#,
            #"img = auto number number"#,
            #"img-fp = auto HIGH auto"#,
            #"from-to = mouseover:a/d mouseout:d/a click:a/d mouseenter:a/d mouseleave:d/a dragenter:a/d undispatched:https://shop.example/x/null"#,
            #"role = null null button L true false"#,
            #"aria-desc = function true true"#,
            #"captureEvents = function undefined undefined undefined"#,
            #"checkVisibility = true"#,
        ])
    }

    @Test func documentFontsIsAnEmptyLoadedSet() async throws {
        let webView = HeadlessWebView(runtime: JavaScriptRuntime())
        try await webView.loadHTMLString("<!doctype html><p>x</p>", baseURL: URL(string: "https://shop.example/page.html"))
        let result = try await webView.callAsyncJavaScript("""
            (function () {
            var f = document.fonts, out = [];
            out.push(Object.prototype.toString.call(f), f.status, f.size, f.ready === f.ready, f === document.fonts,
                     f instanceof EventTarget, f.check('12px serif'), f.onloadingdone, [...f].length);
            try { f.has({}); } catch (e) { out.push(e.name + ': ' + e.message); }
            try { f.check(); } catch (e) { out.push(e.name + ': ' + e.message); }
            out.push(Object.keys(Object.getPrototypeOf(f)).join());
            return f.ready.then(function (ready) {
              out.push(ready === f);
              return f.load('12px serif');
            }).then(function (faces) { out.push(JSON.stringify(faces)); return out.join('|'); });
            })()
            """)
        #expect(result == .string([
            "[object FontFaceSet]", "loaded", "0", "true", "true", "true", "true", "", "0",   // onloadingdone: null, joined as ""
            "TypeError: Argument 1 ('font') to FontFaceSet.has must be an instance of FontFace",
            "TypeError: Not enough arguments",
            "size,onloading,onloadingdone,onloadingerror,ready,status,has,add,delete,clear,load,check,entries,keys,values,forEach",
            "true", "[]",
        ].joined(separator: "|")))
    }
}
