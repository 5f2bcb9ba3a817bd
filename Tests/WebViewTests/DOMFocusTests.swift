import Foundation
import JavaScript
import Testing
@testable import WebView

/// Focus in `HeadlessWebView` (`dom/focus.js`); the expected values are what headless Chromium gives.
@Suite struct DOMFocusTests {
    private static let base = URL(string: "http://127.0.0.1:1/app/index.html")!

    private func open(_ html: String) async throws -> (HeadlessWebView, EventLog) {
        let (webView, log) = makeWebView()
        try await webView.loadHTMLString("<!doctype html><body>\(html)</body>", baseURL: Self.base)
        return (webView, log)
    }

    @Test func focusMovesWithBlurFocusoutFocusFocusinInBrowserOrder() async throws {
        let (webView, log) = try await open("<div id='wrap'><input id='a'><input id='b'></div>")
        let out = try await webView.evaluateJavaScript("""
            function $(id) { return document.getElementById(id); }
            var log = [document.activeElement === document.body];
            ['a', 'b'].forEach(function (id) {
              ['blur', 'focusout', 'focus', 'focusin'].forEach(function (type) {
                $(id).addEventListener(type, function (e) {
                  log.push(id + ' ' + type + ' related=' + (e.relatedTarget && e.relatedTarget.id) + ' active=' + document.activeElement.localName + (document.activeElement.id ? '#' + document.activeElement.id : ''));
                });
              });
            });
            var bubbled = [];
            ['focus', 'blur', 'focusin', 'focusout'].forEach(function (type) {
              $('wrap').addEventListener(type, function () { bubbled.push(type); });
            });
            $('a').focus();
            $('a').focus();
            $('b').focus();
            $('b').blur();
            log.push(bubbled.join(), document.activeElement === document.body, document.hasFocus());
            log
            """)
        #expect(out == [true,
                        "a focus related=null active=input#a", "a focusin related=null active=input#a",
                        "a blur related=b active=body", "a focusout related=b active=body",
                        "b focus related=a active=input#b", "b focusin related=a active=input#b",
                        "b blur related=null active=body", "b focusout related=null active=body",
                        "focusin,focusout,focusin,focusout", true, true])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func onlyFocusableElementsTakeFocus() async throws {
        let (webView, log) = try await open("""
            <input id='on'><div id='div'>text</div><div id='tab' tabindex='-1'>tab</div><a id='link' href='#x'>l</a>
            <a id='nolink'>n</a><button id='off' disabled>b</button><input id='hid' type='hidden'>
            <div hidden><input id='inHidden'></div><input id='none' style='display: none'>
            <fieldset disabled><input id='inDisabled'></fieldset><span id='edit' contenteditable='true'>e</span>
            """)
        let out = try await webView.evaluateJavaScript("""
            function $(id) { return document.getElementById(id); }
            function tryFocus(el) { document.activeElement.blur(); el.focus(); return document.activeElement === el; }
            var detached = document.createElement('input');
            var log = ['on', 'div', 'tab', 'link', 'nolink', 'off', 'hid', 'inHidden', 'none', 'inDisabled', 'edit'].map(function (id) {
              return id + ':' + tryFocus($(id));
            });
            log.push(tryFocus(detached));
            log.push($('div').tabIndex, $('tab').tabIndex, $('nolink').tabIndex, $('on').tabIndex);
            $('div').tabIndex = 3;
            log.push($('div').getAttribute('tabindex'), tryFocus($('div')));
            $('on').focus();
            log.push(document.querySelector(':focus').id, $('on').matches(':focus'), document.body.matches(':focus-within'), $('div').matches(':focus-within'));
            $('on').remove();
            log.push(document.activeElement === document.body, document.querySelectorAll(':focus').length);
            log
            """)
        #expect(out == ["on:true", "div:false", "tab:true", "link:true", "nolink:false", "off:false", "hid:false",
                        "inHidden:false", "none:false", "inDisabled:false", "edit:true", false,
                        -1, -1, 0, 0, "3", true, "on", true, true, false, true, 0])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func autofocusFocusesTheFirstFocusableCandidateAfterParsing() async throws {
        let (webView, log) = try await open("""
            <input id='first' autofocus disabled><input id='second' autofocus><input id='third' autofocus>
            """)
        _ = await webView.runUntilIdle(timeout: .generous)
        let out = try await webView.evaluateJavaScript("[document.activeElement.id, document.getElementById('second').autofocus, document.body.autofocus]")
        #expect(out == ["second", true, false])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func aBlurListenerThatMovesFocusWins() async throws {
        let (webView, log) = try await open("<input id='a'><input id='b'><input id='c'>")
        let out = try await webView.evaluateJavaScript("""
            function $(id) { return document.getElementById(id); }
            var log = [];
            $('a').focus();
            $('a').addEventListener('blur', function () { $('c').focus(); });
            $('b').addEventListener('focus', function () { log.push('b focus (never)'); });
            $('b').focus();
            log.push(document.activeElement.id);
            log
            """)
        #expect(out == ["c"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }
}
