import HybridJSON

/// One event of a fixture server's event stream (`text/event-stream`, for `EventSource`).
///
/// ```swift
/// try server.route("GET", "/feed") { request in
///     .eventStream([ServerSentEvent(data: "hello", id: "1"),
///                   ServerSentEvent(event: "price", data: "{\"p\":3}", id: "2", delay: 20)],
///                  after: request.headers["last-event-id"])
/// }
/// ```
///
/// In a mocks folder, `GET/feed.sse.json` is the stream `/feed`; its JSON is read by ``events(json:)``.
public struct ServerSentEvent: Sendable, Equatable {
    /// The event's type (`event:`); nil: a `message` event.
    public var event: String?
    /// The data; each line becomes a `data:` line.
    public var data: String
    /// The `id:` field: the client's last event id, sent back as `Last-Event-ID` when it reconnects.
    public var id: String?
    /// The `retry:` field: the client's reconnection delay, in milliseconds.
    public var retry: Int?
    /// How long to wait before sending it, in milliseconds (the stream is flushed chunk by chunk).
    public var delay: Int

    public init(event: String? = nil, data: String, id: String? = nil, retry: Int? = nil, delay: Int = 0) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
        self.delay = delay
    }

    /// The event as the stream carries it, ending with its blank line.
    var encoded: String {
        var text = ""
        if let event { text += "event: \(Self.oneLine(event))\n" }
        if let id { text += "id: \(Self.oneLine(id))\n" }
        if let retry { text += "retry: \(retry)\n" }
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) { text += "data: \(line)\n" }
        return text + "\n"
    }

    private static func oneLine(_ field: String) -> String {
        String(field.filter { $0 != "\n" && $0 != "\r" })
    }

    /// The events of a mock file's JSON, an array (or `{"events": [...]}`) of objects with `data` (a string, or any
    /// JSON, sent as its JSON text), optional `event`, `id`, `retry` and `delay`:
    ///
    /// ```json
    /// [{"data": "hello", "id": "1"}, {"event": "price", "data": {"p": 3}, "id": "2", "delay": 20}]
    /// ```
    public static func events(json: JSONValue) throws(FixtureServerError) -> [ServerSentEvent] {
        guard let list = json.arrayValue ?? json["events"]?.arrayValue else {
            throw .invalidMocks("an event-stream mock must be a JSON array of events")
        }
        return try list.map { value throws(FixtureServerError) in
            guard value.objectValue != nil, let data = value["data"] else {
                throw .invalidMocks("an event needs `data`: \(value.jsonString)")
            }
            return ServerSentEvent(event: value["event"]?.stringValue, data: data.stringValue ?? data.jsonString,
                                   id: value["id"]?.stringValue, retry: value["retry"]?.intValue,
                                   delay: max(0, value["delay"]?.intValue ?? 0))
        }
    }
}
