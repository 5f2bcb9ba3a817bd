import Foundation
import JavaScript
import Testing
@testable import WebView

/// `MutationObserver` and `MutationRecord` (dom/observers.js), each test on its own web view.
@Suite struct DOMObserversTests {
    /// A page script prefix: `show(records)` turns records into comparable strings
    /// (`type|target|attributeName|oldValue|added|removed|previous|next`).
    private static let show = """
        function name(n) { return n ? (n.id || n.nodeName) : ''; }
        function show(records) {
          return records.map(function (r) {
            return [r.type, name(r.target), r.attributeName || '', r.oldValue === null ? 'null' : r.oldValue,
                    Array.from(r.addedNodes).map(name).join(','), Array.from(r.removedNodes).map(name).join(','),
                    name(r.previousSibling), name(r.nextSibling)].join('|');
          });
        }
        """

    private func run(_ script: String, result: String = "out") async throws -> JSONValue {
        let (value, errors) = try await evaluatePage(
            "<body><div id=\"root\"><p id=\"a\">A</p><p id=\"b\">B</p></div><script>\(Self.show)\n\(script)</script></body>", result)
        #expect(errors.isEmpty, "\(errors)")
        return value
    }

    @Test func childListRecordsCarrySiblingsAndArriveInOneMicrotask() async throws {
        let out = try await run("""
            var root = document.getElementById('root'), out = [], calls = 0;
            new MutationObserver(function (records, observer) {
              calls++;
              out.push(show(records), records[0].addedNodes instanceof NodeList, typeof observer.observe, String(records[0]));
            }).observe(root, { childList: true });
            var c = document.createElement('p'); c.id = 'c';
            root.insertBefore(c, document.getElementById('b'));
            root.removeChild(document.getElementById('a'));
            var f = document.createDocumentFragment(), d = document.createElement('p'), e = document.createElement('p');
            d.id = 'd'; e.id = 'e'; f.appendChild(d); f.appendChild(e);
            root.replaceChild(f, c);
            out.push('sync:' + calls);
            setTimeout(function () { out.push('calls:' + calls); }, 0);
            """)
        #expect(out == ["sync:0", ["childList|root||null|c||a|b", "childList|root||null||a||c", "childList|root||null|d,e|c||b"],
                        true, "function", "[object MutationRecord]", "calls:1"])
    }

    @Test func attributesWithOldValuesAndFilter() async throws {
        let out = try await run("""
            var a = document.getElementById('a'), out = [];
            var observer = new MutationObserver(function () {});
            observer.observe(a, { attributeOldValue: true, attributeFilter: ['class', 'title'] });
            a.className = 'x'; a.setAttribute('class', 'y'); a.setAttribute('class', 'y'); a.setAttribute('data-no', '1');
            a.title = 't'; a.removeAttribute('class');
            var attr = document.createAttribute('title'); attr.value = 'u';
            a.setAttributeNode(attr);
            out = show(observer.takeRecords()).concat(observer.takeRecords().length);
            """)
        // the same value set again is a change; setAttributeNode replacing `title` is one change from 't'
        #expect(out == ["attributes|a|class|null||||", "attributes|a|class|x||||", "attributes|a|class|y||||",
                        "attributes|a|title|null||||", "attributes|a|class|y||||", "attributes|a|title|t||||", 0])
    }

    @Test func detachedCharacterDataIsObservedAsVueNextTickDoes() async throws {
        let out = try await run("""
            var out = [], counter = 1, text = document.createTextNode(String(counter));
            new MutationObserver(function (records) { out.push(show(records)); }).observe(text, { characterData: true });
            var quiet = new MutationObserver(function (records) { out.push('quiet saw ' + records.length); });
            quiet.observe(text, { childList: true });
            counter = (counter + 1) % 2; text.data = String(counter);
            Promise.resolve().then(function () {
              var old = new MutationObserver(function (records) { out.push(show(records)); });
              old.observe(text, { characterDataOldValue: true });
              text.appendData('!'); text.replaceData(0, 1, 'z');
            });
            """)
        #expect(out == [["characterData|#text||null||||"], ["characterData|#text||null||||", "characterData|#text||null||||"],
                        ["characterData|#text||0||||", "characterData|#text||0!||||"]])
    }

    @Test func subtreeAndTransientObserversSeeChangesInRemovedNodes() async throws {
        let out = try await run("""
            var root = document.getElementById('root'), a = document.getElementById('a'), out = [];
            var observer = new MutationObserver(function (records) { out.push(show(records)); });
            observer.observe(root, { childList: true, subtree: true, characterData: true, attributes: true });
            root.removeChild(a);
            a.setAttribute('class', 'late');
            a.firstChild.data = 'changed';
            a.appendChild(document.createElement('i'));
            Promise.resolve().then(function () {
              a.setAttribute('class', 'after delivery');   // the transient observer is gone
              var b = document.getElementById('b');
              b.remove();
              b.remove();   // no parent: nothing happens
            });
            """)
        #expect(out == [["childList|root||null||a||b", "attributes|a|class|null||||", "characterData|#text||null||||",
                         "childList|a||null|I||#text|"],
                        ["childList|root||null||b||"]])
    }

    @Test func detachedTreesAreObservedLikeConnectedOnes() async throws {
        let out = try await run("""
            var out = [], tree = document.createElement('ul');
            tree.innerHTML = '<li id="x">x</li><li id="y">y</li>';
            var observer = new MutationObserver(function () {});
            observer.observe(tree, { childList: true, subtree: true, attributes: true, attributeOldValue: true });
            tree.removeChild(tree.firstChild);
            tree.firstChild.setAttribute('id', 'z');
            tree.textContent = '';
            out = show(observer.takeRecords());
            document.getElementById('root').appendChild(tree);   // observed from the tree, not the document
            out.push(observer.takeRecords().length);
            """)
        #expect(out == ["childList|UL||null||x||z", "attributes|z|id|y||||", "childList|UL||null||z||", 0])
    }

    @Test func innerHTMLAndTextContentReplaceAllChildrenInOneRecord() async throws {
        let out = try await run("""
            var root = document.getElementById('root'), observer = new MutationObserver(function () {});
            observer.observe(root, { childList: true, subtree: true });
            root.innerHTML = '<i id="x">1</i><b id="y">2</b><u id="z">3</u>';
            var out = show(observer.takeRecords());
            root.textContent = 'text';
            out = out.concat(show(observer.takeRecords()));
            root.textContent = '';
            out = out.concat(show(observer.takeRecords()));
            var template = document.createElement('template');
            root.appendChild(template);
            observer.takeRecords();
            template.innerHTML = '<p>inside</p>';   // the template's content changes, not the observed tree
            out.push(observer.takeRecords().length);
            """)
        #expect(out == ["childList|root||null|x,y,z|a,b||", "childList|root||null|#text|x,y,z||", "childList|root||null||#text||", 0])
    }

    @Test func observersAreNotifiedInCreationOrderAndDisconnectDropsRecords() async throws {
        let out = try await run("""
            var root = document.getElementById('root'), out = [];
            var first = new MutationObserver(function (r) { out.push('first ' + r.length); });
            var second = new MutationObserver(function (r) { out.push('second ' + r.length); });
            var third = new MutationObserver(function (r) { out.push('third ' + r.length); });
            second.observe(root, { attributes: true });
            first.observe(root, { childList: true });
            third.observe(root, { attributes: true });
            root.setAttribute('x', '1');
            root.appendChild(document.createElement('i'));
            third.disconnect();
            root.setAttribute('x', '2');
            second.observe(root, { childList: true });   // replaces its options: attributes no more
            root.setAttribute('x', '3');
            root.appendChild(document.createElement('i'));
            """)
        #expect(out == ["first 2", "second 3"])
    }

    @Test func invalidOptionsAndTargetsThrowTypeErrors() async throws {
        let out = try await run("""
            var root = document.getElementById('root'), observer = new MutationObserver(function () {});
            function error(f) { try { f(); return 'ok'; } catch (e) { return e.name; } }
            var out = [
              error(function () { observer.observe(root); }),
              error(function () { observer.observe(root, {}); }),
              error(function () { observer.observe(root, { attributes: false, attributeOldValue: true }); }),
              error(function () { observer.observe(root, { attributes: false, attributeFilter: ['a'] }); }),
              error(function () { observer.observe(root, { characterData: false, characterDataOldValue: true }); }),
              error(function () { observer.observe(root, { attributes: true, attributeFilter: 5 }); }),
              error(function () { observer.observe({}, { childList: true }); }),
              error(function () { observer.observe(root, { attributeOldValue: true }); }),
              error(function () { observer.observe(root, { characterDataOldValue: true }); }),
              error(function () { new MutationObserver(); }),
              error(function () { MutationObserver(function () {}); }),
              error(function () { new MutationRecord(); }),
              typeof WebKitMutationObserver
            ];
            """)
        #expect(out == ["TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "ok", "ok",
                        "TypeError", "TypeError", "TypeError", "function"])
    }

    @Test func theAPIsInstalledOnFirstUseBehaveAsIfAlwaysThere() async throws {
        let (out, errors) = try await evaluatePage("""
            <p id="p">x</p><script>
            var names = ['MutationObserver', 'MutationRecord', 'WebKitMutationObserver', 'customElements', 'CustomElementRegistry',
                         'HTMLElement', 'ShadowRoot', 'HTMLSlotElement'];
            var p = document.getElementById('p');
            var out = [names.every(function (n) { return n in window; }), p.shadowRoot, p.assignedSlot,
                       p.getRootNode() === document, typeof MutationObserver, typeof customElements.define,
                       p instanceof HTMLElement, typeof p.attachShadow];
            window.WebKitMutationObserver = 'replaced';
            out.push(WebKitMutationObserver);
            </script>
            """, "out")
        #expect(errors.isEmpty)
        #expect(out == [true, nil, nil, true, "function", "function", true, "function", "replaced"])
    }

    @Test func callbackErrorsAreReportedAndLaterObserversStillRun() async throws {
        let (webView, log) = makeWebView()
        try await webView.loadHTMLString("""
            <div id="root"></div><script>
            var out = [], root = document.getElementById('root');
            new MutationObserver(function () { throw new Error('observer broke'); }).observe(root, { childList: true });
            new MutationObserver(function (r) { out.push(r.length); }).observe(root, { childList: true });
            root.textContent = 'x';
            </script>
            """, baseURL: nil)
        #expect(try await webView.evaluateJavaScript("out") == [1])
        #expect(log.exceptions.map(\.message).contains { $0.contains("observer broke") })
        await webView.close()
    }
}
