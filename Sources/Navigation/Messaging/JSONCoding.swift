import Foundation
import HybridJSON

/// Results and userInfo values as `JSONValue` for page JavaScript (Codable values go through
/// `JSONValue(encoding:)` and `JSONValue.decode(_:)`).
enum JSONCoding {

    /// A result or userInfo value as JSON for page JavaScript: JSON values as they are, Encodable values encoded,
    /// anything else as its description.
    static func json(from value: (any Sendable)?) -> JSONValue {
        switch value {
        case nil: return .null
        case let json as JSONValue: return json
        case let text as String: return .string(text)
        case let bool as Bool: return .bool(bool)
        case let int as Int: return .number(Double(int))
        case let double as Double: return .number(double)
        case let dictionary as [String: any Sendable]:
            var object = JSONObject()
            for key in dictionary.keys.sorted() { object[key] = json(from: dictionary[key]!) }
            return .object(object)
        case let array as [any Sendable]: return .array(array.map { json(from: $0) })
        case let encodable as any Encodable: return (try? JSONValue(encoding: encodable)) ?? .string(String(describing: encodable))
        case let other?: return .string(String(describing: other))
        }
    }
}
