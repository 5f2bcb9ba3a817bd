import Foundation
import JavaScript
import Testing
import TestSupport
@testable import WebView

/// The DOM layer's scripts together: the events layer's dispatch runs the forms' activation behaviour once,
/// the forms and focus scripts make the events layer's event classes, and shadow trees use the same dispatch
/// (listener options, handlers, activation) as the rest of the page. The expected values are what headless
/// Chromium gives for the same script.
@Suite struct DOMLayersTogetherTests {
    private static let base = URL(string: "http://127.0.0.1:1/app/index.html")!

    /// Loads `html` in a fresh web view whose navigation requests are recorded and cancelled.
    private func open(_ html: String) async throws -> (HeadlessWebView, EventLog) {
        let (webView, log) = makeWebView()
        await webView.setNavigationDelegate(RecordingNavigationDelegate())
        try await webView.loadHTMLString("<!doctype html><body>\(html)</body>", baseURL: Self.base)
        return (webView, log)
    }

    @Test func aClickTogglesOnceAndFiresInputChangeAndSubmitOnce() async throws {
        let (webView, log) = try await open("""
            <form id='f'><label id='l'><span id='s'>x</span><input type='checkbox' id='c'></label>
            <button id='b'>go</button></form>
            """)
        let out = try await webView.evaluateJavaScript("""
            var log = [], $ = function (id) { return document.getElementById(id); };
            ['click', 'input', 'change'].forEach(function (type) {
              document.addEventListener(type, function (e) { log.push(type + ' ' + e.target.id); });
            });
            $('f').addEventListener('submit', function (e) {
              log.push('submit ' + (e instanceof SubmitEvent) + ' ' + (e.submitter === $('b')));
              e.preventDefault();
            });
            $('c').click();
            log.push('checked ' + $('c').checked);
            $('s').click();
            log.push('checked ' + $('c').checked);
            $('b').click();
            log
            """)
        #expect(out == ["click c", "input c", "change c", "checked true",
                        "click s", "click c", "input c", "change c", "checked false",
                        "click b", "submit true true"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func aDisabledControlsClickDoesNothing() async throws {
        let (webView, log) = try await open("""
            <form id='f'><input type='checkbox' id='c' disabled><fieldset disabled><button id='b'>go</button></fieldset></form>
            """)
        let out = try await webView.evaluateJavaScript("""
            var log = [];
            document.addEventListener('click', function (e) { log.push('click ' + e.target.id); });
            document.getElementById('f').addEventListener('submit', function (e) { log.push('submit'); e.preventDefault(); });
            document.getElementById('c').click();
            document.getElementById('b').click();
            log.push(document.getElementById('c').checked);
            log
            """)
        #expect(out == [false])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func formsAndFocusMakeTheEventsLayersClasses() async throws {
        let (webView, log) = try await open("<input id='i'><input id='j'>")
        let out = try await webView.evaluateJavaScript("""
            var log = [], i = document.getElementById('i');
            i.addEventListener('focus', function (e) { log.push(e.constructor === FocusEvent, e.composed, e.isTrusted); });
            i.focus();
            log.push(document.activeElement === i);
            log
            """)
        #expect(out == [true, true, true, true])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func aCheckboxInAShadowTreeUsesTheSameDispatch() async throws {
        let (webView, log) = try await open("<div id='host'></div>")
        let out = try await webView.evaluateJavaScript("""
            var log = [], host = document.getElementById('host');
            var root = host.attachShadow({ mode: 'closed' });
            root.innerHTML = "<label><input type='checkbox' id='c'><span id='s'>x</span></label>";
            var c = root.getElementById ? root.getElementById('c') : root.querySelector('#c');
            c.addEventListener('click', function (e) { log.push('inner ' + e.target.id + ' ' + c.checked); }, { once: true });
            c.onchange = function (e) { log.push('handler change'); };
            ['click', 'input', 'change'].forEach(function (type) {
              document.addEventListener(type, function (e) { log.push('doc ' + type + ' ' + e.target.id + ' ' + e.composedPath().length); });
            });
            root.querySelector('#s').click();
            log.push('checked ' + c.checked);
            c.click();
            log.push('checked ' + c.checked);
            log
            """)
        // click and input are composed and reach the document at the host; change is not composed and stays inside
        #expect(out == ["doc click host 5", "inner c true", "doc click host 5", "doc input host 5", "handler change",
                        "checked true",
                        "doc click host 5", "doc input host 5", "handler change", "checked false"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }
}
