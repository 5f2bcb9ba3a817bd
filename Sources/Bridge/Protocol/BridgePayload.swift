import JavaScript

/// Message data, either a Swift value or JSON text as the page sent it.
///
/// Keeping the page's text lets data pass through native untouched (the built-in `echo`, mocks
/// that echo), so even a lone UTF-16 surrogate, which no Swift `String` can hold, survives the
/// round trip. Swift handlers see the parsed ``JSONValue`` (a lone surrogate becomes U+FFFD).
enum BridgePayload: Sendable {
    case value(JSONValue)
    /// JSON text straight from the page, with its parsed value.
    case raw(String, parsed: JSONValue)

    var value: JSONValue {
        switch self {
        case .value(let v): v
        case .raw(_, let parsed): parsed
        }
    }

    var jsonText: String {
        switch self {
        case .value(let v): v.jsonString
        case .raw(let text, _): text
        }
    }
}
