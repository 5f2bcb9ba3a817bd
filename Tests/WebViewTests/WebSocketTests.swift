import FixtureServer
import Foundation
import JavaScript
import Testing
import TestSupport
@testable import WebView

/// The page's `WebSocket` against the fixture server's WebSocket endpoints, on loopback; each test its own web view
/// and server.
@Suite struct WebSocketTests {
    private static let chat = WebSocketScript(protocols: ["chat.v1", "chat.v2"],
                                              steps: [.send("welcome"), .expect("hello"), .sendBinary([0, 1, 254, 255]),
                                                      .close(code: 4000, reason: "bye")])

    private func fixture() async throws -> ConnectionFixture {
        try await ConnectionFixture { server in
            try server.route("GET", "/echo") { _ in .webSocket(.echo) }
            try server.route("GET", "/chat") { _ in .webSocket(Self.chat) }
            try server.route("GET", "/strict") { _ in
                .webSocket(WebSocketScript(steps: [.expect("password"), .send("ok")], echo: true))
            }
        }
    }

    @Test func echoesTextArrayBufferViewAndBlobWithStatesAndACleanClose() async throws {
        let page = try await fixture()
        let result = try await page.webView.callAsyncJavaScript("""
            new Promise(function (resolve) {
              var ws = new WebSocket('\(page.ws("echo"))'), out = [ws.readyState, ws.binaryType, ws.url, ws.protocol];
              ws.binaryType = 'nonsense';
              out.push(ws.binaryType);
              ws.binaryType = 'arraybuffer';
              var replies = [];
              ws.onopen = function (e) {
                out.push('open', e.type, ws.readyState, e instanceof Event);
                ws.send('héllo');
                out.push(ws.bufferedAmount);
                ws.send(new Uint8Array([1, 2, 3]).buffer);
                ws.send(new Uint8Array([9, 8, 7, 6]).subarray(1, 3));
                ws.send(new Blob(['blob!']));
              };
              ws.onmessage = function (e) {
                replies.push(typeof e.data === 'string' ? e.data : Array.from(new Uint8Array(e.data)));
                if (replies.length === 1) out.push(e instanceof MessageEvent, e.origin);
                if (replies.length === 4) {
                  out.push(ws.bufferedAmount);
                  ws.close(1000, 'done');
                  out.push(ws.readyState);
                }
              };
              ws.addEventListener('close', function (e) {
                out.push(e instanceof CloseEvent, e.code, e.reason, e.wasClean, ws.readyState, replies);
                resolve(out);
              });
            })
            """)
        let origin = "ws" + page.base.dropFirst(4).dropLast()
        #expect(result == [0, "blob", .string(page.ws("echo")), "", "blob", "open", "open", 1, true, 6,
                           true, .string(String(origin)), 0, 2, true, 1000, "done", true, 3,
                           ["héllo", [1, 2, 3], [8, 7], [98, 108, 111, 98, 33]]])
        #expect(page.log.exceptions.isEmpty)
        await page.finish()
    }

    @Test func binaryMessagesAreBlobsByDefaultAndTheScriptedServerClosesWithItsCode() async throws {
        let page = try await fixture()
        let result = try await page.webView.callAsyncJavaScript("""
            new Promise(function (resolve) {
              var ws = new WebSocket('/chat', ['chat.v2', 'chat.v1']), out = [], pending = [];
              ws.onopen = function () { out.push('open:' + ws.protocol + ':' + ws.extensions); };
              ws.onmessage = function (e) {
                if (typeof e.data === 'string') { out.push(e.data); ws.send('hello'); return; }
                out.push(e.data instanceof Blob, e.data.size);
                pending.push(e.data.arrayBuffer().then(function (b) { out.push(Array.from(new Uint8Array(b))); }));
              };
              ws.onerror = function () { out.push('error'); };
              ws.onclose = function (e) {
                Promise.all(pending).then(function () { out.push(e.code, e.reason, e.wasClean); resolve(out); });
              };
            })
            """)
        #expect(result == ["open:chat.v1:", "welcome", true, 4, [0, 1, 254, 255], 4000, "bye", true])
        await page.finish()
    }

    @Test func aServerThatClosesOnAnUnexpectedMessageGives1008() async throws {
        let page = try await fixture()
        let result = try await page.webView.callAsyncJavaScript("""
            new Promise(function (resolve) {
              var ws = new WebSocket('\(page.base)strict');
              ws.onopen = function () { ws.send('guess'); };
              ws.onmessage = function (e) { resolve(['unexpected', e.data]); };
              ws.onclose = function (e) { resolve([e.code, e.reason, e.wasClean]); };
            })
            """)
        #expect(result == [1008, #"expected "password""#, true])
        await page.finish()
    }

    @Test func constructorAndMethodErrorsFollowTheStandard() async throws {
        let page = try await fixture()
        let result = try await page.webView.evaluateJavaScript("""
            (function () {
              function attempt(f) { try { f(); return 'no error'; } catch (e) { return e.name + ': ' + e.message; } }
              var out = [
                attempt(function () { new WebSocket('ws://[bad'); }),
                attempt(function () { new WebSocket('ftp://example.test/'); }),
                attempt(function () { new WebSocket('ws://example.test/#frag'); }),
                attempt(function () { new WebSocket('ws://example.test/', 'bad protocol'); }),
                attempt(function () { new WebSocket('ws://example.test/', ['a', 'a']); }),
                attempt(function () { WebSocket('ws://example.test/'); }),
                attempt(function () { new WebSocket(); })
              ];
              var ws = new WebSocket('/echo');
              out.push(ws.url, WebSocket.CLOSING, ws.OPEN);
              out.push(attempt(function () { ws.send('early'); }));
              out.push(attempt(function () { ws.close(1001); }));
              out.push(attempt(function () { ws.close(1000, 'x'.repeat(124)); }));
              out.push(ws.readyState);
              out.push(attempt(function () { Object.getOwnPropertyDescriptor(WebSocket.prototype, 'url').get.call({}); }));
              out.push(attempt(function () { WebSocket.prototype.send.call({}, 'x'); }));
              return out;
            })()
            """)
        // WebKit's words (observed on WebKitGTK 2.50 with hybrid conform): its bindings' default messages.
        let syntax = "SyntaxError: The string did not match the expected pattern."
        #expect(result == [
            .string(syntax), .string(syntax), .string(syntax), .string(syntax), .string(syntax),
            "TypeError: Constructor requires 'new' operator",
            "TypeError: Not enough arguments",
            .string(page.ws("echo")), 2, 1,
            "InvalidStateError: The object is in an invalid state.",
            "InvalidAccessError: The object does not support the operation or argument.",
            "SyntaxError: The string did not match the expected pattern.",
            0,
            "TypeError: The WebSocket.url getter can only be used on instances of WebSocket",
            "TypeError: Can only call WebSocket.send on instances of WebSocket",
        ])
        await page.finish()
    }

    @Test func refusedConnectionsMissingEndpointsAndRefusedProtocolsFireErrorThenClose1006() async throws {
        let page = try await fixture()
        let gone = try ClosedPort()
        let result = try await page.webView.callAsyncJavaScript("""
            function attempt(url, protocols) {
              return new Promise(function (resolve) {
                var ws = new WebSocket(url, protocols), events = [];
                ws.onopen = function () { events.push('open'); };
                ws.onerror = function (e) { events.push(e.type + ':' + ws.readyState); };
                ws.onclose = function (e) { events.push(e.code, e.wasClean, ws.readyState); resolve(events); };
              });
            }
            Promise.all([attempt('ws://127.0.0.1:\(gone.port)/'), attempt('/missing'), attempt('/chat', 'other'),
                         attempt('/echo', 'wanted')])
            """)
        // The echo endpoint accepts any client but chooses no subprotocol: a client that asked for one fails, as in WebKit.
        let failed: JSONValue = ["error:3", 1006, false, 3]
        #expect(result == [failed, failed, failed, failed])
        withExtendedLifetime(gone) {}
        await page.finish()
    }

    @Test func closingWhileConnectingFailsTheConnectionInATask() async throws {
        let page = try await fixture()
        let result = try await page.webView.callAsyncJavaScript("""
            new Promise(function (resolve) {
              var ws = new WebSocket('/echo'), events = [];
              ws.onopen = function () { events.push('open'); };
              ws.onerror = function () { events.push('error'); };
              ws.onclose = function (e) { events.push(e.code, e.wasClean); resolve(events); };
              ws.close();
              events.push('after close: ' + ws.readyState);
            })
            """)
        #expect(result == ["after close: 2", "error", 1006, false])
        await page.finish()
    }

    @Test func stoppingTheServerClosesThePageSocketAbnormally() async throws {
        let page = try await fixture()
        _ = try await page.webView.callAsyncJavaScript("""
            new Promise(function (resolve) {
              window.socket = new WebSocket('/echo');
              socket.onopen = resolve;
              socket.onclose = function (e) { window.closeInfo = [e.code, e.wasClean, socket.readyState]; };
            })
            """)
        await page.server.stop()
        let result = try await page.webView.callAsyncJavaScript("""
            window.closeInfo || new Promise(function (resolve) {
              socket.addEventListener('close', function () { resolve(window.closeInfo); });
            })
            """)
        #expect(result == [1006, false, 3])
        await page.finish()
    }

    @Test func closingTheWebViewClosesItsSockets() async throws {
        let page = try await fixture()
        _ = try await page.webView.callAsyncJavaScript("""
            Promise.all([0, 1].map(function () {
              return new Promise(function (resolve) { new WebSocket('/echo').onopen = resolve; });
            }))
            """)
        // The page's own HTTP connection may still be open beside the two sockets.
        let open = await page.server.openConnectionCount()
        #expect(open >= 2)
        await page.webView.close()
        #expect(await page.waitForServerConnections(atMost: open - 2))
        await page.finish()
    }
}
