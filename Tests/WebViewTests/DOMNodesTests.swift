import Foundation
import JavaScript
import Testing
@testable import WebView

/// What the web view adds to domino's nodes: ParentNode methods, `dataset`, `innerText`, parsing and
/// serialization, Range and Selection.
@Suite struct DOMNodesTests {
    /// Loads `body` and returns the JSON text of the page's `out`.
    private func run(_ body: String) async throws -> String {
        let (webView, _) = makeWebView()
        try await webView.loadHTMLString(body, baseURL: URL(string: "http://127.0.0.1:1/app/index.html"))
        let value = try await webView.evaluateJavaScript("JSON.stringify(out)")
        await webView.close()
        return value.stringValue ?? ""
    }

    @Test func appendPrependAndReplaceChildrenTakeNodesAndStrings() async throws {
        let out = try await run("""
            <div id="d"><i>old</i></div><script>
            var d = document.getElementById('d'), log = [];
            d.append('a', document.createElement('b'), 'c');
            d.prepend('z');
            log.push(d.innerHTML);
            d.replaceChildren('only', document.createElement('hr'));
            log.push(d.innerHTML);
            d.replaceChildren();
            log.push(d.childNodes.length);
            var inside = document.createElement('span'); d.append(inside);
            log.push((function () { try { inside.append(d); } catch (e) { return e.name; } })());
            log.push((function () { try { d.replaceChildren(document); } catch (e) { return e.name; } })());
            log.push(d.childNodes.length);
            var f = document.createDocumentFragment(); f.append('x', 'y'); log.push(f.childNodes.length);
            var detached = document.createElement('p');
            var out = [log, detached.isConnected, d.isConnected, detached.getRootNode() === detached, inside.getRootNode() === document,
                       document.getRootNode({ composed: true }) === document];
            </script>
            """)
        #expect(out == #"[["z<i>old</i>a<b></b>c","only<hr>",0,"HierarchyRequestError","HierarchyRequestError",1,2],false,true,true,true,true]"#)
    }

    // observed on WebKitGTK 2.50: children removed together by textContent or innerHTML are each alone, so inserting one
    // elsewhere moves only it (jQuery's buildFragment; domino brought the former siblings along).
    @Test func childrenRemovedByTextContentOrInnerHTMLAreInsertedAlone() async throws {
        let out = try await run("""
            <div id="host"></div><script>
            var log = [];
            var tmp = document.createElement('div');
            tmp.innerHTML = '<div>a</div><table><tbody><tr><td>x</td></tr></tbody></table><p>b</p>';
            var kids = Array.prototype.slice.call(tmp.childNodes);
            tmp.textContent = '';
            var fragment = document.createDocumentFragment();
            kids.forEach(function (kid) { fragment.appendChild(kid); log.push(fragment.childNodes.length); });
            var host = document.getElementById('host');
            host.appendChild(fragment);
            log.push(host.innerHTML);
            var list = document.createElement('ul');
            list.innerHTML = '<li>1</li><li>2</li>';
            var first = list.firstChild;
            list.innerHTML = '<li>3</li>';
            var other = document.createElement('ol');
            other.appendChild(document.createElement('li'));
            other.appendChild(first);
            log.push(other.childNodes.length, first.nextSibling, first.previousSibling === other.firstChild, other.outerHTML);
            var out = log;
            </script>
            """)
        #expect(out == #"[1,2,3,"<div>a</div><table><tbody><tr><td>x</td></tr></tbody></table><p>b</p>",2,null,true,"<ol><li></li><li>1</li></ol>"]"#)
    }

    @Test func treeWalkerNodeIteratorAndClosestWorkOnEveryElementKind() async throws {
        let out = try await run("""
            <div id="r"><p>a<b>b</b></p><svg><g id="g"></g></svg></div><script>
            var r = document.getElementById('r'), names = [], texts = [], n;
            var w = document.createTreeWalker(r, NodeFilter.SHOW_ELEMENT);
            while (w.nextNode()) names.push(w.currentNode.localName);
            var it = document.createNodeIterator(r, NodeFilter.SHOW_TEXT);
            while ((n = it.nextNode())) texts.push(n.data);
            var out = [names, texts, document.getElementById('g').closest('div') === r, document.getElementById('g').closest('p'),
                       (function () { try { document.createTreeWalker(null); } catch (e) { return e.name; } })()];
            </script>
            """)
        #expect(out == #"[["p","b","svg","g"],["a","b"],true,null,"TypeError"]"#)
    }

