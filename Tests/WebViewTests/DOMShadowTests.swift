import Foundation
import JavaScript
import Testing
@testable import WebView

/// Shadow DOM (dom/shadow.js), each test on its own web view.
@Suite struct DOMShadowTests {
    private func page(_ html: String, _ result: String = "log") async throws -> (JSONValue, [String]) {
        try await evaluatePage(html, result)
    }

    @Test func openAndClosedRootsAndWhatTheDocumentSees() async throws {
        let (out, errors) = try await page("""
            <div id="host"><span id="light">light</span></div><span id="closed-host"></span>
            <script>
            var host = document.getElementById('host'), root = host.attachShadow({ mode: 'open' });
            root.innerHTML = '<p id="inner" class="x">shadow <b>text</b></p>';
            var closedHost = document.getElementById('closed-host'), closedRoot = closedHost.attachShadow({ mode: 'closed' });
            closedRoot.innerHTML = '<i id="secret"></i>';
            var inner = root.querySelector('#inner');
            var log = [
              root === host.shadowRoot, root.host === host, root.mode, String(root), root instanceof DocumentFragment,
              root instanceof ShadowRoot, root.innerHTML, root.parentNode === null, closedHost.shadowRoot, closedRoot.mode,
              document.querySelector('#inner') == null, document.querySelectorAll('.x, #secret').length,
              host.querySelectorAll('p').length, host.innerHTML, closedRoot.querySelector('#secret') !== null,
              inner.getRootNode() === root, inner.getRootNode({ composed: true }) === document,
              document.getElementById('light').getRootNode() === document
            ];
            </script>
            """)
        #expect(errors.isEmpty)
        #expect(out == [true, true, "open", "[object ShadowRoot]", true, true, #"<p id="inner" class="x">shadow <b>text</b></p>"#,
                        true, nil, "closed", true, 0, 0, #"<span id="light">light</span>"#, true, true, true, true])
    }

    @Test func attachShadowRejectsBadModesElementsAndSecondRoots() async throws {
        let (out, _) = try await page("""
            <script>
            function error(f) { try { f(); return 'ok'; } catch (e) { return e.name; } }
            var div = document.createElement('div');
            div.attachShadow({ mode: 'open' });
            var log = [
              error(function () { div.attachShadow({ mode: 'open' }); }),
              error(function () { document.createElement('img').attachShadow({ mode: 'open' }); }),
              error(function () { document.createElement('div').attachShadow({ mode: 'half' }); }),
              error(function () { document.createElement('div').attachShadow({}); }),
              error(function () { document.createElement('div').attachShadow(); }),
              error(function () { document.createElement('x-widget').attachShadow({ mode: 'closed' }); }),
              error(function () { new ShadowRoot(); })
            ];
            </script>
            """)
        #expect(out == ["NotSupportedError", "NotSupportedError", "TypeError", "TypeError", "TypeError", "ok", "TypeError"])
    }

