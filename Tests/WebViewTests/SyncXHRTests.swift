import FixtureServer
import Foundation
import JavaScript
import Testing
import TestSupport
@testable import WebView

/// Synchronous `XMLHttpRequest` (`open(method, url, false)`): the script waits while the runtime thread runs only the
/// network, so a fixture server on the page's own thread (the `hybrid run` case) answers, and no other task of the page
/// (timers, other requests' completions) runs before the script has finished.
@Suite struct SyncXHRTests {
    /// A web view and a fixture server that share one runtime thread, as `hybrid run` sets them up.
    private final class SameThreadFixture: Sendable {
        let webView: HeadlessWebView
        let log: EventLog
        let server: FixtureServer
        let base: String
        private let folder: URL

        init(files: [String: String], mocks: [String: String] = [:], executionTimeLimit: Duration? = nil) async throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("syncxhr-\(UUID().uuidString)")
            for (path, contents) in files.merging(mocks.mapKeys { "mocks/" + $0 }, uniquingKeysWith: { a, _ in a }) {
                let file = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(contents.utf8).write(to: file)
            }
            (webView, log) = makeWebView(executionTimeLimit: executionTimeLimit)
            server = FixtureServer(root: folder.path, runtime: webView.runtime)
            if !mocks.isEmpty { server.options.apiMocks = folder.appendingPathComponent("mocks").path }
            try server.route("GET", "/api/echo/:word") { request in .text("echo " + (request.parameters["word"] ?? "")) }
            base = try await server.start()
        }

