import Foundation

/// Encodes `Encodable` values straight into ``JSONValue``, with no JSON text in between: what `JSONEncoder`
/// followed by ``JSONValue/init(parsing:)`` gives, at a fraction of the cost (no text is written or parsed).
///
/// Matches `JSONEncoder`'s default strategies: `Date` through its own `Codable` form (seconds since 2001), `Data`
/// as base64 text, `URL` as its absolute string, `Decimal` as a number; a non-finite `Double` or `Float` throws
/// `EncodingError.invalidValue`. Keys keep the order the value encodes them in; a key encoded twice keeps the last value.
public struct JSONValueEncoder: Sendable {
    public init() {}

    /// The JSON value of `value`.
    public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        try ValueEncoder.encodeTopLevel(value)
    }
}

/// A value being built: finished, or an object or array that containers still add to.
private enum EncodingNode {
    case value(JSONValue)
    case object(EncodingObject)
    case array(EncodingArray)

    var finished: JSONValue {
        switch self {
        case .value(let value): value
        case .object(let object): object.finished
        case .array(let array): array.finished
        }
    }
}

private final class EncodingObject {
    var members: [(key: String, node: EncodingNode)] = []
    var positions: [String: Int]?

    func set(_ key: String, _ node: EncodingNode) {
        if let at = position(of: key) { members[at].node = node; return }
        members.append((key, node))
        if positions != nil { positions![key] = members.count - 1 } else if members.count > 16 { reindex() }
    }

    func node(_ key: String) -> EncodingNode? { position(of: key).map { members[$0].node } }

    private func position(of key: String) -> Int? {
        if let positions { return positions[key] }
        return members.firstIndex { $0.key == key }
    }

    private func reindex() {
        var positions: [String: Int] = [:]
        for (at, member) in members.enumerated() { positions[member.key] = at }
        self.positions = positions
    }

    var finished: JSONValue {
        var object = JSONObject()
        object.reserveCapacity(members.count)
        for member in members { object[member.key] = member.node.finished }
        return .object(object)
    }
}

private final class EncodingArray {
    var elements: [EncodingNode] = []
    var finished: JSONValue { .array(elements.map(\.finished)) }
}