    @Test func datasetIsALiveMapOfDataAttributes() async throws {
        let out = try await run("""
            <div id="d" data-foo-bar="1" data-x="2" data-Upper="no"></div><script>
            var d = document.getElementById('d'), ds = d.dataset;
            ds.helloWorld = 'hi';
            d.setAttribute('data-late', 'yes');
            var keys = Object.keys(ds), json = JSON.stringify(ds);
            delete ds.x;
            var out = [ds.fooBar, d.getAttribute('data-hello-world'), keys, json, 'x' in ds, d.hasAttribute('data-x'), ds.late,
                       ds === d.dataset, Object.prototype.toString.call(ds), ds.missing, typeof ds.toString,
                       (function () { try { ds['a-b'] = 1; } catch (e) { return e.name; } })(), d.dataset.upper];
            </script>
            """)
        #expect(out == #"["1","hi",["fooBar","x","upper","helloWorld","late"],"{\"fooBar\":\"1\",\"x\":\"2\",\"upper\":\"no\",\"helloWorld\":\"hi\",\"late\":\"yes\"}",false,false,"yes",true,"[object DOMStringMap]",null,"function","SyntaxError","no"]"#)
    }

    @Test func innerTextFollowsLineBreaksAndHiddenContent() async throws {
        let out = try await run("""
            <div id="d"><p>one   two</p><div>three<br>four <span style="display:none">hidden</span><span hidden>gone</span><span> five</span></div><pre>  keep
              this</pre><table><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></table><style>.x{}</style></div>
            <div id="none" style="display:none"><p>x</p>y</div><script>
            var d = document.getElementById('d'), t = document.createElement('div');
            t.innerText = 'line1\\nline2';
            var o = document.createElement('b'); d.appendChild(o); o.outerText = 'replaced';
            var out = [d.innerText, document.getElementById('none').innerText, t.innerHTML, document.createElement('p').innerText,
                       d.lastChild.nodeType, d.lastChild.data];
            </script>
            """)
        #expect(out == #"["one two\n\nthree\nfour five\n  keep\n  this\na\tb\nc\nreplaced","xy","line1<br>line2","",3,"replaced"]"#)
    }

    @Test func domParserReadsHTMLAndXMLAndReportsBadXMLAsBrowsersDo() async throws {
        let out = try await run("""
            <script>
            var html = new DOMParser().parseFromString('<p id=x>hi</p><img src=x onerror="window.ran = 1">', 'text/html');
            var xml = new DOMParser().parseFromString('<?xml version="1.0"?><r xmlns:p="urn:p"><p:c p:x="1">t</p:c><item a="1"/><item/></r>', 'application/xml');
            var bad = new DOMParser().parseFromString('<a><b></a>', 'text/xml');
            var empty = new DOMParser().parseFromString('', 'image/svg+xml');
            var out = [html.getElementById('x').textContent, html instanceof Document, window.ran === undefined,
                       xml.documentElement.nodeName, xml.getElementsByTagName('item').length, xml.querySelector('item').getAttribute('a'),
                       xml.documentElement.firstChild.namespaceURI, xml.getElementsByTagName('parsererror').length,
                       bad.getElementsByTagName('parsererror').length, bad.documentElement.namespaceURI,
                       bad.documentElement.firstChild.namespaceURI,
                       empty.getElementsByTagName('parsererror').length,
                       (function () { try { new DOMParser().parseFromString('x', 'text/plain'); } catch (e) { return e.name; } })(),
                       (function () { try { new DOMParser().parseFromString('x'); } catch (e) { return e.name; } })()];
            </script>
            """)
        #expect(out == #"["hi",true,true,"r",2,"1","urn:p",0,1,null,"http://www.w3.org/1999/xhtml",1,"TypeError","TypeError"]"#)
    }

    @Test func xmlSerializerWritesNamespacesAndEscapes() async throws {
        let out = try await run("""
            <p id="p" class="a">x &lt; <b>y</b><br></p><script>
            var s = new XMLSerializer();
            var xml = new DOMParser().parseFromString('<r xmlns="urn:x"><c a="&lt;&quot;"/>t&amp;<!--n--></r>', 'text/xml');
            var out = [s.serializeToString(document.getElementById('p')), s.serializeToString(xml),
                       (function () { try { s.serializeToString({}); } catch (e) { return e.name; } })()];
            </script>
            """)
        #expect(out == #"["<p xmlns=\"http://www.w3.org/1999/xhtml\" id=\"p\" class=\"a\">x &lt; <b>y</b><br /></p>","<r xmlns=\"urn:x\"><c a=\"&lt;&quot;\"/>t&amp;<!--n--></r>","TypeError"]"#)
    }

