import HybridJSON

/// What a mock route answers: a status, headers and a body.
public struct MockResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

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
}
