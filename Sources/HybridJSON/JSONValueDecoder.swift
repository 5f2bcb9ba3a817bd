import Foundation

/// Decodes `Decodable` values straight from a ``JSONValue``, with no JSON text in between: what
/// ``JSONValue/jsonString`` followed by `JSONDecoder` gives, at a fraction of the cost.
///
/// Matches `JSONDecoder`'s default strategies: `Date` through its own `Codable` form, `Data` from base64 text, `URL`
/// from a string, `Decimal` from a number; an integer type takes a number only when it is integral and fits; a missing
/// key is `DecodingError.keyNotFound`, a wrong type `DecodingError.typeMismatch`, with the coding path.
public struct JSONValueDecoder: Sendable {
    public init() {}

    /// `type` decoded from `value`.
    public func decode<T: Decodable>(_ type: T.Type = T.self, from value: JSONValue) throws -> T {
        if T.self == JSONValue?.self { return (value.isNull ? JSONValue?.none : value) as! T }
        return try ValueDecoder.decode(type, from: value, at: [])
    }
}

private struct ValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, at codingPath: [any CodingKey]) throws -> T {
        // Type comparisons, cheaper than casts; the plain values first.
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(String.self): return try string(value, at: codingPath) as! T
        case ObjectIdentifier(Double.self): return try number(value, as: Double.self, at: codingPath) as! T
        case ObjectIdentifier(Int.self): return try integer(value, as: Int.self, at: codingPath) as! T
        case ObjectIdentifier(Bool.self): return try bool(value, at: codingPath) as! T
        case ObjectIdentifier(JSONValue.self): return value as! T
        case ObjectIdentifier(Data.self):
            guard let data = Data(base64Encoded: try string(value, at: codingPath)) else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "Encountered Data is not valid Base64."))
            }
            return data as! T
        case ObjectIdentifier(URL.self):
            guard let url = URL(string: try string(value, at: codingPath)) else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "Invalid URL string."))
            }
            return url as! T
        case ObjectIdentifier(Decimal.self):
            return Decimal(try number(value, as: Double.self, at: codingPath)) as! T
        default:
            return try T(from: ValueDecoder(value: value, codingPath: codingPath))
        }
    }

    static func mismatch(_ type: Any.Type, _ value: JSONValue, at codingPath: [any CodingKey]) -> DecodingError {
        let found = switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
        return DecodingError.typeMismatch(type, .init(codingPath: codingPath, debugDescription: "Expected to decode \(type) but found \(found) instead."))
    }

    static func string(_ value: JSONValue, at codingPath: [any CodingKey]) throws -> String {
        guard case .string(let string) = value else { throw mismatch(String.self, value, at: codingPath) }
        return string
    }

    static func bool(_ value: JSONValue, at codingPath: [any CodingKey]) throws -> Bool {
        guard case .bool(let bool) = value else { throw mismatch(Bool.self, value, at: codingPath) }
        return bool
    }

    static func number<F: BinaryFloatingPoint>(_ value: JSONValue, as type: F.Type, at codingPath: [any CodingKey]) throws -> F {
        guard case .number(let number) = value else { throw mismatch(type, value, at: codingPath) }
        let converted = F(number)
        guard converted.isFinite || !number.isFinite else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "Number \(number) does not fit in \(type)."))
        }
        return converted
    }

    static func integer<I: FixedWidthInteger>(_ value: JSONValue, as type: I.Type, at codingPath: [any CodingKey]) throws -> I {
        guard case .number(let number) = value else { throw mismatch(type, value, at: codingPath) }
        guard number.rounded(.towardZero) == number, let exact = I(exactly: number) else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "Number \(number) does not fit in \(type)."))
        }
        return exact
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else { throw Self.mismatch([String: JSONValue].self, value, at: codingPath) }
        return KeyedDecodingContainer(KeyedValueContainer<Key>(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let array) = value else { throw Self.mismatch([JSONValue].self, value, at: codingPath) }
        return UnkeyedValueContainer(array: array, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleValueContainer(value: value, codingPath: codingPath) }
}

private struct SingleValueContainer: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try ValueDecoder.bool(value, at: codingPath) }
    func decode(_ type: String.Type) throws -> String { try ValueDecoder.string(value, at: codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try ValueDecoder.number(value, as: type, at: codingPath) }
    func decode(_ type: Float.Type) throws -> Float { try ValueDecoder.number(value, as: type, at: codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try ValueDecoder.integer(value, as: type, at: codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try ValueDecoder.integer(value, as: type, at: codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try ValueDecoder.integer(value, as: type, at: codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try ValueDecoder.integer(value, as: type, at: codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try ValueDecoder.integer(value, as: type, at: codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try ValueDecoder.integer(value, as: type, at: codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try ValueDecoder.integer(value, as: type, at: codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try ValueDecoder.integer(value, as: type, at: codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try ValueDecoder.integer(value, as: type, at: codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try ValueDecoder.integer(value, as: type, at: codingPath) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try ValueDecoder.decode(type, from: value, at: codingPath) }
}

private struct KeyedValueContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let codingPath: [any CodingKey]

    var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }
    func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

    private func member(_ key: Key) throws -> JSONValue {
        guard let value = object[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath,
                                                       debugDescription: "No value associated with key \(key.stringValue)."))
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key).isNull }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try ValueDecoder.bool(try member(key), at: codingPath + [key]) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try ValueDecoder.string(try member(key), at: codingPath + [key]) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try ValueDecoder.number(try member(key), as: type, at: codingPath + [key])
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try ValueDecoder.integer(try member(key), as: type, at: codingPath + [key]) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try ValueDecoder.decode(type, from: try member(key), at: codingPath + [key])
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = object[key.stringValue], !value.isNull else { return nil }
        return try ValueDecoder.decode(type, from: value, at: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try ValueDecoder(value: try member(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try ValueDecoder(value: try member(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { try superDecoder(key: AnyKey("super")) }
    func superDecoder(forKey key: Key) throws -> any Decoder { try superDecoder(key: key) }

    private func superDecoder(key: any CodingKey) throws -> any Decoder {
        ValueDecoder(value: object[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

private struct UnkeyedValueContainer: UnkeyedDecodingContainer {
    let array: [JSONValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(array: [JSONValue], codingPath: [any CodingKey]) {
        self.array = array
        self.codingPath = codingPath
    }

    var count: Int? { array.count }
    var isAtEnd: Bool { currentIndex >= array.count }

    private var path: [any CodingKey] { codingPath + [AnyKey(index: currentIndex)] }

    private mutating func next<T>(_ type: T.Type, _ body: (JSONValue, [any CodingKey]) throws -> T) throws -> T {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: path, debugDescription: "Unkeyed container is at end."))
        }
        let value = try body(array[currentIndex], path)
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(JSONValue.self, .init(codingPath: path, debugDescription: "Unkeyed container is at end."))
        }
        guard array[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) { try ValueDecoder.bool($0, at: $1) } }
    mutating func decode(_ type: String.Type) throws -> String { try next(type) { try ValueDecoder.string($0, at: $1) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type) { try ValueDecoder.number($0, as: type, at: $1) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type) { try ValueDecoder.integer($0, as: type, at: $1) } }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type) { try ValueDecoder.decode(type, from: $0, at: $1) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next(KeyedDecodingContainer<NestedKey>.self) { try ValueDecoder(value: $0, codingPath: $1).container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next((any UnkeyedDecodingContainer).self) { try ValueDecoder(value: $0, codingPath: $1).unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
        try next((any Decoder).self) { ValueDecoder(value: $0, codingPath: $1) }
    }
}
