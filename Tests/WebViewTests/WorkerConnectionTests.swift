import FixtureServer
import Foundation
import JavaScript
import Testing
import TestSupport
@testable import WebView

/// `WebSocket` and `EventSource` in dedicated workers, against the fixture server's endpoints: each connection runs
/// through the page's session, its events reach the worker on the worker's thread, terminating the worker ends it.
@Suite struct WorkerConnectionTests {
    private func fixture() async throws -> ConnectionFixture {
        try await ConnectionFixture { server in
            try server.route("GET", "/echo") { _ in .webSocket(.echo) }
            try server.route("GET", "/feed") { _ in
                .eventStream([ServerSentEvent(data: "first", id: "1"), ServerSentEvent(event: "price", data: "line 1\nline 2"),
                              ServerSentEvent(data: "last", id: "3")])
            }
            try server.route("GET", "/live") { _ in .eventStream([ServerSentEvent(data: "hi")], keepOpen: true) }
        }
    }

    /// Runs `source` as a classic worker from a blob: URL of the page (the page's `lastWorker`) and returns the
    /// worker's first message.
    private func firstMessage(_ page: ConnectionFixture, _ source: String) async throws -> JSONValue {
        try await runAsync(page.webView, """
            var source = \(JSONValue.string(source).jsonString);
            var worker = window.lastWorker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
            return await new Promise(function (resolve) { worker.onmessage = function (e) { resolve(e.data); }; });
            """)
    }

    /// The values observed on WebKitGTK 2.50 for the same worker against an echo endpoint (`hybrid run --engine webkit`).
    @Test func aWorkersWebSocketEchoesTextAndBinaryAndClosesCleanly() async throws {
        let page = try await fixture()
        let out = try await firstMessage(page, """
            var ws = new WebSocket('\(page.ws("echo"))'), out = [typeof WebSocket, typeof CloseEvent, ws.readyState], replies = [];
            ws.binaryType = 'arraybuffer';
            ws.onopen = function (e) {
              out.push(e.type, ws.readyState);
              ws.send('héllo');
              ws.send(new Uint8Array([1, 2, 3]));
            };
            ws.onmessage = function (e) {
              replies.push(typeof e.data === 'string' ? e.data : Array.from(new Uint8Array(e.data)));
              if (replies.length === 1) out.push(e instanceof MessageEvent, e.origin === '\(page.ws("echo").dropLast(5))');
              if (replies.length === 2) ws.close(1000, 'done');
            };
            ws.onclose = function (e) {
              out.push(e instanceof CloseEvent, e.code, e.reason, e.wasClean, ws.readyState, replies);
              postMessage(out);
            };
            """)
        #expect(out == ["function", "function", 0, "open", 1, true, true, true, 1000, "done", true, 3, ["héllo", [1, 2, 3]]])
        #expect(page.log.exceptions.isEmpty)
        await page.finish()
    }

    @Test func aRefusedWorkerSocketFiresErrorThenClose1006() async throws {
        let page = try await fixture()
        let out = try await firstMessage(page, """
            var ws = new WebSocket('\(page.ws("nothing-here"))'), out = [];
            ws.onerror = function (e) { out.push(e.type, ws.readyState); };
            ws.onclose = function (e) { out.push(e.code, e.wasClean); postMessage(out); };
            """)
        #expect(out == ["error", 3, 1006, false])
        await page.finish()
    }

    /// Runs `source` in a worker until its first message, `first`, then terminates the worker: the two connections it
    /// holds go (the server sees two connections fewer; the page's own HTTP connection may close too, but only one).
    private func expectTerminatingEndsConnection(_ page: ConnectionFixture, _ source: String, first: JSONValue) async throws {
        #expect(try await firstMessage(page, source) == first)
        let open = await page.server.openConnectionCount()
        #expect(open >= 2)
        _ = try await runAsync(page.webView, "lastWorker.terminate(); return 1;")
        #expect(await page.waitForServerConnections(atMost: open - 2))
        #expect(page.log.exceptions.isEmpty)
    }

    @Test func terminatingAWorkerClosesItsWebSocket() async throws {
        let page = try await fixture()
        try await expectTerminatingEndsConnection(page, """
            var opened = 0;
            [0, 1].forEach(function () {
              new WebSocket('\(page.ws("echo"))').onopen = function () { if (++opened === 2) postMessage('open'); };
            });
            """, first: "open")
        await page.finish()
    }

    /// The values observed on WebKitGTK 2.50 for the same worker and stream (`hybrid run --engine webkit`).
    @Test func aWorkersEventSourceHearsMessagesNamedEventsAndIds() async throws {
        let page = try await fixture()
        let out = try await firstMessage(page, """
            var source = new EventSource('\(page.base)feed'), out = [typeof EventSource, source.readyState];
            source.onopen = function () { out.push('open', source.readyState); };
            source.addEventListener('price', function (e) { out.push([e.type, e.data, e.lastEventId]); });
            source.onmessage = function (e) {
              out.push([e.type, e.data, e.lastEventId, e.origin, e instanceof MessageEvent]);
              if (e.data === 'last') { source.close(); out.push(source.readyState); postMessage(out); }
            };
            """)
        let origin = JSONValue.string(String(page.base.dropLast()))
        #expect(out == ["function", 0, "open", 1, ["message", "first", "1", origin, true], ["price", "line 1\nline 2", "1"],
                        ["message", "last", "3", origin, true], 2])
        #expect(page.log.exceptions.isEmpty)
        await page.finish()
    }

    @Test func terminatingAWorkerEndsItsEventStream() async throws {
        let page = try await fixture()
        try await expectTerminatingEndsConnection(page, """
            var heard = 0;
            [0, 1].forEach(function () {
              new EventSource('\(page.base)live').onmessage = function (e) { if (++heard === 2) postMessage(e.data); };
            });
            """, first: "hi")
        await page.finish()
    }
}
