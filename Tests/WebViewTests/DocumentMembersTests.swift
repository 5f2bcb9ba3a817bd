import Foundation
import JavaScript
import Testing
@testable import WebView

/// The document's members domino leaves unimplemented (its getters threw "NotYetImplemented"), as WebKit gives them
/// (values observed on WebKitGTK 2.50 with `hybrid conform`). `document.referrer` is read by nearly every analytics
/// snippet, and `document.scripts[document.scripts.length - 1]` is the old way for a script to find itself.
@Suite struct DocumentMembersTests {
    @Test func theElementCollectionsAreLiveHTMLCollections() async throws {
        let (webView, log) = makeWebView()
        try await webView.loadHTMLString("""
            <!doctype html><head><script src="data:text/javascript,1"></script></head>
            <body><a href="/x">x</a><a name=n>n</a><a>plain</a><area href="/y"><img src="data:image/png;base64,"><embed>
            <script>var me = document.scripts[document.scripts.length - 1] === document.currentScript;</script></body>
            """, baseURL: URL(string: "https://shop.example/a/page.html")!)
        let result = try await webView.evaluateJavaScript("""
            (function () {
              var scripts = document.scripts, links = document.links, counts = function () {
                return ['scripts', 'links', 'images', 'embeds', 'plugins', 'anchors', 'applets', 'forms'].map(function (k) { return document[k].length; });
              };
              var before = counts();
              document.body.appendChild(document.createElement('a')).href = '/z';
              document.body.appendChild(document.createElement('script'));
              return [me, before, counts(), scripts === document.scripts, links[1].getAttribute('href') + links[2].getAttribute('href'), document.anchors[0].name,
                      Object.prototype.toString.call(links), Object.prototype.toString.call(document.forms),
                      Object.prototype.toString.call(document.images)];
            })()
            """)
        #expect(result == [true, [2, 2, 1, 1, 1, 1, 0, 0], [3, 3, 1, 1, 1, 1, 0, 0], true, "/y/z", "n",
                           "[object HTMLCollection]", "[object HTMLCollection]", "[object HTMLCollection]"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func domainReferrerLastModifiedAndDesignMode() async throws {
        let (webView, _) = makeWebView()
        try await webView.loadHTMLString("<p>x</p>", baseURL: URL(string: "https://shop.example:8443/a/page.html")!)
        let result = try await webView.evaluateJavaScript("""
            (function () {
              var refused;
              try { document.domain = 'example'; } catch (e) { refused = e.name + ': ' + e.message; }
              document.domain = 'shop.example';
              document.designMode = 'ON';
              var on = document.designMode;
              document.designMode = 'maybe';
              return [document.domain, refused, document.referrer, /^\\d\\d\\/\\d\\d\\/\\d{4} \\d\\d:\\d\\d:\\d\\d$/.test(document.lastModified),
                      on, document.designMode];
            })()
            """)
        #expect(result == ["shop.example", "SecurityError: The operation is insecure.", "", true, "on", "on"])
        await webView.close()
    }
    // observed on WebKitGTK 2.50: a script's copy without a user's gesture is refused (false, no copy event), the
    // commands WebKit knows are supported case-insensitively, selectAll selects the body (the focused field's text when a
    // field has the focus), no argument is a TypeError.
    @Test func editingCommandsAnswerAsWebKitDoesForAScript() async throws {
        let (webView, log) = makeWebView()
        try await webView.loadHTMLString("<input id=i value=hello><p>para</p>", baseURL: URL(string: "https://shop.example/")!)
        let result = try await webView.evaluateJavaScript("""
            (function () {
              var events = [];
              document.addEventListener('copy', function (e) { events.push(e.type); });
              document.getElementById('i').select();
              var supported = ['copy', 'CUT', 'paste', 'bold', 'insertText', 'selectAll', 'justifyNone', 'heading', 'nonsense', '']
                .map(function (c) { return document.queryCommandSupported(c); });
              var thrown;
              try { document.execCommand(); } catch (e) { thrown = e.name; }
              return [supported, document.execCommand('copy'), document.execCommand('cut'), document.getElementById('i').value,
                      document.execCommand('bold'), document.execCommand('nonsense'), events,
                      ['copy', 'cut', 'paste', 'bold', 'selectAll', 'nonsense'].map(function (c) { return document.queryCommandEnabled(c); }),
                      document.queryCommandState('bold'), document.queryCommandIndeterm('bold'), document.queryCommandValue('bold'),
                      document.activeElement.blur(), document.execCommand('selectAll'), String(getSelection()).trim(), thrown,
                      document.execCommand.length];
            })()
            """)
        #expect(result == [[true, true, true, true, true, true, true, false, false, false], false, false, "hello", false, false, [],
                           [false, false, false, false, true, false], false, false, "false", nil, true, "para", "TypeError", 1])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }
}
