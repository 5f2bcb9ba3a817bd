import Foundation
import JavaScript
import Testing
@testable import WebView

/// `document.write` as HTML and WebKit do it (values observed on WebKitGTK 2.50; `ConformCommandTests.documentWriteConforms`
/// compares a page on both engines). domino's `write` threw a TypeError (`arguments.join`), so every page that writes
/// while loading (a cache-busting `<script src>` written with a timestamp, old analytics snippets) failed at load.
@Suite struct DocumentWriteTests {
    /// While a parser script runs, written text is parsed at once; a written inline script runs at once; a written
    /// `src` script holds the parser until it ran after the writer, and what it writes goes before the text written
    /// after it; `writeln` adds a line break; a written script's errors name its line in the document (the writer's end tag's line, plus the lines written before
    /// them). Values observed on WebKitGTK 2.50.
    @Test func writesWhileParsingGoInAtTheInsertionPoint() async throws {
        let fixture = try PageFixture([
            "index.html": """
                <!doctype html><html><head><script>var log = []; onerror = function (m, s, l) { log.push('error@' + l); };</script>
                </head><body>
                <script>
                document.write('<b id=w1>w</b>');
                log.push('w1:' + !!document.getElementById('w1'));
                document.write('<script>log.push("inline"); window.inl = 1;<\\/script>');
                log.push('inl:' + window.inl);
                document.write('<script src="ext.js?v=' + 7 + '"><\\/script><p id=w2>2</p>');
                log.push('w2:' + !!document.getElementById('w2'));
                document.writeln('<s id=w3>3</s>', '<i>more</i>');
                log.push('w3:' + !!document.getElementById('w3'));
                document.write('<script>\\n  missing();<\\/script>');
                </script>
                <p id=later>later</p>
                <script>log.push(Array.prototype.map.call(document.body.children, function (e) { return e.id || e.localName; }).join(','));</script>
                </body></html>
                """,
            "ext.js": "log.push('ext:' + !!document.getElementById('w2') + !!document.getElementById('later')); document.write('<u id=fromext>e</u>');",
        ])
        let (webView, log) = makeWebView()
        try await webView.load(fixture.url("index.html"))
        let order = try await webView.evaluateJavaScript("log", as: [String].self)
        #expect(order == ["w1:true", "inline", "inl:1", "w2:false", "w3:false", "ext:falsefalse", "error@14",
                          "script,w1,script,script,fromext,w2,w3,i,script,later,script"])
        #expect(try await webView.evaluateJavaScript("document.getElementById('w3').nextElementSibling.nextSibling.data") == "\n")
        #expect(log.exceptions.map(\.message) == ["Can't find variable: missing"])
        await webView.close()
    }

    /// Text split across writes (`<scr` then `ipt>`) and written scripts that write again, nested.
    @Test func partialAndNestedWritesFormOneStream() async throws {
        let (webView, _) = makeWebView()
        try await webView.loadHTMLString("""
            <body><script>
            var log = [];
            document.write('<scr'); document.write('ipt>log.push("joined"); document.write("<em id=nested>n<\\/em>"); log.push(!!document.getElementById("nested"));</' + 'script>');
            log.push('after:' + !!document.getElementById('nested'));
            </script><p id=end></p></body>
            """, baseURL: URL(string: "https://app.example/")!)
        #expect(try await webView.evaluateJavaScript("log") == ["joined", true, "after:true"])
        #expect(try await webView.evaluateJavaScript("document.getElementById('nested').previousElementSibling.localName") == "script")
        await webView.close()
    }

    /// A script that writes itself stops after WebKit's 21 nested writes (observed there: 22 runs) instead of
    /// running until the time limit; a later script writes again.
    @Test func aScriptThatWritesItselfStopsAtWebKitsDepth() async throws {
        let (webView, log) = makeWebView()
        try await webView.loadHTMLString("""
            <body><script>var n = 0; function w() { n++; document.write('<script>w()<\\/script>'); } w();</script>
            <script>document.write('<p id=after>after</p>');</script></body>
            """, baseURL: URL(string: "https://app.example/")!)
        #expect(try await webView.evaluateJavaScript("[n, document.scripts.length, !!document.getElementById('after')]") == [22, 23, true])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    /// An `async` or deferred script's write has no insertion point and is ignored, as WebKit does.
    @Test func externalScriptsRunAfterParsingCannotWrite() async throws {
        let fixture = try PageFixture([
            "index.html": "<!doctype html><body><p id=kept>kept</p><script async src=a.js></script><script defer src=d.js></script></body>",
            "a.js": "document.write('<h1 id=fromasync>a</h1>'); window.asyncRan = true;",
            "d.js": "document.write('<h1 id=fromdefer>d</h1>'); window.deferRan = true;",
        ])
        let (webView, log) = makeWebView()
        try await webView.load(fixture.url("index.html"))
        #expect(try await webView.evaluateJavaScript("""
            [window.asyncRan, window.deferRan, !!document.getElementById('kept'), !!document.getElementById('fromasync'),
             !!document.getElementById('fromdefer')]
            """) == [true, true, true, false, false])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    /// After parsing, a write from other code opens the document: its content is replaced by what is written until
    /// `close()` (the page is wiped, as on an iPhone); `open()` while a parser script runs is ignored.
    @Test func aWriteAfterLoadReplacesTheDocument() async throws {
        let (webView, log) = makeWebView()
        try await webView.loadHTMLString("""
            <!doctype html><body><p id=old>old</p><script>window.same = document.open() === document && !!document.getElementById('old');</script></body>
            """, baseURL: URL(string: "https://app.example/")!)
        #expect(try await webView.evaluateJavaScript("window.same") == true)
        let result = try await webView.evaluateJavaScript("""
            (function () {
              document.write('<h1 id=new>new</h1><ul><li>1');
              var first = [!!document.getElementById('old'), !!document.getElementById('new')];
              document.write('<li>2</ul><script>window.ranOnce = (window.ranOnce || 0) + 1;<\\/script>');
              document.write('<p id=last>last</p>');
              document.close();
              return first.concat([document.querySelectorAll('li').length, window.ranOnce, !!document.getElementById('last'),
                                   document.body.children.length]);
            })()
            """)
        #expect(result == [false, true, 2, 1, true, 4])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    /// `pageshow` follows `load`, not persisted (WebKit fires both when a document has loaded).
    @Test func pageshowFollowsLoad() async throws {
        let (webView, _) = makeWebView()
        try await webView.loadHTMLString("""
            <script>var events = [];
            addEventListener('load', function (e) { events.push(e.type); });
            addEventListener('pageshow', function (e) { events.push(e.type + ':' + e.persisted + ':' + (e instanceof PageTransitionEvent) + ':' + e.isTrusted); });
            </script>
            """, baseURL: URL(string: "https://app.example/")!)
        #expect(try await webView.evaluateJavaScript("events") == ["load", "pageshow:false:true:true"])
        await webView.close()
    }
    /// A script that ends the document (nothing after its `</script>`) runs before the end of the input, as on
    /// WebKit: no `<body>` was seen, so `document.body` is null there (a page that sets it throws, as on an iPhone),
    /// `readyState` is `loading`, and the body is made at the end. A newline after the end tag changes nothing (the
    /// parser takes it in the head). Observed on WebKitGTK 2.50.
    @Test func aScriptThatEndsTheDocumentRunsBeforeTheEnd() async throws {
        let base = URL(string: "https://app.example/")!
        let (webView, log) = makeWebView()
        try await webView.loadHTMLString("""
            <script>var seen = [document.readyState, String(document.body), document.documentElement.outerHTML];
            document.addEventListener('DOMContentLoaded', function () { seen.push('dcl:' + String(document.body)); });</script>
            """, baseURL: base)
        let seen = try await webView.evaluateJavaScript("seen", as: [String].self)
        #expect(seen.count == 4 && seen[0] == "loading" && seen[1] == "null" && seen[3] == "dcl:[object HTMLBodyElement]")
        #expect(seen[2].hasSuffix("</script></head></html>"), "no body yet: \(seen[2])")
        #expect(try await webView.evaluateJavaScript("document.documentElement.lastChild.outerHTML") == "<body></body>")

        try await webView.loadHTMLString("<script>document.body.textContent = 'x'</script>", baseURL: base)
        #expect(log.exceptions.map(\.message) == ["null is not an object"])
        #expect(try await webView.evaluateJavaScript("document.body.textContent") == "")

        try await webView.loadHTMLString("<script>window.atEnd = String(document.body)</script>\n", baseURL: base)
        #expect(try await webView.evaluateJavaScript("window.atEnd") == "null")
        await webView.close()
    }

    /// What a script that ends the document writes is parsed, as on WebKit: from a head script the body is made for
    /// it; from a body's last script, or a `src` script last, it goes in after the script. Observed on WebKitGTK 2.50.
    @Test func aScriptThatEndsTheDocumentWrites() async throws {
        let fixture = try PageFixture([
            "head.html": "<script>document.write('<b>w</b>')</script>",
            "body.html": "<body><script>document.write('<p>w</p>'); window.inside = document.body.lastElementChild.outerHTML</script>",
            "src.html": "<p>before</p><script src=\"g.js\"></script>",
            "g.js": "var ext = [String(document.body), document.readyState]; document.write('<i>x</i>')",
        ])
        let (webView, log) = makeWebView()
        try await webView.load(fixture.url("head.html"))
        #expect(try await webView.evaluateJavaScript("document.body.outerHTML") == "<body><b>w</b></body>")
        try await webView.load(fixture.url("body.html"))
        #expect(try await webView.evaluateJavaScript("[window.inside, document.body.lastElementChild.outerHTML]") == ["<p>w</p>", "<p>w</p>"])
        try await webView.load(fixture.url("src.html"))
        #expect(try await webView.evaluateJavaScript("[ext, document.body.innerHTML]") ==
                [["[object HTMLBodyElement]", "loading"], "<p>before</p><script src=\"g.js\"></script><i>x</i>"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }
}
