import JavaScript

/// Message data, either a Swift value or JSON text as the page sent it.
///
/// Text from the page stays text until someone needs the value: the built-in `echo` and echoing
/// mocks send it straight back, so data passes through native untouched, even a lone UTF-16
/// surrogate, which no Swift `String` can hold. Swift handlers see the parsed `JSONValue`
/// (where a lone surrogate becomes U+FFFD).
enum BridgePayload: Sendable {
    case value(JSONValue)
    /// JSON text straight from the page.
    case raw(String)

    /// The data as a value. Raw text is valid JSON no deeper than the parser reads (the queue
    /// scanner checks both, and refuses deeper messages), so the `null` fallback is never reached
    /// by page traffic.
    var value: JSONValue {
        switch self {
        case .value(let v): v
        case .raw(let text): (try? JSONValue(parsing: text)) ?? .null
        }
    }

    /// The page's JSON text when it holds a lone surrogate escape (see `BridgeEvent.dataJSON`); nil otherwise.
    var textWithLoneSurrogate: String? {
        guard case .raw(let text) = self, RawJSONScanner.hasLoneSurrogateEscape(text) else { return nil }
        return text
    }

    var jsonText: String {
        switch self {
        case .value(let v): v.jsonString
        case .raw(let text): text
        }
    }
}