    @Test func slotsAssignNamedAndDefaultSlottablesAndSignalChanges() async throws {
        let (out, errors) = try await page("""
            <div id="host"><span id="one" slot="a">1</span><b id="two">2</b>text</div>
            <script>
            var log = [], host = document.getElementById('host'), root = host.attachShadow({ mode: 'open' });
            root.innerHTML = '<slot name="a" id="sa"></slot><slot id="sd">fallback <em id="fb">x</em></slot><slot name="none" id="sn">empty</slot>';
            var sa = root.getElementById ? root.querySelector('#sa') : root.querySelector('#sa');
            var sd = root.querySelector('#sd'), sn = root.querySelector('#sn');
            function ids(nodes) { return nodes.map(function (n) { return n.id || n.data; }).join(','); }
            log.push(sa instanceof HTMLSlotElement, sa.name, sd.name, ids(sa.assignedNodes()), ids(sd.assignedNodes()),
                     ids(sd.assignedElements()), ids(sn.assignedNodes()), ids(sn.assignedNodes({ flatten: true })),
                     document.getElementById('one').assignedSlot === sa, document.getElementById('one').slot);
            Promise.resolve().then(function () {
              sa.addEventListener('slotchange', function (e) { log.push('slotchange ' + e.target.id + ' ' + ids(sa.assignedNodes())); });
              sd.addEventListener('slotchange', function (e) { log.push('slotchange ' + e.target.id + ' ' + ids(sd.assignedNodes())); });
              new MutationObserver(function () { log.push('observer'); }).observe(host, { attributes: true, subtree: true });
              document.getElementById('two').slot = 'a';
              log.push('sync ' + ids(sa.assignedNodes()));
            });
            </script>
            """)
        #expect(errors.isEmpty)
        #expect(out == [true, "a", "", "one", "two,text", "two", "", "empty", true, "a", "sync one,two", "observer",
                        "slotchange sd text", "slotchange sa one,two"])
    }

    @Test func eventsAreRetargetedAndNonComposedOnesStopAtTheRoot() async throws {
        let (out, errors) = try await page("""
            <div id="host"></div><span id="closed-host"></span>
            <script>
            var log = [], host = document.getElementById('host'), root = host.attachShadow({ mode: 'open' });
            root.innerHTML = '<p id="inner"></p>';
            var inner = root.querySelector('#inner');
            var closedHost = document.getElementById('closed-host'), closedRoot = closedHost.attachShadow({ mode: 'closed' });
            closedRoot.innerHTML = '<i id="secret"></i>';
            function name(n) { return n === window ? 'window' : (n.id || n.nodeName); }
            function listen(node, label) {
              node.addEventListener('ping', function (e) {
                log.push(label + ' target=' + name(e.target) + ' phase=' + e.eventPhase + ' path=' + e.composedPath().map(name).join('>'));
              });
            }
            listen(inner, 'inner'); listen(root, 'root'); listen(host, 'host'); listen(document.body, 'body');
            listen(closedHost, 'closedHost');
            host.addEventListener('ping', function (e) { log.push('host capture target=' + name(e.target)); }, true);
            var composed = new Event('ping', { bubbles: true, composed: true });
            inner.dispatchEvent(composed);
            var local = new Event('ping', { bubbles: true });
            log.push('after target=' + name(composed.target));
            inner.dispatchEvent(local);
            log.push('after target=' + local.target);
            closedRoot.querySelector('#secret').dispatchEvent(new Event('ping', { bubbles: true, composed: true }));
            </script>
            """)
        #expect(errors.isEmpty)
        let composedPath = "inner>#document-fragment>host>BODY>HTML>#document>window"
        let closedPath = "closed-host>BODY>HTML>#document>window"
        let expected = [
            "host capture target=host",
            "inner target=inner phase=2 path=\(composedPath)", "root target=inner phase=3 path=\(composedPath)",
            "host target=host phase=2 path=\(composedPath)", "body target=host phase=3 path=\(composedPath)",
            "after target=host",
            "inner target=inner phase=2 path=inner>#document-fragment", "root target=inner phase=3 path=inner>#document-fragment",
            "after target=null",
            "closedHost target=closed-host phase=2 path=\(closedPath)", "body target=closed-host phase=3 path=\(closedPath)"
        ]
        #expect(out == .array(expected.map(JSONValue.string)))
    }

    @Test func eventsFromSlottedNodesPassThroughTheirSlot() async throws {
        let (out, errors) = try await page("""
            <div id="host"><span id="light" slot="s">light</span></div>
            <script>
            var log = [], host = document.getElementById('host'), root = host.attachShadow({ mode: 'open' });
            root.innerHTML = '<div id="wrap"><slot name="s" id="slot"></slot></div>';
            function name(n) { return n === window ? 'window' : (n.id || n.nodeName); }
            [root.querySelector('#wrap'), root.querySelector('#slot'), host].forEach(function (node) {
              node.addEventListener('tap', function (e) { log.push(name(e.currentTarget) + ' target=' + name(e.target)); });
            });
            var tap = new Event('tap', { bubbles: true });   // not composed: it starts in the light tree
            document.getElementById('light').dispatchEvent(tap);
            log.push(tap.composedPath().length);
            </script>
            """)
        #expect(errors.isEmpty)
        #expect(out == ["slot target=light", "wrap target=light", "host target=light", 0])
    }

    @Test func clicksInsideAShadowTreeReachTheDocumentAtTheHost() async throws {
        let (out, errors) = try await page("""
            <div id="host"></div>
            <script>
            var log = [], host = document.getElementById('host'), root = host.attachShadow({ mode: 'closed' });
            root.innerHTML = '<button id="inside">go</button>';
            var button = root.querySelector('#inside');
            button.addEventListener('click', function (e) { log.push('button ' + e.target.id); });
            document.addEventListener('click', function (e) { log.push('document ' + e.target.id + ' ' + e.composedPath().length); });
            button.click();
            button.dispatchEvent(new Event('click', { bubbles: true }));   // a page's own event is not composed
            </script>
            """)
        #expect(errors.isEmpty)
        #expect(out == ["button inside", "document host 5", "button inside"])
    }

    @Test func customElementsInShadowTreesFollowTheirHostsConnection() async throws {
        let (out, errors) = try await page("""
            <div id="host"></div>
            <script>
            var log = [];
            class XIn extends HTMLElement {
              connectedCallback() { log.push('connected'); }
              disconnectedCallback() { log.push('disconnected'); }
            }
            customElements.define('x-in', XIn);
            var host = document.getElementById('host'), root = host.attachShadow({ mode: 'open' });
            root.appendChild(document.createElement('x-in'));
            host.remove();
            document.body.appendChild(host);
            var detached = document.createElement('div');
            detached.attachShadow({ mode: 'open' }).appendChild(document.createElement('x-in'));
            log.push('detached host: no callback');
            </script>
            """)
        #expect(errors.isEmpty)
        #expect(out == ["connected", "disconnected", "connected", "detached host: no callback"])
    }
}
