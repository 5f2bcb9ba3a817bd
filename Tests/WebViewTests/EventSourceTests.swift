import FixtureServer
import Foundation
import JavaScript
import Synchronization
import Testing
import TestSupport
@testable import WebView

/// The page's `EventSource` against the fixture server's event streams, on loopback; each test its own web view and
/// server.
@Suite struct EventSourceTests {
    @Test func messagesNamedEventsIdsAndAttributesFromAMockStream() async throws {
        let page = try await ConnectionFixture(mocks: ["GET/feed.sse.json": """
            [{"data": "first", "id": "1"}, {"event": "price", "data": "line 1\\nline 2", "delay": 10},
             {"data": {"n": 3}, "id": "3", "retry": 60000}]
            """])
        let result = try await page.webView.callAsyncJavaScript("""
            new Promise(function (resolve) {
              var source = new EventSource('feed', { withCredentials: true }), out = [];
              out.push(source.readyState, source.url, source.withCredentials, EventSource.CLOSED);
              source.onopen = function (e) { out.push('open', source.readyState); };
              source.onmessage = function (e) {
                out.push([e.type, e.data, e.lastEventId, e.origin, e instanceof MessageEvent]);
                if (e.data === '{"n":3}') { source.close(); out.push(source.readyState); resolve(out); }
              };
              source.addEventListener('price', function (e) { out.push([e.type, e.data, e.lastEventId]); });
              source.onerror = function () { out.push('error'); };
            })
            """)
        let origin = String(page.base.dropLast())
        #expect(result == [0, .string(page.base + "feed"), true, 2, "open", 1,
                           ["message", "first", "1", .string(origin), true],
                           ["price", "line 1\nline 2", "1"],
                           ["message", #"{"n":3}"#, "3", .string(origin), true], 2])
        #expect(page.log.exceptions.isEmpty)
        await page.finish()
    }

    @Test func reconnectsAfterTheStreamEndsSendingLastEventID() async throws {
        let seen = Mutex<[String]>([])
        let page = try await ConnectionFixture { server in
            try server.route("GET", "/feed") { request in
                let lastID = request.headers["last-event-id"]
                seen.withLock { $0.append(lastID ?? "(none)") }
                // The first connection gets two events and ends; the reconnection (after 5 ms) the third.
                return .eventStream(lastID == nil ? [ServerSentEvent(data: "one", id: "1", retry: 5),
                                                     ServerSentEvent(data: "two", id: "2")]
                                                  : [ServerSentEvent(data: "three", id: "3")])
            }
        }
        let result = try await page.webView.callAsyncJavaScript("""
            new Promise(function (resolve) {
              var source = new EventSource('/feed'), out = [];
              source.onopen = function () { out.push('open'); };
              source.onmessage = function (e) {
                out.push(e.data + '#' + e.lastEventId);
                if (e.data === 'three') { source.close(); resolve(out); }
              };
              source.onerror = function () { out.push('error:' + source.readyState); };
            })
            """)
        #expect(result == ["open", "one#1", "two#2", "error:0", "open", "three#3"])
        #expect(seen.withLock { $0 } == ["(none)", "2"])
        await page.finish()
    }

    @Test func aNon200OrNonEventStreamAnswerFailsForGood() async throws {
        let hits = Mutex(0)
        let page = try await ConnectionFixture { server in
            try server.route("GET", "/missing") { _ in hits.withLock { $0 += 1 }; return .text("no", status: 404) }
            try server.route("GET", "/plain") { _ in hits.withLock { $0 += 1 }; return .text("data: x\n\n") }
        }
        let result = try await page.webView.callAsyncJavaScript("""
            Promise.all(['/missing', '/plain'].map(function (url) {
              return new Promise(function (resolve) {
                var source = new EventSource(url), out = [];
                source.onopen = function () { out.push('open'); };
                source.onmessage = function () { out.push('message'); };
                source.onerror = function (e) {
                  // Failed for good: CLOSED at once, no reconnection (the route counts the requests).
                  out.push(e.type, source.readyState);
                  resolve(out);
                };
              });
            }))
            """)
        #expect(result == [["error", 2], ["error", 2]])
        #expect(hits.withLock { $0 } == 2)
        await page.finish()
    }

    @Test func aRefusedConnectionReconnectsUntilClosed() async throws {
        let page = try await ConnectionFixture()
        let gone = try ClosedPort()
        let result = try await page.webView.callAsyncJavaScript("""
            new Promise(function (resolve) {
              var source = new EventSource('http://127.0.0.1:\(gone.port)/feed'), out = [];
              source.onerror = function () {
                out.push(source.readyState);
                source.close();
                out.push(source.readyState);
                setTimeout(function () { resolve(out); }, 50);
              };
            })
            """)
        #expect(result == [0, 2])
        withExtendedLifetime(gone) {}
        await page.finish()
    }

    @Test func constructorErrors() async throws {
        let page = try await ConnectionFixture()
        let result = try await page.webView.evaluateJavaScript("""
            (function () {
              function attempt(f) { try { f(); return 'no error'; } catch (e) { return e.name + ': ' + e.message; } }
              return [attempt(function () { new EventSource('http://[bad'); }), attempt(function () { EventSource('/x'); }),
                      attempt(function () { new EventSource(); })];
            })()
            """)
        // WebKit's words (observed on WebKitGTK 2.50 with hybrid conform).
        #expect(result == ["SyntaxError: The string did not match the expected pattern.",
                           "TypeError: Constructor requires 'new' operator", "TypeError: Not enough arguments"])
        await page.finish()
    }

    @Test func closingTheWebViewEndsItsStreams() async throws {
        let page = try await ConnectionFixture { server in
            try server.route("GET", "/live") { _ in .eventStream([ServerSentEvent(data: "hi")], keepOpen: true) }
        }
        _ = try await page.webView.callAsyncJavaScript("""
            new Promise(function (resolve) { new EventSource('/live').onmessage = resolve; })
            """)
        let open = await page.server.openConnectionCount()
        #expect(open >= 1)
        await page.webView.close()
        #expect(await page.waitForServerConnections(atMost: open - 1))
        await page.finish()
    }
}