private final class ValueEncoder: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// What this encoder's value encoded itself as (nil until it does).
    var node: EncodingNode?

    init(codingPath: [any CodingKey]) {
        self.codingPath = codingPath
    }

    static func encodeTopLevel<T: Encodable>(_ value: T) throws -> JSONValue {
        if let special = try special(value, at: []) { return special }
        let encoder = ValueEncoder(codingPath: [])
        try value.encode(to: encoder)
        guard let node = encoder.node else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        return node.finished
    }

    /// The node of a nested value: the special types, or whatever the value's own `encode(to:)` makes.
    static func node<T: Encodable>(_ value: T, at codingPath: [any CodingKey]) throws -> EncodingNode {
        if let special = try special(value, at: codingPath) { return .value(special) }
        let encoder = ValueEncoder(codingPath: codingPath)
        try value.encode(to: encoder)
        return encoder.node ?? .object(EncodingObject())  // encoded nothing: `{}`, as JSONEncoder writes
    }

    /// The types `JSONEncoder` treats specially by default, and the plain values (fast).
    static func special<T: Encodable>(_ value: T, at codingPath: [any CodingKey]) throws -> JSONValue? {
        // Type comparisons first: a failed dynamic cast per candidate type would cost more than the encoding.
        if T.self == String.self { return .string(value as! String) }
        if T.self == Int.self { return .number(Double(value as! Int)) }
        if T.self == Double.self { return try number(value as! Double, value, at: codingPath) }
        if T.self == Bool.self { return .bool(value as! Bool) }
        if T.self == JSONValue.self { return (value as! JSONValue) }
        if T.self == Data.self { return .string((value as! Data).base64EncodedString()) }
        if T.self == URL.self { return .string((value as! URL).absoluteString) }
        if T.self == Decimal.self { return .number(NSDecimalNumber(decimal: value as! Decimal).doubleValue) }
        return nil
    }

    static func number<V>(_ double: Double, _ original: V, at codingPath: [any CodingKey]) throws -> JSONValue {
        guard double.isFinite else {
            throw EncodingError.invalidValue(original, .init(codingPath: codingPath,
                                                             debugDescription: "Unable to encode \(original) directly in JSON."))
        }
        return .number(double)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: EncodingObject
        if case .object(let existing) = node { object = existing } else {
            object = EncodingObject()
            node = .object(object)
        }
        return KeyedEncodingContainer(KeyedValueContainer<Key>(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: EncodingArray
        if case .array(let existing) = node { array = existing } else {
            array = EncodingArray()
            node = .array(array)
        }
        return UnkeyedValueContainer(array: array, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleValueContainer(encoder: self) }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    let encoder: ValueEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    func encodeNil() throws { encoder.node = .value(.null) }
    func encode(_ value: Bool) throws { encoder.node = .value(.bool(value)) }
    func encode(_ value: String) throws { encoder.node = .value(.string(value)) }
    func encode(_ value: Double) throws { encoder.node = .value(try ValueEncoder.number(value, value, at: codingPath)) }
    func encode(_ value: Float) throws { encoder.node = .value(try ValueEncoder.number(Double(value), value, at: codingPath)) }
    func encode(_ value: Int) throws { encoder.node = .value(.number(Double(value))) }
    func encode(_ value: Int8) throws { encoder.node = .value(.number(Double(value))) }
    func encode(_ value: Int16) throws { encoder.node = .value(.number(Double(value))) }
    func encode(_ value: Int32) throws { encoder.node = .value(.number(Double(value))) }
    func encode(_ value: Int64) throws { encoder.node = .value(.number(Double(value))) }
    func encode(_ value: UInt) throws { encoder.node = .value(.number(Double(value))) }
    func encode(_ value: UInt8) throws { encoder.node = .value(.number(Double(value))) }
    func encode(_ value: UInt16) throws { encoder.node = .value(.number(Double(value))) }
    func encode(_ value: UInt32) throws { encoder.node = .value(.number(Double(value))) }
    func encode(_ value: UInt64) throws { encoder.node = .value(.number(Double(value))) }
    func encode<T: Encodable>(_ value: T) throws { encoder.node = try ValueEncoder.node(value, at: codingPath) }
}

private struct KeyedValueContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: EncodingObject
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { object.set(key.stringValue, .value(.null)) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { object.set(key.stringValue, .value(.bool(value))) }
    mutating func encode(_ value: String, forKey key: Key) throws { object.set(key.stringValue, .value(.string(value))) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        object.set(key.stringValue, .value(try ValueEncoder.number(value, value, at: codingPath + [key])))
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { object.set(key.stringValue, .value(.number(Double(value)))) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        object.set(key.stringValue, try ValueEncoder.node(value, at: codingPath + [key]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested: EncodingObject
        if case .object(let existing)? = object.node(key.stringValue) { nested = existing } else {
            nested = EncodingObject()
            object.set(key.stringValue, .object(nested))
        }
        return KeyedEncodingContainer(KeyedValueContainer<NestedKey>(object: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested: EncodingArray
        if case .array(let existing)? = object.node(key.stringValue) { nested = existing } else {
            nested = EncodingArray()
            object.set(key.stringValue, .array(nested))
        }
        return UnkeyedValueContainer(array: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { superEncoder(key: "super") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(key: key.stringValue) }

    private func superEncoder(key: String) -> any Encoder {
        let encoder = ReferencingEncoder(codingPath: codingPath + [AnyKey(key)]) { [object] node in object.set(key, node) }
        return encoder
    }
}

private struct UnkeyedValueContainer: UnkeyedEncodingContainer {
    let array: EncodingArray
    let codingPath: [any CodingKey]
    var count: Int { array.elements.count }

    private var nextPath: [any CodingKey] { codingPath + [AnyKey(index: array.elements.count)] }

    mutating func encodeNil() throws { array.elements.append(.value(.null)) }
    mutating func encode(_ value: Bool) throws { array.elements.append(.value(.bool(value))) }
    mutating func encode(_ value: String) throws { array.elements.append(.value(.string(value))) }
    mutating func encode(_ value: Double) throws { array.elements.append(.value(try ValueEncoder.number(value, value, at: nextPath))) }
    mutating func encode(_ value: Int) throws { array.elements.append(.value(.number(Double(value)))) }
    mutating func encode<T: Encodable>(_ value: T) throws { array.elements.append(try ValueEncoder.node(value, at: nextPath)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = EncodingObject()
        let path = nextPath
        array.elements.append(.object(nested))
        return KeyedEncodingContainer(KeyedValueContainer<NestedKey>(object: nested, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = EncodingArray()
        let path = nextPath
        array.elements.append(.array(nested))
        return UnkeyedValueContainer(array: nested, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let at = array.elements.count
        array.elements.append(.value(.null))
        return ReferencingEncoder(codingPath: nextPath) { [array] node in array.elements[at] = node }
    }
}

/// The encoder `superEncoder()` hands out: what it encodes lands in its parent's slot when it is done.
private final class ReferencingEncoder: Encoder {
    private let inner: ValueEncoder
    private let store: (EncodingNode) -> Void
    var codingPath: [any CodingKey] { inner.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(codingPath: [any CodingKey], store: @escaping (EncodingNode) -> Void) {
        inner = ValueEncoder(codingPath: codingPath)
        self.store = store
    }

    deinit { store(inner.node ?? .object(EncodingObject())) }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> { inner.container(keyedBy: type) }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { inner.unkeyedContainer() }
    func singleValueContainer() -> any SingleValueEncodingContainer { inner.singleValueContainer() }
}

/// A key of a coding path: a member name or an array index.
struct AnyKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ string: String) { stringValue = string; intValue = nil }
    init(index: Int) { stringValue = "Index \(index)"; intValue = index }
    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { self.init(index: intValue) }
}
