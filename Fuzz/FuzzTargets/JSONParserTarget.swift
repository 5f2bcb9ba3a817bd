import CJavaScriptCore
import HybridJSON

/// The engine's JSON parser and writer: the UTF-8, raw-byte and UTF-16 parsers agree; what is written parses
/// back to the same value and the same text; and JavaScriptCore's own `JSON.parse` accepts exactly the same texts
/// (but for nesting past the parser's limit) and reads the same values.
package enum JSONParserTarget: FuzzTarget {
    package static let name = "JSONParserFuzz"

    /// One context for every input: JavaScriptCore's JSON parser is the oracle. Its API lock serialises callers.
    nonisolated(unsafe) private static let context = JSGlobalContextCreate(nil)!

    package static func check(_ input: [UInt8]) throws(PropertyViolation) {
        let text = String(decoding: input, as: UTF8.self)
        let parsed = outcome { try JSONValue(parsing: text) }
        try expectSame(parsed, outcome { try JSONValue(parsingUTF8: input) }, "parsing the raw bytes", text)
        try expectSame(parsed, outcome { try JSONValue(parsingUTF16: Array(text.utf16)) }, "parsing UTF-16", text)

        if case .success(let value) = parsed {
            let written = value.jsonString
            guard value.utf16JSONText == Array(written.utf16) else {
                throw PropertyViolation("the UTF-16 writer differs from the UTF-8 writer for \(quoted(text))")
            }
            guard let reparsed = try? JSONValue(parsing: written) else {
                throw PropertyViolation("the written text \(quoted(written)) does not parse (from \(quoted(text)))")
            }
            guard reparsed == finite(value), reparsed.jsonString == written else {
                throw PropertyViolation("\(quoted(text)) written as \(quoted(written)) does not read back the same")
            }
        }

        if case .failure(let error) = parsed, error.reason == JSONParseError.tooDeep { return }
        let oracle = javaScriptCoreParse(text)
        switch (parsed, oracle) {
        case (.success, .none):
            throw PropertyViolation("accepted \(quoted(text)), which JSON.parse rejects")
        case (.failure(let error), .some):
            throw PropertyViolation("rejected \(quoted(text)) (\(error.description)), which JSON.parse accepts")
        case (.success(let value), .some(let stringified?)):
            guard let read = try? JSONValue(parsing: stringified), read == finite(value) else {
                throw PropertyViolation("read \(quoted(text)) as \(quoted(value.jsonString)); JSON.parse and "
                                        + "JSON.stringify give \(quoted(stringified))")
            }
        default:
            break
        }
    }

    /// Why a parse failed: `JSONParseError`'s text and reason.
    private struct Failure: Error {
        var description: String
        var reason: String
    }

    private static func outcome(_ parse: () throws -> JSONValue) -> Result<JSONValue, Failure> {
        do {
            return .success(try parse())
        } catch let error as JSONParseError {
            return .failure(Failure(description: error.description, reason: error.reason))
        } catch {
            return .failure(Failure(description: "\(error)", reason: "\(error)"))
        }
    }

    private static func expectSame(_ expected: Result<JSONValue, Failure>,
                                   _ actual: Result<JSONValue, Failure>,
                                   _ what: String, _ text: String) throws(PropertyViolation) {
        switch (expected, actual) {
        case (.success(let a), .success(let b)) where a == b: return
        case (.failure, .failure): return
        default:
            throw PropertyViolation("\(what) disagrees with parsing the string for \(quoted(text)): "
                                    + "\(describe(expected)) versus \(describe(actual))")
        }
    }

    private static func describe(_ result: Result<JSONValue, Failure>) -> String {
        switch result {
        case .success(let value): quoted(value.jsonString)
        case .failure(let error): error.description
        }
    }

    /// `value` with non-finite numbers as `null`, which is how they are written (as in JavaScript).
    private static func finite(_ value: JSONValue) -> JSONValue {
        switch value {
        case .number(let n) where !n.isFinite: .null
        case .array(let elements): .array(elements.map(finite))
        case .object(let object):
            .object(object.reduce(into: JSONObject()) { result, member in result[member.key] = finite(member.value) })
        default: value
        }
    }

    /// nil when JavaScriptCore rejects `text`; else what `JSON.stringify` writes for the parsed value (nil when
    /// it cannot, as for values nested deeper than its stack allows).
    private static func javaScriptCoreParse(_ text: String) -> String?? {
        let units = Array(text.utf16)
        let string = units.withUnsafeBufferPointer { JSStringCreateWithCharacters($0.baseAddress, $0.count) }!
        defer { JSStringRelease(string) }
        guard let value = JSValueMakeFromJSONString(context, string) else { return .none }
        var exception: JSValueRef?
        guard let written = JSValueCreateJSONString(context, value, 0, &exception) else { return .some(nil) }
        defer { JSStringRelease(written) }
        let characters = UnsafeBufferPointer(start: JSStringGetCharactersPtr(written), count: JSStringGetLength(written))
        return .some(String(decoding: characters, as: UTF16.self))
    }
}
