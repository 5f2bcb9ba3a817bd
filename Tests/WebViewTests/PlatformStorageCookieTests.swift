import Foundation
import JavaScript
import Testing
@testable import WebView

@Suite struct PlatformStorageCookieTests {
    @Test func cookiesFlowBetweenServerDocumentCookieFetchAndXHR() async throws {
        let server = try await LoopbackServer { request in
            request.path == "/login"
                ? .text("ok", headers: [("Set-Cookie", "sid=42; Path=/"), ("Set-Cookie", "hidden=1; Path=/; HttpOnly")])
                : .text(request.headers["cookie"] ?? "(none)")
        }
        let (out, errors) = try await JavaScriptRuntime().runPage(at: server.url("/index.html"), """
            var out = {};
            fetch('/login').then(function () {
              out.afterLogin = document.cookie;
              document.cookie = 'theme=dark; path=/';
              document.cookie = 'bad=1; HttpOnly';
              out.afterSet = document.cookie;
              return fetch('/echo').then(function (r) { return r.text(); });
            }).then(function (sent) {
              out.fetchSent = sent;
              var x = new XMLHttpRequest();
              x.open('GET', '/echo');
              x.onload = function () { out.xhrSent = x.responseText; };
              x.send();
            });
            """, result: "[out.afterLogin, out.afterSet, out.fetchSent, out.xhrSent]")
        #expect(errors.isEmpty)
        #expect(out == #"["sid=42","sid=42; theme=dark","sid=42; hidden=1; theme=dark","sid=42; hidden=1; theme=dark"]"#)
        await server.stop()
    }

    @Test func localStorageIsSharedPerOriginAndIsolatedBetweenOrigins() async throws {
        let runtime = JavaScriptRuntime()
        let (first, second, other) = try await runtime.isolated { rt in
            let session = WebSession(mainContext: rt.loop.mainContext)
            let a = FakePlatformHost(rt, url: URL(string: "http://127.0.0.1:8001/a.html")!, session: session)
            let b = FakePlatformHost(rt, url: URL(string: "http://127.0.0.1:8001/dir/b.html")!, session: session)
            let c = FakePlatformHost(rt, url: URL(string: "http://127.0.0.1:8002/a.html")!, session: session)
            let first = try await a.run("""
                localStorage.setItem('user', 'ann');
                localStorage.count = 3;
                localStorage.setItem('gone', 'x'); localStorage.removeItem('gone');
                var out = [localStorage.getItem('user'), localStorage.count, localStorage.length, localStorage.key(1),
                           'user' in localStorage, 'nope' in localStorage, localStorage.getItem('nope'), localStorage.nope,
                           Object.keys(localStorage), String(localStorage), typeof localStorage.getItem];
                """, isolation: rt)
            let second = try await b.run("var out = [localStorage.user, localStorage.length]; delete localStorage.count;", isolation: rt)
            let other = try await c.run("var out = [localStorage.user === undefined, localStorage.length]", isolation: rt)
            let afterDelete = try a.context.evaluate("localStorage.length").toInt()
            return (first, second + "/\(afterDelete ?? -1)", other)
        }
        #expect(first == #"["ann","3",2,"count",true,false,null,null,["user","count"],"[object Storage]","function"]"#)
        #expect(second == #"["ann",2]/1"#)
        #expect(other == "[true,0]")
    }

    @Test func sessionStorageIsPerPageAndQuotaErrorsAreDOMExceptions() async throws {
        let runtime = JavaScriptRuntime()
        let (first, second) = try await runtime.isolated { rt in
            let session = WebSession(mainContext: rt.loop.mainContext)
            let a = FakePlatformHost(rt, url: URL(string: "http://127.0.0.1:8001/")!, session: session)
            let b = FakePlatformHost(rt, url: URL(string: "http://127.0.0.1:8001/")!, session: session)
            let first = try await a.run("""
                sessionStorage.setItem('tab', 'one');
                var big = new Array(3000001).join('x'), name;
                try { localStorage.setItem('a', big); localStorage.setItem('b', big); } catch (e) { name = e.name; }
                var out = [sessionStorage.tab, name, localStorage.length];
                sessionStorage.clear();
                """, isolation: rt)
            let second = try await b.run("var out = [sessionStorage.length, sessionStorage.getItem('tab')]", isolation: rt)
            return (first, second)
        }
        #expect(first == #"["one","QuotaExceededError",1]"#)
        #expect(second == "[0,null]")
    }

    @Test func documentCookieWorksOnADominoDocument() async throws {
        let server = try await LoopbackServer { request in .text(request.headers["cookie"] ?? "(none)") }
        let runtime = JavaScriptRuntime()
        let out = try await runtime.isolated { rt in
            let context = rt.makeContext(name: "domino")
            let require = try CommonJSModules.makeRequire(in: context)
            let window = try require.call(arguments: ["domino"]).invokeMethod("createWindow", arguments: ["<p>x</p>", server.url("/").absoluteString])
            context["document"] = window["document"]
            let host = FakePlatformHost(rt, url: server.url("/page.html"), context: context)
            return try await host.run("""
                document.cookie = 'a=1';
                var out = [document.cookie, document.querySelector('p').textContent];
                fetch('/echo').then(function (r) { return r.text(); }).then(function (t) { out.push(t); });
                """, isolation: rt)
        }
        #expect(out == #"["a=1","x","a=1"]"#)
        await server.stop()
    }
}
