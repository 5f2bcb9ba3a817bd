import Foundation
import JavaScript
import Testing
@testable import WebView

/// `node.baseURI` and what links resolve against: the document base URL as HTML defines it. domino's `baseURI` threw
/// "NotYetImplemented" (so `new URL(path, document.baseURI)`, a common way to build URLs, failed), and its base
/// URL made about:blank '/'. Every expected value was observed on WebKitGTK 2.50 (`hybrid run --engine webkit`).
@Suite struct BaseURITests {
    @Test func theDocumentBaseURLFollowsBaseElements() async throws {
        let webView = HeadlessWebView(runtime: JavaScriptRuntime())
        try await webView.loadHTMLString("""
            <!doctype html><head><base href="/sub/dir/"></head><body><a id=a href="x.html">a</a>
            <iframe srcdoc="<a id=b href='y'>y</a>"></iframe></body>
            """, baseURL: URL(string: "https://shop.example/app/page.html"))
        let result = try await webView.evaluateJavaScript("""
            var frame = document.querySelector('iframe').contentDocument;
            var parsed = new DOMParser().parseFromString('<base href="https://other.example/q/"><a href=z>z</a>', 'text/html');
            [document.baseURI, document.body.baseURI, document.createTextNode('').baseURI, document.getElementById('a').href,
             new URL('api/items', document.baseURI).href, frame.baseURI, frame.getElementById('b').href,
             parsed.baseURI, parsed.querySelector('a').href, new DOMParser().parseFromString('<p>', 'text/html').baseURI].join('\\n')
            """)
        #expect(result == .string([
            "https://shop.example/sub/dir/", "https://shop.example/sub/dir/", "https://shop.example/sub/dir/",
            "https://shop.example/sub/dir/x.html", "https://shop.example/sub/dir/api/items",
            "https://shop.example/sub/dir/", "https://shop.example/sub/dir/y",
            "https://other.example/q/", "https://other.example/q/z", "https://shop.example/app/page.html",
        ].joined(separator: "\n")))
    }

    /// A document without a browsing context and a template's contents have about:blank as their base: a relative
    /// URL there reads as written; an absolute one is still parsed.
    @Test func documentsWithoutABrowsingContextResolveNothingRelative() async throws {
        let webView = HeadlessWebView(runtime: JavaScriptRuntime())
        try await webView.loadHTMLString("<!doctype html><p>x</p>", baseURL: URL(string: "https://shop.example/app/page.html"))
        let result = try await webView.evaluateJavaScript("""
            var c = document.implementation.createHTMLDocument('');
            var a = c.createElement('a'); a.setAttribute('href', 'x/y.html');
            var b = c.createElement('a'); b.setAttribute('href', 'https://e.example/q');
            var img = c.createElement('img'); img.setAttribute('src', 'p.png');
            var t = document.createElement('template'); t.innerHTML = '<a href="t.html">t</a>';
            var adopted = document.importNode(t.content, true).firstChild;
            [c.baseURI, a.href, b.href, img.src, t.content.firstChild.href, t.content.firstChild.baseURI, adopted.href].join('\\n')
            """)
        #expect(result == .string([
            "about:blank", "x/y.html", "https://e.example/q", "p.png", "t.html", "about:blank",
            "https://shop.example/app/t.html",
        ].joined(separator: "\n")))
    }
}
