import Foundation
import JavaScript
import Testing
@testable import WebView

/// Selector results and collections as browsers give them (`platform/collections.js`).
@Suite struct DOMCollectionsTests {
    private let page = """
        <ul id="list" class="a b"><li class="item">1</li><li class="item">2</li></ul>
        <svg id="pic"><g class="item"></g></svg>
        """

    @Test func querySelectorReturnsNullWhenNothingMatches() async throws {
        let (webView, _) = makeWebView()
        try await webView.loadHTMLString(page, baseURL: nil)
        #expect(try await webView.evaluateJavaScript("""
            [document.querySelector('#nope') === null, document.body.querySelector('.nope') === null,
             document.querySelector('#pic').querySelector('b') === null, document.querySelector('li').textContent,
             document.querySelector('#pic').querySelector('g').getAttribute('class')]
            """) == [true, true, true, "1", "item"])
        await webView.close()
    }

    @Test func querySelectorAllIsAStaticIterableNodeList() async throws {
        let (webView, _) = makeWebView()
        try await webView.loadHTMLString(page, baseURL: nil)
        #expect(try await webView.evaluateJavaScript("""
            var simple = document.querySelectorAll('li'), scoped = document.body.querySelectorAll('li');
            var seen = [];
            simple.forEach(function (li) { seen.push(li.textContent); });
            document.getElementById('list').appendChild(document.createElement('li'));
            [simple instanceof NodeList, scoped instanceof NodeList, seen, [...simple].length, simple.length,
             scoped.length, document.querySelectorAll('li').length, simple.item(5)]
            """) == [true, true, ["1", "2"], 2, 2, 2, 3, nil])
        await webView.close()
    }

    @Test func collectionsAndTokenListsAreIterable() async throws {
        let (webView, _) = makeWebView()
        try await webView.loadHTMLString(page, baseURL: nil)
        #expect(try await webView.evaluateJavaScript("""
            var list = document.getElementById('list'), classes = [];
            list.classList.forEach(function (c) { classes.push(c); });
            list.appendChild(document.createElement('li'));
            var live = document.getElementsByTagName('li');
            [[...list.children].length, [...live].length, [...document.getElementsByClassName('item')].length,
             [...list.classList], classes, list.children instanceof HTMLCollection, live instanceof HTMLCollection,
             document.querySelectorAll('li') instanceof HTMLCollection, ({}) instanceof HTMLCollection]
            """) == [3, 3, 3, ["a", "b"], ["a", "b"], true, true, false, false])
        await webView.close()
    }

    @Test func badSelectorsStillThrowAndHTMLCollectionIsNotConstructible() async throws {
        let (webView, _) = makeWebView()
        try await webView.loadHTMLString(page, baseURL: nil)
        #expect(try await webView.evaluateJavaScript("""
            function name(f) { try { f(); return 'no error'; } catch (e) { return e.name; } }
            [name(function () { document.querySelector('[[['); }), name(function () { document.body.querySelectorAll('a[') }),
             name(function () { new HTMLCollection(); })]
            """) == ["SyntaxError", "SyntaxError", "TypeError"])
        await webView.close()
    }
}
