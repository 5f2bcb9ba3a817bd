import JavaScript

/// An error answer of the bridge: `{responseId, error: {code, message}}` on the wire.
///
/// The reserved codes are the static members below; the set is open, so handlers and mocks may
/// answer with codes of their own (`denied`, `offline`, ...).
public struct BridgeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A machine-readable code such as `handler_not_found`.
    public var code: String
    /// A human-readable explanation.
    public var message: String

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    /// No handler of that name is registered on the receiving side.
    public static let handlerNotFound = "handler_not_found"
    /// The handler threw (or its promise rejected) without a code of its own.
    public static let handlerFailed = "handler_failed"
    /// No answer came within the caller's timeout.
    public static let timeout = "timeout"
    /// The message is larger than the bridge's maximum message size.
    public static let payloadTooLarge = "payload_too_large"
    /// The page that was to answer went away (navigation, reload, close).
    public static let pageGone = "page_gone"
    /// The message's data nests deeper than the bridge reads
    /// (``WebViewJavascriptBridge/maximumNestingDepth``).
    public static let tooDeep = "too_deep"
    /// A synchronous call (DSBridge's `dsBridge.call` without a callback) whose handler did not answer before it
    /// returned: only a handler that answers at once (`handleSynchronously`, a mock without `delayMs`) can answer one.
    public static let synchronousAnswerMissing = "synchronous_answer_missing"
    /// A mock file's list of answers for the handler has no entry for the call (every entry has a `when`, and none
    /// matches its data).
    public static let mockUnmatched = "mock_unmatched"

    public var description: String { "\(code): \(message)" }

    /// The wire form, `{"code": ..., "message": ...}`.
    var json: JSONValue { ["code": .string(code), "message": .string(message)] }

    /// Reads the wire form; nil unless `value` is an object with a string `code`.
    init?(json value: JSONValue?) {
        guard let value, let code = value["code"]?.stringValue else { return nil }
        self.init(code: code, message: value["message"]?.stringValue ?? "")
    }

    /// The error a Swift handler's thrown error becomes on the wire.
    static func from(_ error: any Error) -> BridgeError {
        if let error = error as? BridgeError { return error }
        return BridgeError(code: handlerFailed, message: String(describing: error))
    }
}
