internal import CJavaScriptCore
import Foundation

extension JSValue {
    /// The JavaScript value of `value`'s JSON form.
    ///
    /// Without an `encoder`, `value` is encoded straight into a `JSONValue` (`JSONValueEncoder`, the defaults of
    /// `JSONEncoder` without writing or parsing text) and converted from there. With one (for its date or key
    /// strategies), Foundation's `JSONEncoder` writes the text and JavaScriptCore's `JSON.parse` reads it.
    public convenience init<T: Encodable>(encoding value: T, in context: JSContext, encoder: JSONEncoder? = nil) throws {
        guard let encoder else {
            self.init(try JSONValueEncoder().encode(value), in: context)
            return
        }
        if let json = value as? JSONValue {
            self.init(json, in: context)
            return
        }
        let data = try encoder.encode(value)
        let ref = String(decoding: data, as: UTF8.self).withCString { text -> JSValueRef? in
            let string = JSStringCreateWithUTF8CString(text)!
            defer { JSStringRelease(string) }
            return JSValueMakeFromJSONString(context.ref, string)
        }
        guard let ref else { throw JSException(name: "SyntaxError", message: "the encoder produced invalid JSON") }
        self.init(ref: ref, in: context)
    }

    /// Decodes the value's JSON form (what `JSON.stringify` gives) into `type`.
    ///
    /// Without a `decoder`, straight from a `JSONValue` (`JSONValueDecoder`: `JSONDecoder`'s defaults without
    /// writing or parsing text); with one, Foundation's `JSONDecoder` reads the text of `JSON.stringify`.
    public func decode<T: Decodable>(_ type: T.Type = T.self, decoder: JSONDecoder? = nil) throws -> T {
        if type == JSONValue.self { return (try toJSONValue() ?? .null) as! T }
        guard let decoder else {
            guard let json = try toJSONValue() else { throw Self.noJSONForm(type) }
            return try JSONValueDecoder().decode(type, from: json)
        }
        guard let text = try toJSON() else { throw Self.noJSONForm(type) }
        return try decoder.decode(type, from: Data(text.utf8))
    }

    private static func noJSONForm(_ type: Any.Type) -> DecodingError {
        DecodingError.valueNotFound(type, .init(codingPath: [], debugDescription: "the JavaScript value has no JSON form (undefined, a function or a symbol)"))
    }
}
