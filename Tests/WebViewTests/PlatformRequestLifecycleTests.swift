import Foundation
import JavaScript
import Testing
import TestSupport
@testable import WebView

/// Where requests may go (file: rules), and how they end: aborted, cancelled by close, dropped for a closed context.
@Suite struct PlatformRequestLifecycleTests {
    private func makeServer() async throws -> LoopbackServer {
        try await LoopbackServer { request in
            switch request.path {
            case "/data": return .json(#"{"items":[1,2,3]}"#)
            case "/slow": return .hanging
            default: return .text("?", status: 400)
            }
        }
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
            let outcome = await rt.runUntilIdle(timeout: .generous)
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
            let outcome = await rt.runUntilIdle(timeout: .generous)
            return (page.context["settled"].toInt(), page.tokens.allSatisfy(\.isEnded), outcome)
        }
        #expect(settled == 0)
        #expect(tokensEnded)
        #expect(outcome == .idle)
        #expect(server.requests.count == 1, "the request was sent, its response dropped")
        await server.stop()
    }

    @Test func fetchSettlesWhileThePageTimersArePaused() async throws {
        let server = try await makeServer()
        let runtime = JavaScriptRuntime()
        let out = try await runtime.isolated { rt in
            let page = FakePlatformHost(rt, url: server.url("/"))
            page.context.pauseTimers()  // a hidden page
            return try await page.run("""
                var out = [];
                fetch('/data').then(function (r) { return r.json(); }).then(function (j) { out.push(j.items.length); });
                """, isolation: rt)
        }
        #expect(out == "[3]")
        await server.stop()
    }
}
