import HybridJSON

/// What a mock route answers: a status, headers and a body.
public struct MockResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    /// What the connection becomes instead of a plain answer: a WebSocket or an event stream.
    var stream: StreamAnswer?

    /// The answers that stream rather than end with their body.
    enum StreamAnswer: Sendable {
        case webSocket(WebSocketScript)
        case events([ServerSentEvent], keepOpen: Bool)
    }

    public init(status: Int = 200, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// JSON, `application/json; charset=utf-8`.
    public static func json(_ value: JSONValue, status: Int = 200) -> MockResponse {
        raw(Array(value.jsonString.utf8), contentType: "application/json; charset=utf-8", status: status)
    }

    /// Plain text, `text/plain; charset=utf-8`.
    public static func text(_ text: String, status: Int = 200) -> MockResponse {
        raw(Array(text.utf8), contentType: "text/plain; charset=utf-8", status: status)
    }

    /// Only a status, with no body (`.status(204)`).
    public static func status(_ status: Int) -> MockResponse {
        MockResponse(status: status)
    }

    /// Any bytes with a content type.
    public static func raw(_ body: [UInt8], contentType: String, status: Int = 200) -> MockResponse {
        MockResponse(status: status, headers: [("Content-Type", contentType)], body: body)
    }

    /// Upgrades the request to a WebSocket that runs `script` (libsoup checks the handshake: a request that is not a
    /// valid one, or offers only subprotocols the script does not accept, gets 400).
    public static func webSocket(_ script: WebSocketScript) -> MockResponse {
        var response = MockResponse(status: 101)
        response.stream = .webSocket(script)
        return response
    }

    /// A `text/event-stream` of `events`, each sent after its delay and flushed at once. The answer ends after the
    /// last one, so an `EventSource` reconnects, unless `keepOpen` (then it stays open until the client goes or the
    /// server stops). With `after`, the id a reconnecting client sends as `Last-Event-ID`, only the events after
    /// the one with that id are sent (all of them when no event has it).
    public static func eventStream(_ events: [ServerSentEvent], after lastEventID: String? = nil,
                                   keepOpen: Bool = false) -> MockResponse {
        var sent = events
        if let lastEventID, let index = events.firstIndex(where: { $0.id == lastEventID }) {
            sent = Array(events[(index + 1)...])
        }
        var response = MockResponse(status: 200, headers: [("Content-Type", "text/event-stream")])
        response.stream = .events(sent, keepOpen: keepOpen)
        return response
    }
}
