import Foundation
import JavaScript
import Testing
@testable import WebView

@Suite struct PlatformFetchTests {
    /// A small API: JSON, echo, status codes, a redirect and a request that never answers.
    private func makeServer() async throws -> LoopbackServer {
        try await LoopbackServer { request in
            switch request.path {
            case "/data": return .json(#"{"items":[1,2,3]}"#, headers: [("X-Total", "3")])
            case "/echo": return .json(#"{"method":"\#(request.method)","type":"\#(request.headers["content-type"] ?? "")","custom":"\#(request.headers["x-custom"] ?? "")","body":\#(request.text.isEmpty ? "null" : request.text)}"#)
            case "/missing": return .text("no such thing", status: 404)
            case "/broken": return .text("boom", status: 500)
            case "/old": return .redirect(to: "/data")
            case "/slow": return .hanging
            case "/bytes": return TestResponse(contentType: "application/octet-stream", body: [0, 1, 200, 255])
            default: return .text("?", status: 400)
            }
        }
    }

    @Test func getJSONWithStatusAndHeaders() async throws {
        let server = try await makeServer()
        let (out, errors) = try await JavaScriptRuntime().runPage(at: server.url("/index.html"), """
            var out = [];
            fetch('data').then(function (r) {
              out.push(r.status, r.ok, r.headers.get('x-total'), r.headers.get('content-type'), r.url);
              return r.json();
            }).then(function (json) { out.push(json.items.length); });
            """)
        #expect(errors.isEmpty)
        #expect(out == #"[200,true,"3","application/json","\#(server.url("/data").absoluteString)",3]"#)
        await server.stop()
    }

    @Test func postJSONWithHeaders() async throws {
        let server = try await makeServer()
        let (out, _) = try await JavaScriptRuntime().runPage(at: server.url("/"), """
            var out = null;
            fetch('/echo', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Custom': 'yes' },
                             body: JSON.stringify({ name: 'ü', n: 1 }) })
              .then(function (r) { return r.json(); }).then(function (j) { out = j; });
            """)
        #expect(out == #"{"method":"POST","type":"application/json","custom":"yes","body":{"name":"ü","n":1}}"#)
        await server.stop()
    }

    @Test func errorStatusesAndRedirects() async throws {
        let server = try await makeServer()
        let (out, _) = try await JavaScriptRuntime().runPage(at: server.url("/"), """
            var out = [];
            Promise.all([fetch('/missing'), fetch('/broken'), fetch('/old')]).then(function (rs) {
              rs.forEach(function (r) { out.push([r.status, r.ok, r.statusText, new URL(r.url).pathname]); });
            });
            """)
        #expect(out == #"[[404,false,"Not Found","/missing"],[500,false,"Internal Server Error","/broken"],[200,true,"OK","/data"]]"#)
        await server.stop()
    }

    @Test func unsupportedSchemeAndRefusedConnectionRejectClearly() async throws {
        let server = try await makeServer()
        let gone = try await LoopbackServer { _ in .text("") }
        let goneURL = gone.url("/x")
        await gone.stop()
        let (out, _) = try await JavaScriptRuntime().runPage(at: server.url("/"), """
            var out = [];
            fetch('ftp://example.test/file').catch(function (e) { out.push(e.name + ': ' + e.message); });
            fetch('\(goneURL.absoluteString)').catch(function (e) { out.push(e.name); });
            """)
        #expect(out.contains("TypeError: Failed to fetch: could not load ftp://example.test/file: unsupported URL scheme 'ftp:'"))
        #expect(out.contains(#""TypeError""#))
        await server.stop()
    }

    @Test func fileFetchIsAllowedUnderThePageFolderOnly() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("platform-\(UUID().uuidString)")
        let site = root.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site.appendingPathComponent("data"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try #"{"local":true}"#.write(to: site.appendingPathComponent("data/config.json"), atomically: true, encoding: .utf8)
        try "secret".write(to: root.appendingPathComponent("secret.txt"), atomically: true, encoding: .utf8)
        let (out, _) = try await JavaScriptRuntime().runPage(at: site.appendingPathComponent("index.html"), """
            var out = {};
            fetch('data/config.json').then(function (r) { return r.json(); }).then(function (j) { out.inside = j.local; });
            fetch('../secret.txt').catch(function (e) { out.outside = e.message; });
            fetch('data/nope.json').catch(function (e) { out.missing = e.message; });
            """)
        #expect(out.contains(#""inside":true"#))
        #expect(out.contains("outside the page's folder"))
        #expect(out.contains("No such file"))

        let server = try await makeServer()
        let (fromHTTP, _) = try await JavaScriptRuntime().runPage(at: server.url("/"), """
            var out = null;
            fetch('\(site.appendingPathComponent("data/config.json").absoluteString)').catch(function (e) { out = e.message; });
            """)
        #expect(fromHTTP.contains("file: URLs can only be requested by file: pages"))
        await server.stop()
    }

    @Test func abortControllerAbortsAPendingFetch() async throws {
        let server = try await makeServer()
        let runtime = JavaScriptRuntime()
        let (out, idle) = try await runtime.isolated { rt in
            let page = FakePlatformHost(rt, url: server.url("/"))
            let out = try await page.run("""
                var out = [], controller = new AbortController();
                fetch('/slow', { signal: controller.signal }).then(function () { out.push('resolved'); },
                                                                function (e) { out.push(e.name); });
                setTimeout(function () { controller.abort(); }, 10);
                """, isolation: rt)
            return (out, page.tokens.allSatisfy(\.isEnded) && page.platform.pendingRequestCount == 0)
        }
        #expect(out == #"["AbortError"]"#)
        #expect(idle)
        await server.stop()
    }

    @Test func closingThePageCancelsPendingFetchesWithoutCallbacks() async throws {
        let server = try await makeServer()
        let runtime = JavaScriptRuntime()
        let (settled, tokensEnded, outcome) = try await runtime.isolated { rt in
            let page = FakePlatformHost(rt, url: server.url("/"))
            try page.context.evaluate("""
                var settled = 0;
                fetch('/slow').then(function () { settled++; }, function () { settled++; });
                var x = new XMLHttpRequest(); x.open('GET', '/slow'); x.onloadend = function () { settled++; }; x.send();
                """)
            let pending = page.platform.pendingRequestCount
            page.platform.close()
            page.context.close()
            let outcome = await rt.runUntilIdle(timeout: .seconds(10))
            return (pending == 2 ? page.context["settled"].toInt() : -1, page.tokens.allSatisfy(\.isEnded), outcome)
        }
        #expect(settled == 0)
        #expect(tokensEnded)
        #expect(outcome == .idle)
        await server.stop()
    }

    @Test func aResponseForAClosedContextIsDroppedAndItsTokenEnds() async throws {
        let server = try await makeServer()
        let runtime = JavaScriptRuntime()
        let (settled, tokensEnded, outcome) = try await runtime.isolated { rt in
            let page = FakePlatformHost(rt, url: server.url("/"))
            try page.context.evaluate("""
                var settled = 0;
                var x = new XMLHttpRequest(); x.open('GET', '/data'); x.onloadend = function () { settled++; }; x.send();
                """)
            page.context.close()  // the page core closed the context but did not close the platform
            let outcome = await rt.runUntilIdle(timeout: .seconds(10))
            return (page.context["settled"].toInt(), page.tokens.allSatisfy(\.isEnded), outcome)
        }
        #expect(settled == 0)
        #expect(tokensEnded)
        #expect(outcome == .idle)
        #expect(server.requests.count == 1, "the request was sent, its response dropped")
        await server.stop()
    }

    @Test func binaryBodiesReadAsArrayBufferAndTextOnlyOnce() async throws {
        let server = try await makeServer()
        let (out, _) = try await JavaScriptRuntime().runPage(at: server.url("/"), """
            var out = [];
            fetch('/bytes').then(function (r) { return r.arrayBuffer(); })
              .then(function (b) { out.push(Array.from(new Uint8Array(b))); });
            fetch('/data').then(function (r) {
              return r.text().then(function (t) { out.push(t.length); return r.text(); });
            }).catch(function (e) { out.push(e.message); });
            """, result: "out.sort()")
        #expect(out == #"[[0,1,200,255],17,"Already read"]"#)
        await server.stop()
    }
}
