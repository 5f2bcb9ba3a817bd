import Foundation
import JavaScript
import Testing
@testable import WebView

/// `fetch(url, {keepalive: true})`: the 64 KiB quota of keepalive bodies in flight (shared with `sendBeacon`), and a
/// keepalive request outliving its page.
@Suite struct KeepaliveFetchTests {
    private func makeServer() async throws -> LoopbackServer {
        try await LoopbackServer { request in .text("\(request.method) \(request.path) \(request.text.count)") }
    }

    @Test func keepaliveBodiesInFlightShareA64KiBQuota() async throws {
        let server = try await makeServer()
        let (out, errors) = try await JavaScriptRuntime().runPage(at: server.url("/"), """
            var out = {};
            function settle(key, promise) {
              return promise.then(function (r) { return r.text(); }).then(function (t) { out[key] = t; },
                function (e) { out[key] = e.name + (e instanceof TypeError ? '' : '?'); });
            }
            var first = settle('first', fetch('/a', { method: 'POST', body: 'x'.repeat(40000), keepalive: true }));
            settle('over', fetch('/b', { method: 'POST', body: new Uint8Array(30000), keepalive: true }));
            var fits = settle('fits', fetch('/c', { method: 'POST', body: new Blob(['y'.repeat(25536)]), keepalive: true }));
            settle('plain', fetch('/d', { method: 'POST', body: 'z'.repeat(70000) }));
            settle('alone', fetch('/e', { method: 'POST', body: 'z'.repeat(70000), keepalive: true }));
            settle('stream', fetch('/f', { method: 'POST', body: new ReadableStream(), keepalive: true }));
            Promise.all([first, fits]).then(function () {   // the quota is free again once they have settled
              settle('later', fetch('/g', { method: 'POST', body: 'w'.repeat(60000), keepalive: true }));
            });
            """, result: "Object.keys(out).sort().map(function (k) { return k + ' ' + out[k]; })")
        #expect(errors.isEmpty)
        #expect(out == #"["alone TypeError","first POST /a 40000","fits POST /c 25536","later POST /g 60000","over TypeError","plain POST /d 70000","stream TypeError"]"#)
        await server.stop()
    }

    @Test func aKeepaliveRequestOutlivesItsPage() async throws {
        let server = try await makeServer()
        let url = server.url("/")
        let settled = try await JavaScriptRuntime().isolated { rt -> String in
            let page = FakePlatformHost(rt, url: url)
            // Both requests start and the page closes in one turn of the loop: neither has reached the server yet.
            try page.context.evaluate("""
                var out = [];
                fetch('/kept', { method: 'POST', body: 'bye', keepalive: true }).then(function () { out.push('kept'); });
                fetch('/dropped', { method: 'POST', body: 'bye' }).then(function () { out.push('dropped'); });
                """)
            page.platform.close()
            #expect(page.platform.pendingRequestCount == 1)
            await rt.runUntilIdle(timeout: .generous)
            #expect(page.platform.pendingRequestCount == 0)
            return try page.context.evaluate("JSON.stringify(out)").toString() ?? ""
        }
        #expect(settled == "[]")   // the closed page hears nothing
        #expect(server.requests.map(\.path) == ["/kept"])
        #expect(server.requests.first?.text == "bye")
        await server.stop()
    }
}
