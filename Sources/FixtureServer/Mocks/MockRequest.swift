import HybridJSON

/// A request answered by a mock route: what the handler sees.
public struct MockRequest: Sendable {
    /// `GET`, `POST`, ...
    public var method: String
    /// The path as sent, still percent-encoded (`/api/user/42`).
    public var path: String
    /// The route's decoded parameters (`["id": "42"]` for `/api/user/:id`).
    public var parameters: [String: String]
    /// The query's decoded values; every key maps to all its values.
    public var query: [String: [String]]
    /// The request headers, names lower-cased; repeated headers joined with `, `.
    public var headers: [String: String]
    /// The request body.
    public var body: [UInt8]

    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The body parsed as JSON. Throws `JSONParseError` when it is not JSON.
    public func json() throws -> JSONValue {
        try JSONValue(parsing: text)
    }

    public init(method: String, path: String, parameters: [String: String] = [:], query: [String: [String]] = [:],
                headers: [String: String] = [:], body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.parameters = parameters
        self.query = query
        self.headers = headers
        self.body = body
    }
}
