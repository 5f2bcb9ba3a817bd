internal import CSoup
import Glibc
import HybridRouting

extension ServerCore {
    /// Answers a request whose head and body are in: CORS, mock routes, then files.
    func handle(_ msg: OpaquePointer) {
        let message = ServerMessage(pointer: msg)
        if soup_server_message_get_status(msg) != 0 { return }
        // libsoup cuts a 200 answer to the request's ranges itself, several ranges into a multipart body built in
        // memory (1,000 ranges of a 3 MB file: 1.5 GB). The answer is decided here, ranges included (ByteRange).
        defer { message.removeRequestHeader("Range") }
        answer(message)
    }

    private func answer(_ message: ServerMessage) {
        let method = message.method
        if cors {
            message.setHeader("Access-Control-Allow-Origin", message.header("Origin") ?? "*")
            message.setHeader("Vary", "Origin")
            if method == "OPTIONS", let requested = message.header("Access-Control-Request-Method") {
                message.setHeader("Access-Control-Allow-Methods", requested + ", GET, HEAD, POST, PUT, PATCH, DELETE")
                message.setHeader("Access-Control-Allow-Headers",
                                  message.header("Access-Control-Request-Headers") ?? "Content-Type")
                message.setHeader("Access-Control-Max-Age", "600")
                message.setStatus(204)
                return
            }
        }
        let path = message.encodedPath
        switch routes.lookup(method: method, target: path + (message.query.map { "?" + $0 } ?? "")) {
        case .handler(let handler, let match):
            answer(message, with: handler, match: match, method: method, path: path)
        case .wrongMethod(let allowed):
            message.setHeader("Allow", allowed.joined(separator: ", "))
            message.fail(405)
        case .none:
            files.respond(to: message, method: method, path: path)
        }
    }

    private func answer(_ message: ServerMessage, with handler: MockRoutes.Handler, match: RouteMatch,
                        method: String, path: String) {
        var headers: [String: String] = [:]
        for (name, value) in message.headers {
            let key = name.lowercased()
            headers[key] = headers[key].map { $0 + ", " + value } ?? value
        }
        let request = MockRequest(method: method, path: path, parameters: match.parameters, query: match.query,
                                  headers: headers, body: message.body)
        do {
            let response = try handler(request)
            for (name, value) in response.headers { message.appendHeader(name, value) }
            switch response.stream {
            case .webSocket(let script)?: return upgrade(message, to: script)
            case .events(let events, let keepOpen)?: return stream(events, keepOpen: keepOpen, to: message)
            case nil: break
            }
            message.setHeader("Cache-Control", "no-cache")
            message.setBody(response.body, contentType: nil)
            message.setStatus(response.status)
        } catch {
            message.fail(500, "mock handler for \(method) \(path) threw: \(error)")
        }
    }

    /// Answers a WebSocket handshake with 101 (libsoup checks it and chooses the subprotocol); the connection takes
    /// the socket over once the answer is written. A handshake libsoup refuses gets its 400.
    private func upgrade(_ message: ServerMessage, to script: WebSocketScript) {
        let accepted: Bool
        if script.protocols.isEmpty {
            accepted = soup_websocket_server_process_handshake(message.pointer, nil, nil, nil, nil) != 0
        } else {
            var names = script.protocols.map { strdup($0) } + [nil]
            defer { names.forEach { free($0) } }
            accepted = soup_websocket_server_process_handshake(message.pointer, nil, &names, nil, nil) != 0
        }
        if accepted { upgrades[message.pointer] = script }
    }

    /// Streams `events` as the answer, chunk by chunk.
    private func stream(_ events: [ServerSentEvent], keepOpen: Bool, to message: ServerMessage) {
        let writer = EventStreamWriter(message: message, events: events, keepOpen: keepOpen, done: { [weak self] writer in
            self?.eventStreams[ObjectIdentifier(writer)] = nil
        }, quiet: { [weak self] msg in
            self?.connections.connection(answering: msg)?.closeWhenClientLeaves()
        })
        eventStreams[ObjectIdentifier(writer)] = writer
        writer.start()
    }
}
