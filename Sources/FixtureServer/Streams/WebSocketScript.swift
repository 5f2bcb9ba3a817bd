internal import CSoup
import HybridJSON

/// What a WebSocket endpoint of the fixture server does once a client connects: the steps of a script, then,
/// optionally, echo every message back.
///
/// ```swift
/// try server.route("GET", "/chat") { _ in
///     .webSocket(WebSocketScript(protocols: ["chat.v1"], steps: [.send("welcome"), .expect("hello"),
///                                                                  .close(code: 4000, reason: "bye")]))
/// }
/// try server.route("GET", "/echo") { _ in .webSocket(.echo) }
/// ```
///
/// In a mocks folder, `GET/chat.websocket.json` is the endpoint `/chat`; its JSON is read by ``init(json:)``.
public struct WebSocketScript: Sendable, Equatable {
    /// One step of a script.
    public enum Step: Sendable, Equatable {
        /// Sends a text frame.
        case send(String)
        /// Sends a binary frame.
        case sendBinary([UInt8])
        /// Waits for the client's next message: any message when nil, else a text frame with exactly that text (any
        /// other message closes with 1008, policy violation, and a reason naming what was expected).
        case expect(String?)
        /// Waits this long.
        case delay(milliseconds: Int)
        /// Closes the connection with `code` (1000, or 3000-4999) and `reason`; the script ends.
        case close(code: Int, reason: String)
    }

    /// The subprotocols the endpoint accepts, preferred first: the first of them that the client offers is chosen
    /// (libsoup's rule). Empty: the endpoint takes clients whatever they offer and chooses none.
    public var protocols: [String]
    /// The steps, run in order from the moment the connection opens.
    public var steps: [Step]
    /// Whether, after the steps, every message is sent back as it came (text as text, binary as binary).
    public var echo: Bool

    public init(protocols: [String] = [], steps: [Step] = [], echo: Bool = false) {
        self.protocols = protocols
        self.steps = steps
        self.echo = echo
    }

    /// Sends every message back, forever.
    public static let echo = WebSocketScript(echo: true)

    /// A script from a mock file's JSON:
    ///
    /// ```json
    /// {"protocols": ["chat.v1"],
    ///  "steps": [{"send": "welcome"}, {"sendBinary": "AAEC/w=="}, {"expect": "hello"}, {"expect": null},
    ///            {"delay": 50}, {"close": 4000, "reason": "bye"}],
    ///  "echo": true}
    /// ```
    ///
    /// `sendBinary` is base64. Without `steps`, `echo` defaults to true (`{}` is an echo endpoint). Throws a
    /// description of the first malformed member.
    public init(json: JSONValue) throws(FixtureServerError) {
        guard let object = json.objectValue else { throw .invalidMocks("a WebSocket mock must be a JSON object") }
        protocols = try (object["protocols"]?.arrayValue ?? []).map { value throws(FixtureServerError) in
            guard let name = value.stringValue else { throw .invalidMocks("WebSocket `protocols` must be strings") }
            return name
        }
        steps = try (object["steps"]?.arrayValue ?? []).map(Self.step)
        echo = object["echo"]?.boolValue ?? (object["steps"] == nil)
    }

    private static func step(_ value: JSONValue) throws(FixtureServerError) -> Step {
        if let text = value["send"]?.stringValue { return .send(text) }
        if let encoded = value["sendBinary"]?.stringValue {
            guard let bytes = base64Decode(encoded) else { throw .invalidMocks("`sendBinary` is not base64: \(encoded)") }
            return .sendBinary(bytes)
        }
        if let expected = value["expect"] {
            if expected.isNull { return .expect(nil) }
            if let text = expected.stringValue { return .expect(text) }
        }
        if let milliseconds = value["delay"]?.intValue, milliseconds >= 0 { return .delay(milliseconds: milliseconds) }
        if let code = value["close"]?.intValue, code == 1000 || (3000...4999).contains(code) {
            return .close(code: code, reason: value["reason"]?.stringValue ?? "")
        }
        throw .invalidMocks("unknown WebSocket step \(value.jsonString)")
    }
}

/// The bytes of base64 `text` (GLib's decoder), or nil when it has characters outside the alphabet.
func base64Decode(_ text: String) -> [UInt8]? {
    let trimmed = text.filter { !$0.isWhitespace }
    guard trimmed.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+/=".contains($0)) }) else { return nil }
    var length: gsize = 0
    guard let decoded = g_base64_decode(trimmed, &length) else { return [] }
    defer { g_free(decoded) }
    return Array(UnsafeBufferPointer(start: decoded, count: Int(length)))
}
