internal import CJavaScriptCore
import Foundation

extension JSValue {
    /// Encodes `value` with `encoder` and parses the JSON with JavaScriptCore's `JSON.parse`.
    ///
    /// Uses Foundation's `JSONEncoder` (a Swift implementation, unlike the slow
    /// `JSONSerialization`); `JSONValue` goes straight through our own writer instead.
    public convenience init<T: Encodable>(encoding value: T, in context: JSContext, encoder: JSONEncoder = JSONEncoder()) throws {
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

    /// Decodes the value (through `JSON.stringify`) into `type` with `decoder`.
    public func decode<T: Decodable>(_ type: T.Type = T.self, decoder: JSONDecoder = JSONDecoder()) throws -> T {
        if type == JSONValue.self { return (try toJSONValue() ?? .null) as! T }
        guard let text = try toJSON() else {
            throw DecodingError.valueNotFound(type, .init(codingPath: [], debugDescription: "the JavaScript value has no JSON form (undefined, a function or a symbol)"))
        }
        return try decoder.decode(type, from: Data(text.utf8))
    }
}