    @Test func rangesCloneExtractInsertAndSurround() async throws {
        let out = try await run("""
            <div id="a"><p id="p">Hello <b id="b">bold</b> world</p><p id="q">Second</p></div><script>
            var p = document.getElementById('p'), b = document.getElementById('b'), q = document.getElementById('q'), log = [];
            var r = document.createRange();
            r.setStart(p.firstChild, 2); r.setEnd(b.firstChild, 2);
            var holder = document.createElement('div'); holder.appendChild(r.cloneContents());
            log.push(r.toString(), holder.innerHTML, r.commonAncestorContainer === p);
            holder = document.createElement('div'); holder.appendChild(r.extractContents());
            log.push(holder.innerHTML, p.innerHTML, r.collapsed, r.startContainer === p, r.startOffset);
            var s = document.createRange(); s.setStart(q.firstChild, 1); s.setEnd(q.firstChild, 4);
            s.surroundContents(document.createElement('em'));
            log.push(q.innerHTML, s.startContainer === q, s.startOffset, s.endOffset);
            var i = new Range(); i.selectNodeContents(q); i.collapse(true); i.insertNode(document.createTextNode('>'));
            log.push(q.innerHTML, i.collapsed, i.endOffset);
            var d = document.createRange(); d.selectNode(b); d.deleteContents();
            log.push(p.innerHTML, document.getElementById('b'));
            var c = document.createRange(); c.setStart(q, 0); c.setEnd(q, 1);
            var other = document.createRange(); other.selectNodeContents(q);
            log.push(c.compareBoundaryPoints(Range.START_TO_START, other), c.compareBoundaryPoints(Range.END_TO_END, other),
                     c.comparePoint(q, 2), c.isPointInRange(q, 0), c.intersectsNode(p));
            var errors = [];
            [function () { r.setStart(q, 99); }, function () { r.setStart(document.doctype || document.implementation.createDocumentType('html', '', ''), 0); },
             function () { var t = document.createRange(); t.setStart(q.firstChild, 0); t.setEnd(q.querySelector('em').firstChild, 1); t.surroundContents(document.createElement('u')); },
             function () { var t = document.createRange(); t.selectNodeContents(q); t.surroundContents(document.createDocumentFragment()); },
             function () { c.compareBoundaryPoints(9, other); }, function () { r.selectNode(document); }].forEach(function (f) {
              try { f(); errors.push('none'); } catch (e) { errors.push(e.name); }
            });
            var back = document.createRange(); back.setStart(q, 2); back.setEnd(p, 0);
            var st = new StaticRange({ startContainer: q, startOffset: 5, endContainer: p, endOffset: 0 });
            var staticRange = [st.startOffset, st.collapsed, st instanceof AbstractRange, st instanceof Range,
                               (function () { try { new StaticRange({ startContainer: q, startOffset: 0, endContainer: document.doctype || document.implementation.createDocumentType('html', '', ''), endOffset: 0 }); } catch (e) { return e.name; } })(),
                               (function () { try { new StaticRange({ startContainer: q }); } catch (e) { return e.name; } })()];
            var out = [log, errors, back.collapsed, back.startContainer === p, staticRange];
            </script>
            """)
        #expect(out == #"[["llo bo","llo <b id=\"b\">bo</b>",true,"llo <b id=\"b\">bo</b>","He<b id=\"b\">ld</b> world",true,true,1,"S<em>eco</em>nd",true,1,2,"&gt;S<em>eco</em>nd",false,1,"He world",null,0,-1,1,true,false],["IndexSizeError","InvalidNodeTypeError","InvalidStateError","InvalidNodeTypeError","NotSupportedError","InvalidNodeTypeError"],true,true,[5,false,true,false,"InvalidNodeTypeError","TypeError"]]"#)
    }

    @Test func selectionHoldsOneRange() async throws {
        let (webView, _) = makeWebView()
        try await webView.loadHTMLString("""
            <p id="q">Second</p><p id="r">Third</p><script>
            var changes = 0;
            document.addEventListener('selectionchange', function () { changes++; });
            var s = getSelection(), q = document.getElementById('q'), r = document.getElementById('r');
            var before = [s.rangeCount, s.type, s.anchorNode, s.toString()];
            var range = document.createRange(); range.selectNodeContents(q);
            s.addRange(range);
            var second = document.createRange(); second.selectNodeContents(r); s.addRange(second);
            var during = [s.rangeCount, s.type, s.toString(), s.anchorNode === q, s.getRangeAt(0) === range, s.containsNode(q.firstChild),
                          s.containsNode(r, true), document.getSelection() === s];
            s.setBaseAndExtent(r.firstChild, 2, q.firstChild, 1);
            var backward = [s.direction, s.anchorNode === r.firstChild, s.focusOffset, s.toString()];
            s.collapseToEnd();
            var collapsed = [s.type, s.isCollapsed, s.anchorOffset];
            s.removeAllRanges();
            var errors = [];
            [function () { s.getRangeAt(0); }, function () { s.collapseToStart(); }, function () { s.addRange({}); },
             function () { s.removeRange(range); }].forEach(function (f) { try { f(); errors.push('none'); } catch (e) { errors.push(e.name); } });
            var out = [before, during, backward, collapsed, s.rangeCount, errors];
            </script>
            """, baseURL: nil)
        let out = try await webView.callAsyncJavaScript("new Promise(function (r) { setTimeout(r, 10); }).then(function () { return JSON.stringify([out, changes > 0]); })")
        #expect(out.stringValue == #"[[[0,"None",null,""],[1,"Range","Second",true,true,true,false,true],["backward",true,1,"econd\n\nTh"],["Caret",true,2],0,["IndexSizeError","InvalidStateError","TypeError","NotFoundError"]],true]"#)
        await webView.close()
    }
}