        func finish() async {
            await webView.close()
            await server.stop()
            try? FileManager.default.removeItem(at: folder)
        }
    }

    @Test func aScriptOfThePageReadsFromAServerOnItsOwnThreadBeforeItsTimersAndOtherRequests() async throws {
        let page = try await SameThreadFixture(files: [
            "data.txt": "plain data",
            "index.html": """
                <!DOCTYPE html><script>
                var out = [];
                setTimeout(function () { out.push('timer'); }, 0);
                var early = new XMLHttpRequest();
                early.open('GET', 'data.txt');
                early.onload = function () { out.push('async load ' + early.responseText); };
                early.send();
                var x = new XMLHttpRequest();
                x.onreadystatechange = function () { out.push('rs' + x.readyState); };
                ['loadstart', 'progress', 'load', 'loadend', 'error'].forEach(function (type) {
                  x.addEventListener(type, function (e) { out.push(type + ':' + e.loaded + '/' + e.total); });
                });
                x.open('GET', 'data.txt', false);
                x.send();
                out.push([x.readyState, x.status, x.statusText, x.responseText, x.response, x.getResponseHeader('content-type'),
                          x.responseURL.slice(-8)]);
                var echo = new XMLHttpRequest();
                echo.open('GET', '/api/echo/hi', false);
                echo.send();
                out.push(echo.responseText);
                out.push('script end');
                </script>
                """,
        ], mocks: ["GET/api/user.json": #"{"name":"Ada"}"#])
        try await page.webView.load(URL(string: page.base + "index.html")!)
        _ = await page.webView.runUntilIdle(timeout: .generous)
        let out = try await page.webView.evaluateJavaScript("out")
        #expect(out == ["rs1", "rs4", "load:10/10", "loadend:10/10",
                        [4, 200, "OK", "plain data", "plain data", "text/plain; charset=utf-8", "data.txt"],
                        "echo hi", "script end", "async load plain data", "timer"]
                || out == ["rs1", "rs4", "load:10/10", "loadend:10/10",
                           [4, 200, "OK", "plain data", "plain data", "text/plain; charset=utf-8", "data.txt"],
                           "echo hi", "script end", "timer", "async load plain data"])
        let mock = try await page.webView.evaluateJavaScript("""
            (function () {
              var x = new XMLHttpRequest(); x.open('GET', '/api/user', false); x.send();
              var missing = new XMLHttpRequest(); missing.open('GET', '/nope.txt', false); missing.send();
              return [x.status, JSON.parse(x.responseText).name, missing.status, missing.readyState];
            })()
            """)
        #expect(mock == [200, "Ada", 404, 4])
        #expect(page.log.exceptions.isEmpty)
        await page.finish()
    }

    @Test func aNetworkErrorThrowsNetworkErrorAndFiresNoEvents() async throws {
        let gone = try ClosedPort()
        let (out, errors) = try await JavaScriptRuntime().runPage(at: URL(string: "http://127.0.0.1:\(gone.port)/")!, """
            var out = [], x = new XMLHttpRequest();
            ['readystatechange', 'loadstart', 'load', 'error', 'loadend'].forEach(function (type) {
              x.addEventListener(type, function () { out.push(type + x.readyState); });
            });
            x.open('GET', '/x', false);
            try { x.send(); out.push('no throw'); } catch (e) {
              out.push(e.name, e instanceof DOMException, e.code, x.readyState, x.status, x.responseText);
            }
            """)
        #expect(errors.isEmpty)
        #expect(out == #"["readystatechange1","NetworkError",true,19,4,0,""]"#)
    }

    @Test func aDocumentMayNotSetATimeoutOrResponseTypeOnASynchronousRequest() async throws {
        let server = try await LoopbackServer { _ in .text("ok") }
        let (out, _) = try await JavaScriptRuntime().runPage(at: server.url("/"), """
            var out = [];
            function attempt(f) { try { f(); out.push('ok'); } catch (e) { out.push(e.name); } }
            var a = new XMLHttpRequest(); a.timeout = 10;
            attempt(function () { a.open('GET', '/a', false); });
            var b = new XMLHttpRequest(); b.responseType = 'json';
            attempt(function () { b.open('GET', '/b', false); });
            var c = new XMLHttpRequest(); c.open('GET', '/c', false);
            attempt(function () { c.timeout = 10; });
            attempt(function () { c.responseType = 'text'; });
            attempt(function () { c.timeout = 0; });
            out.push(c.timeout, c.responseType);
            c.open('GET', '/c');
            attempt(function () { c.timeout = -1; });
            out.push(c.timeout);
            """)
        #expect(out == #"["InvalidAccessError","InvalidAccessError","InvalidAccessError","InvalidAccessError","InvalidAccessError",0,"","ok",4294967295]"#)
        await server.stop()
    }

    @Test func aNestedRequestFromReadyStateChangeAndAbortAfterwards() async throws {
        let server = try await LoopbackServer { request in
            switch request.path {
            case "/moved": return .redirect(to: "/target")
            case "/cookie": return .text("set", headers: [("Set-Cookie", "flavour=oat; Path=/")])
            default: return .text("\(request.method) \(request.path) \(request.headers["cookie"] ?? "-") \(request.text)")
            }
        }
        let (out, errors) = try await JavaScriptRuntime().runPage(at: server.url("/"), """
            var out = [], outer = new XMLHttpRequest();
            outer.onreadystatechange = function () {
              if (outer.readyState !== 4) return;
              var inner = new XMLHttpRequest();
              inner.open('POST', '/inner', false);
              inner.send('body');
              out.push('inner ' + inner.responseText);
            };
            outer.open('GET', '/moved', false);
            outer.send();
            out.push(outer.responseText, outer.responseURL.slice(-7));
            outer.abort();
            out.push(outer.readyState, outer.status, outer.responseText);
            var c = new XMLHttpRequest(); c.open('GET', '/cookie', false); c.send();
            var d = new XMLHttpRequest(); d.open('GET', '/after', false); d.send();
            out.push(d.responseText);
            """)
        #expect(errors.isEmpty)
        #expect(out == #"["inner POST /inner - body","GET /target - ","/target",0,0,"","GET /after flavour=oat "]"#)
        await server.stop()
    }

    @Test func fileBlobDataAndRefusedURLs() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("syncxhr-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("from disk".utf8).write(to: folder.appendingPathComponent("note.txt"))
        let (out, errors) = try await JavaScriptRuntime().runPage(at: folder.appendingPathComponent("index.html"), """
            var out = [];
            function get(url) {
              var x = new XMLHttpRequest(); x.open('GET', url, false);
              try { x.send(); return [x.status, x.responseText]; } catch (e) { return e.name; }
            }
            out.push(get('note.txt'), get('missing.txt'), get('/etc/hostname'));
            var url = URL.createObjectURL(new Blob(['blob text'], { type: 'text/plain' }));
            out.push(get(url));
            URL.revokeObjectURL(url);
            out.push(get(url));
            out.push(get('data:text/plain;charset=utf-8,h%C3%A9llo%20data'), get('data:;base64,aGk='));
            var x = new XMLHttpRequest(); x.open('GET', 'data:application/json,{"n":1}');
            x.responseType = 'json';
            x.onload = function () { out.push([x.status, x.response.n, x.getResponseHeader('content-type')]); };
            x.send();
            fetch('data:text/plain,fetched').then(function (r) { return r.text(); }).then(function (t) { out.push(t); });
            """)
        #expect(errors.isEmpty)
        #expect(out == #"[[200,"from disk"],"NetworkError","NetworkError",[200,"blob text"],"NetworkError",[200,"héllo data"],[200,"hi"],[200,1,"application/json"],"fetched"]"#)
        try? FileManager.default.removeItem(at: folder)
    }

    @Test func theWatchdogStillStopsALoopingScriptAfterASynchronousRequest() async throws {
        let page = try await SameThreadFixture(files: ["index.html": "<!DOCTYPE html><title>t</title>", "a.txt": "a"],
                                               executionTimeLimit: .milliseconds(200))
        try await page.webView.load(URL(string: page.base + "index.html")!)
        await #expect(throws: (any Error).self) {
            _ = try await page.webView.evaluateJavaScript("""
                var x = new XMLHttpRequest(); x.open('GET', 'a.txt', false); x.send();
                window.got = x.responseText;
                while (true) {}
                """)
        }
        let got = try await page.webView.evaluateJavaScript("window.got")
        #expect(got == "a")
        await page.finish()
    }

    @Test func theSessionsResponseSizeLimitApplies() async throws {
        let server = try await LoopbackServer { _ in .text(String(repeating: "x", count: 100)) }
        let url = server.url("/")
        let out = try await JavaScriptRuntime().isolated { rt -> String in
            let page = FakePlatformHost(rt, url: url)
            page.session.maximumResponseSize = 10
            return try await page.run("""
                var out, x = new XMLHttpRequest();
                x.open('GET', '/big', false);
                try { x.send(); out = 'sent'; } catch (e) { out = e.name + ' ' + /larger than 10 bytes/.test(e.message); }
                """, isolation: rt)
        }
        #expect(out == #""NetworkError true""#)
        await server.stop()
    }

    @Test func heldTasksRunAfterTheOutermostWaitInOrder() async throws {
        let order = await JavaScriptRuntime().isolated { rt -> [String] in
            final class Log { var entries: [String] = [] }
            let log = Log()
            let context = rt.loop.mainContext
            var outerDone = false
            LoopCallback.schedule(on: context) {
                log.entries.append("outer source, holding \(NestedLoop.isHoldingTasks)")
                NestedLoop.deferTask { log.entries.append("held 1") }
                var innerDone = false
                LoopCallback.schedule(on: context) {
                    NestedLoop.deferTask { log.entries.append("held 2") }
                    innerDone = true
                }
                NestedLoop.wait(on: context) { innerDone }
                log.entries.append("inner wait over, holding \(NestedLoop.isHoldingTasks)")
                outerDone = true
            }
            log.entries.append("before, holding \(NestedLoop.isHoldingTasks)")
            NestedLoop.wait(on: context) { outerDone }
            log.entries.append("after, holding \(NestedLoop.isHoldingTasks)")
            NestedLoop.deferTask { log.entries.append("not held") }
            var marker = false
            LoopCallback.schedule(on: context) { marker = true }
            NestedLoop.wait(on: context) { marker }
            return log.entries
        }
        #expect(order == ["before, holding false", "outer source, holding true", "inner wait over, holding true",
                          "after, holding false", "not held", "held 1", "held 2"])
    }
}

private extension Dictionary where Key == String {
    func mapKeys(_ transform: (String) -> String) -> [String: Value] {
        Dictionary(uniqueKeysWithValues: map { (transform($0.key), $0.value) })
    }
}
