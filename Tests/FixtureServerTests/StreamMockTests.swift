import Foundation
import Glibc
import Testing
@testable import FixtureServer
import JavaScript

/// The WebSocket handshake of RFC 6455's example: its key and the accept value a server must answer.
private let exampleKey = "dGhlIHNhbXBsZSBub25jZQ=="
private let exampleAccept = "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="

/// A WebSocket handshake for `path` on a kept-open socket: the 101 head, then what the server sent first.
private func handshake(_ path: String, port: Int, extra: [String] = []) async throws -> (RawResponse, Int32) {
    let head = (["GET \(path) HTTP/1.1", "Host: 127.0.0.1", "Upgrade: websocket", "Connection: Upgrade",
                 "Sec-WebSocket-Version: 13"] + extra).joined(separator: "\r\n") + "\r\n\r\n"
    return try await RawHTTP.onThread {
        let fd = try RawHTTP.connect(port: port)
        RawHTTP.write(fd, Array(head.utf8))
        return (try RawHTTP.readResponse(fd), fd)
    }
}

/// Reads exactly `count` bytes from `fd` (or fewer when it ends).
private func read(_ fd: Int32, count: Int) async throws -> [UInt8] {
    try await RawHTTP.onThread {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: count)
        while bytes.count < count {
            let got = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, count - bytes.count, 0) }
            if got <= 0 { break }
            bytes += buffer[..<got]
        }
        return bytes
    }
}

