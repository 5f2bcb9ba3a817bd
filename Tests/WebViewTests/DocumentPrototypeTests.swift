import Foundation
import JavaScript
import Testing
@testable import WebView

/// The members the web view adds to documents live on `Document.prototype`, as WebKit's do, and answer for every
/// document: the page's, and those without a browsing context (createHTMLDocument's, DOMParser's, a template's
/// contents', a clone), which libraries make to parse and sanitise HTML (jQuery's parseHTML, DOMPurify). Every expected
/// value was observed on WebKitGTK 2.50 (`hybrid run --engine webkit`).
@Suite struct DocumentPrototypeTests {
    private func open() async throws -> HeadlessWebView {
        let webView = HeadlessWebView(runtime: JavaScriptRuntime())
        try await webView.loadHTMLString("<!doctype html><html><body><p>x</p></body></html>",
                                         baseURL: URL(string: "https://example.com/page.html"))
        return webView
    }

    private func lines(_ webView: HeadlessWebView, _ script: String) async throws -> [String] {
        let result = try await webView.evaluateJavaScript("""
            (function () {
              var out = [];
              function t(name, f) { try { out.push(name + ' ' + f()); } catch (e) { out.push(name + ' throws ' + e.name + ': ' + e.message); } }
              \(script)
              return out.join('\\n');
            })()
            """)
        return (result.stringValue ?? "").components(separatedBy: "\n")
    }

