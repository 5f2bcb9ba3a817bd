import Foundation

extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let b = try? container.decode(Bool.self) { self = .bool(b) }
        else if let n = try? container.decode(Double.self) { self = .number(n) }
        else if let s = try? container.decode(String.self) { self = .string(s) }
        else if let a = try? container.decode([JSONValue].self) { self = .array(a) }
        else { self = .object(try container.decode(JSONObject.self)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let b): try container.encode(b)
        case .number(let n): try container.encode(n)
        case .string(let s): try container.encode(s)
        case .array(let a): try container.encode(a)
        case .object(let o): try container.encode(o)
        }
    }
}

extension JSONObject: Codable {
    private struct MemberKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: MemberKey.self)
        self.init()
        for key in container.allKeys { self[key.stringValue] = try container.decode(JSONValue.self, forKey: key) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: MemberKey.self)
        for key in keys { try container.encode(self[key]!, forKey: MemberKey(stringValue: key)) }
    }
}

extension JSONValue {
    /// The JSON data of any `Encodable` value (a `JSONValue` is taken as it is).
    ///
    /// Goes through ``JSONValueEncoder`` (`JSONEncoder`'s defaults, with no text written or parsed).
    public init<T: Encodable>(encoding value: T) throws {
        self = try JSONValueEncoder().encode(value)
    }

    /// Decodes this data as any `Decodable` type through ``JSONValueDecoder`` (`JSONValue` and `JSONValue?` directly;
    /// `null` is nil).
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        // The optional case first: `.null as? JSONValue?` would succeed as `.some(.null)`.
        if T.self == JSONValue?.self, let value = (isNull ? JSONValue?.none : self) as? T { return value }
        return try JSONValueDecoder().decode(T.self, from: self)
    }
}