@Suite("Stream mocks: WebSocket endpoints and event streams")
struct StreamMockTests {
    @Test("a WebSocket script is read from JSON: steps, protocols, echo by default without steps")
    func scriptFromJSON() throws {
        let script = try WebSocketScript(json: try JSONValue(parsing: """
            {"protocols": ["chat.v1"], "steps": [{"send": "hi"}, {"sendBinary": "AAEC/w=="}, {"expect": "hello"},
             {"expect": null}, {"delay": 5}, {"close": 4000, "reason": "bye"}]}
            """))
        #expect(script.protocols == ["chat.v1"])
        #expect(script.steps == [.send("hi"), .sendBinary([0, 1, 2, 255]), .expect("hello"), .expect(nil),
                                 .delay(milliseconds: 5), .close(code: 4000, reason: "bye")])
        #expect(script.echo == false)
        #expect(try WebSocketScript(json: [:]) == .echo)
    }

    @Test("malformed WebSocket scripts and event lists are errors naming the member")
    func malformedJSON() throws {
        #expect(throws: FixtureServerError.invalidMocks("unknown WebSocket step {\"close\":1006}")) {
            try WebSocketScript(json: ["steps": [["close": 1006]]])
        }
        #expect(throws: FixtureServerError.invalidMocks("`sendBinary` is not base64: **")) {
            try WebSocketScript(json: ["steps": [["sendBinary": "**"]]])
        }
        #expect(throws: FixtureServerError.invalidMocks("a WebSocket mock must be a JSON object")) {
            try WebSocketScript(json: [1])
        }
        #expect(throws: FixtureServerError.invalidMocks("an event needs `data`: {\"id\":\"1\"}")) {
            try ServerSentEvent.events(json: [["id": "1"]])
        }
    }

    @Test("events are encoded with event, id, retry and one data line per line")
    func eventEncoding() throws {
        let events = try ServerSentEvent.events(json: try JSONValue(parsing: """
            {"events": [{"data": "a\\nb", "event": "price", "id": "7", "retry": 250, "delay": 3}, {"data": {"n": 1}}]}
            """))
        #expect(events.map(\.encoded) == ["event: price\nid: 7\nretry: 250\ndata: a\ndata: b\n\n", "data: {\"n\":1}\n\n"])
        #expect(events[0].delay == 3)
    }

    @Test("mock files ending .websocket.json and .sse.json are routes without the suffix")
    func folderPatterns() throws {
        let mocks = try FixtureFolder()
        try mocks.write("GET/ws/chat.websocket.json", "{}")
        try mocks.write("GET/feed.sse.json", "[]")
        #expect(try MockFolder.scan(mocks.path).map(\.pattern) == ["/feed", "/ws/chat"])
    }

    @Test("an event stream is chunked text/event-stream, written event by event, resumed after Last-Event-ID")
    func eventStream() async throws {
        let folder = try FixtureFolder()
        let mocks = try FixtureFolder()
        try mocks.write("GET/feed.sse.json", """
            [{"data": "one", "id": "1"}, {"data": "two", "id": "2", "delay": 20}, {"event": "end", "data": "three", "id": "3"}]
            """)
        var options = FixtureServer.Options()
        options.apiMocks = mocks.path
        try await withServer(folder, options: options) { _, port in
            let all = try await RawHTTP.get("/feed", port: port)
            #expect(all.status == 200)
            #expect(all.header("Content-Type") == "text/event-stream")
            #expect(all.header("Transfer-Encoding") == "chunked")
            #expect(all.header("Cache-Control") == "no-cache")
            let text = all.text
            #expect(text.contains("id: 1\ndata: one\n\n"))
            #expect(text.contains("id: 2\ndata: two\n\n"))
            #expect(text.contains("event: end\nid: 3\ndata: three\n\n"))
            #expect(text.hasSuffix("0\r\n\r\n"))
            let resumed = try await RawHTTP.get("/feed", port: port, headers: ["Last-Event-ID: 2"]).text
            #expect(!resumed.contains("data: one") && !resumed.contains("data: two"))
            #expect(resumed.contains("data: three"))
        }
    }

    @Test("a broken stream mock answers 500 naming the file")
    func brokenStreamMock() async throws {
        let folder = try FixtureFolder()
        let mocks = try FixtureFolder()
        try mocks.write("GET/feed.sse.json", "{\"nope\": 1}")
        var options = FixtureServer.Options()
        options.apiMocks = mocks.path
        try await withServer(folder, options: options) { _, port in
            let answer = try await RawHTTP.get("/feed", port: port)
            #expect(answer.status == 500)
            #expect(answer.text.contains("feed.sse.json: mocks folder cannot be used: an event-stream mock must be a JSON array"))
        }
    }

    @Test("a WebSocket endpoint answers the handshake with 101, the accept key and the chosen protocol, then runs its steps")
    func webSocketHandshake() async throws {
        let folder = try FixtureFolder()
        try await withServer(folder, configure: { server in
            try server.route("GET", "/chat") { _ in
                .webSocket(WebSocketScript(protocols: ["chat.v2", "chat.v1"], steps: [.send("welcome")], echo: true))
            }
        }) { _, port in
            let (answer, fd) = try await handshake("/chat", port: port,
                                                   extra: ["Sec-WebSocket-Key: \(exampleKey)", "Sec-WebSocket-Protocol: chat.v1, chat.v2"])
            defer { close(fd) }
            #expect(answer.status == 101)
            #expect(answer.header("Sec-WebSocket-Accept") == exampleAccept)
            // The endpoint's order decides (libsoup's rule), not the client's.
            #expect(answer.header("Sec-WebSocket-Protocol") == "chat.v2")
            // An unmasked text frame (FIN, opcode 1), 7 bytes: "welcome".
            #expect(try await read(fd, count: 9) == [0x81, 7] + Array("welcome".utf8))
        }
    }

    @Test("handshakes libsoup refuses get 400: no key, or only protocols the endpoint does not speak")
    func webSocketRefusals() async throws {
        let folder = try FixtureFolder()
        try await withServer(folder, configure: { server in
            try server.route("GET", "/chat") { _ in .webSocket(WebSocketScript(protocols: ["chat.v1"], echo: true)) }
        }) { _, port in
            let (noKey, first) = try await handshake("/chat", port: port)
            close(first)
            #expect(noKey.status == 400)
            let (wrong, second) = try await handshake("/chat", port: port,
                                                      extra: ["Sec-WebSocket-Key: \(exampleKey)", "Sec-WebSocket-Protocol: other"])
            close(second)
            #expect(wrong.status == 400)
            // A plain GET of the endpoint is not a handshake either.
            #expect(try await RawHTTP.get("/chat", port: port).status == 400)
        }
    }

    @Test("stopping the server closes an open WebSocket")
    func stopClosesWebSockets() async throws {
        let folder = try FixtureFolder()
        let server = FixtureServer(root: folder.path)
        try server.route("GET", "/echo") { _ in .webSocket(.echo) }
        let base = try await server.start()
        let port = Int(base.split(separator: ":").last!.dropLast())!
        let (answer, fd) = try await handshake("/echo", port: port, extra: ["Sec-WebSocket-Key: \(exampleKey)"])
        defer { close(fd) }
        #expect(answer.status == 101)
        await server.stop()
        #expect(try await RawHTTP.onThread { RawHTTP.awaitClose(fd) })
    }
}