    /// Before, they were own properties of the page's document: `Object.keys(document)` listed `cookie`, `forms`,
    /// `createEvent`..., and a page patching `Document.prototype.write` did not reach `document.write`.
    @Test func membersAreOnDocumentPrototype() async throws {
        let webView = try await open()
        let names = ["currentScript", "visibilityState", "hidden", "hasFocus", "write", "writeln", "open", "close", "scripts",
                     "images", "embeds", "plugins", "links", "anchors", "applets", "domain", "referrer", "lastModified",
                     "designMode", "execCommand", "queryCommandSupported", "queryCommandEnabled", "queryCommandState",
                     "queryCommandIndeterm", "queryCommandValue", "createEvent", "createElement", "forms", "activeElement",
                     "styleSheets", "adoptedStyleSheets", "timeline", "cookie"]
        let list = names.map { "'\($0)'" }.joined(separator: ",")
        let out = try await lines(webView, """
            var own = [\(list)].filter(function (n) { return Object.prototype.hasOwnProperty.call(document, n); });
            var elsewhere = [\(list)].filter(function (n) { return !Object.prototype.hasOwnProperty.call(Document.prototype, n); });
            t('own', function () { return own.join(','); });
            t('not-on-prototype', function () { return elsewhere.join(','); });
            t('write', function () { return JSON.stringify(Object.getOwnPropertyDescriptor(Document.prototype, 'write')); });
            t('cookie', function () { var d = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie'); return typeof d.get + ' ' + typeof d.set + ' ' + d.enumerable + ' ' + d.configurable; });
            t('patched', function () {
              var original = Document.prototype.write, seen = [];
              Document.prototype.write = function (text) { seen.push(text); };
              document.write('zz');
              Document.prototype.write = original;
              return seen.join();
            });
            t('keys', function () { return Object.keys(document).filter(function (k) { return [\(list)].indexOf(k) >= 0; }).join(','); });
            """)
        #expect(out == [
            "own ", "not-on-prototype ", "write {\"writable\":true,\"enumerable\":true,\"configurable\":true}",
            "cookie function function true true", "patched zz", "keys ",
        ])
    }

    /// createHTMLDocument's and DOMParser's documents answer as WebKit's: before, most of these threw domino's
    /// "NotYetImplemented" or were undefined.
    @Test func documentsWithoutABrowsingContextAnswerAsWebKits() async throws {
        let webView = try await open()
        let out = try await lines(webView, """
            var c = document.implementation.createHTMLDocument('t');
            var p = new DOMParser().parseFromString('<p>x<img><a href=x>y</a><script>1<\\/script><style>p{color:red}</style></p>', 'text/html');
            t('prototypes', function () {
              return [c, p, document.createElement('template').content.ownerDocument, document.cloneNode()].map(function (d) { return Object.getPrototypeOf(d) === HTMLDocument.prototype; }).join() +
                ' ' + (Object.getPrototypeOf(document.implementation.createDocument(null, 'r')) === XMLDocument.prototype) +
                ' ' + (Object.getPrototypeOf(new DOMParser().parseFromString('<r/>', 'text/xml')) === XMLDocument.prototype) +
                ' ' + (Object.getPrototypeOf(new Document()) === Document.prototype);
            });
            t('readyState', function () { return c.readyState + ' ' + p.readyState + ' ' + new DOMParser().parseFromString('<r/>', 'text/xml').readyState; });
            t('visibility', function () { return c.visibilityState + ' ' + c.hidden + ' ' + c.hasFocus() + ' ' + c.currentScript; });
            t('collections', function () { return [p.scripts, p.images, p.links, p.forms, p.anchors].map(function (l) { return Object.prototype.toString.call(l) + l.length; }).join(); });
            t('sameCollection', function () { return (p.images === p.images) + ' ' + (p.images !== document.images); });
            t('styleSheets', function () { return Object.prototype.toString.call(p.styleSheets) + ' ' + p.styleSheets.length + ' ' + p.adoptedStyleSheets.length; });
            t('domain', function () { return c.domain + ' ' + c.referrer; });
            t('setDomain', function () { c.domain = 'example.com'; });
            t('lastModified', function () { return /^\\d\\d\\/\\d\\d\\/\\d{4} \\d\\d:\\d\\d:\\d\\d$/.test(c.lastModified); });
            t('designMode', function () { c.designMode = 'on'; return c.designMode + ' ' + document.designMode; });
            t('cookie', function () { document.cookie = 'a=1'; c.cookie = 'b=2'; return JSON.stringify(c.cookie) + ' ' + document.cookie; });
            t('commands', function () { return c.queryCommandSupported('bold') + ' ' + c.queryCommandEnabled('selectAll') + ' ' + JSON.stringify(c.queryCommandValue('bold')) + ' ' + c.queryCommandState('bold') + ' ' + c.execCommand('selectAll') + ' ' + document.queryCommandSupported('bold'); });
            t('noArguments', function () { return c.queryCommandSupported(); });
            t('createEvent', function () { return Object.prototype.toString.call(c.createEvent('MouseEvent')); });
            t('activeElement', function () { var e = document.implementation.createHTMLDocument(''); var body = e.activeElement === e.body; e.documentElement.removeChild(e.body); return body + ' ' + e.activeElement; });
            t('timeline', function () { return (c.timeline !== document.timeline) + ' ' + c.timeline.currentTime + ' ' + typeof document.timeline.currentTime; });
            t('xml', function () { var x = document.implementation.createDocument(null, 'r'); return x.cookie === '' && x.visibilityState + ' ' + x.forms.length; });
            t('xmlWrite', function () { document.implementation.createDocument(null, 'r').write('a'); });
            """)
        #expect(out == [
            "prototypes true,true,true,true true true true",
            "readyState loading complete complete",
            "visibility hidden true false null",
            "collections [object HTMLCollection]1,[object HTMLCollection]1,[object HTMLCollection]1,[object HTMLCollection]0,[object HTMLCollection]0",
            "sameCollection true true",
            "styleSheets [object StyleSheetList] 0 0",
            "domain example.com ",
            "setDomain throws SecurityError: A browsing context is required to set a domain.",
            "lastModified true",
            "designMode on off",
            "cookie \"\" a=1",
            "commands false false \"\" false false true",
            "noArguments throws TypeError: Not enough arguments",
            "createEvent [object MouseEvent]",
            "activeElement true null",
            "timeline true null number",
            "xml hidden 0",
            "xmlWrite throws InvalidStateError: The object is in an invalid state.",
        ])
    }

    /// document.open/write/close on a document without a browsing context: after open(), what is written replaces
    /// it and its scripts do not run; without open(), the text goes at the end of its body.
    @Test func writingADocumentWithoutABrowsingContext() async throws {
        let webView = try await open()
        let out = try await lines(webView, """
            var c = document.implementation.createHTMLDocument('t');
            t('withoutOpen', function () { c.write('<b id=w>x</b>'); return c.documentElement.outerHTML; });
            t('closed', function () { c.close(); return c.readyState; });
            var d = document.implementation.createHTMLDocument('t');
            t('open', function () { return (d.open() === d) + ' ' + d.readyState + ' ' + d.childNodes.length; });
            t('written', function () { d.write('<p>a'); d.writeln('b</p><script>window.ran = 1<\\/script>'); return d.childNodes.length + ' ' + JSON.stringify(d.body.innerHTML) + ' ' + window.ran; });
            t('close', function () { d.close(); return d.readyState + ' ' + document.body.innerHTML; });
            """)
        #expect(out == [
            "withoutOpen <html><head><title>t</title></head><body><b id=\"w\">x</b></body></html>",
            "closed complete",
            "open true loading 0",
            #"written 1 "<p>ab</p><script>window.ran = 1</script>\n" undefined"#,
            "close complete <p>x</p>",
        ])
    }

    /// domino's base interfaces had no `constructor` of their own: a text node's said EventTarget.
    @Test func basePrototypesNameTheirInterface() async throws {
        let webView = try await open()
        let out = try await lines(webView, """
            t('constructors', function () {
              return ['Node', 'Element', 'CharacterData', 'Text', 'Comment', 'Document', 'DocumentFragment', 'DocumentType'].filter(function (n) {
                return !Object.prototype.hasOwnProperty.call(window[n].prototype, 'constructor') || window[n].prototype.constructor !== window[n];
              }).join();
            });
            t('instances', function () { return [document.createTextNode(''), document.createComment(''), document.createDocumentFragment(), document.doctype, new Document()].map(function (o) { return o.constructor.name; }).join(); });
            t('descriptor', function () { var d = Object.getOwnPropertyDescriptor(Node.prototype, 'constructor'); return d.writable + ' ' + d.enumerable + ' ' + d.configurable; });
            """)
        #expect(out == ["constructors ", "instances Text,Comment,DocumentFragment,DocumentType,Document", "descriptor true false true"])
    }
}
