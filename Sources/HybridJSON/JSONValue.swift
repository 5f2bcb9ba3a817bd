/// A JSON value that crosses threads and actors: what `JavaScriptRuntime.evaluate` returns and
/// what the bridge carries.
///
/// Objects keep their keys in insertion order (see ``JSONObject``) so a value that goes from
/// JavaScript to Swift and back serialises the same way.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

extension JSONValue {
    /// The string, if this is a string.
    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    /// The number, if this is a number.
    public var doubleValue: Double? { if case .number(let n) = self { n } else { nil } }
    /// The number as an `Int`, if this is an integral number that fits.
    public var intValue: Int? {
        guard case .number(let n) = self, n.rounded() == n, abs(n) <= 9_007_199_254_740_992 else { return nil }
        return Int(n)
    }
    /// The Boolean, if this is a Boolean.
    public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    /// The elements, if this is an array.
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    /// The object, if this is an object.
    public var objectValue: JSONObject? { if case .object(let o) = self { o } else { nil } }
    /// True for `null`.
    public var isNull: Bool { self == .null }

    /// The member `key` of an object, or nil.
    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { o[key] } else { nil }
    }

    /// The element at `index` of an array, or nil when out of range.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let a) = self, a.indices.contains(index) else { return nil }
        return a[index]
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        var object = JSONObject()
        for (key, value) in elements { object[key] = value }
        self = .object(object)
    }
}

extension JSONValue: CustomStringConvertible {
    /// The compact JSON text of this value.
    public var description: String { jsonString }

    /// The compact JSON text of this value (non-finite numbers become `null`, as in JavaScript),
    /// the same text `JSON.stringify` gives.
    public var jsonString: String {
        var writer = JSONWriter<UInt8>()
        writer.write(self)
        return writer.output
    }

    /// Parses JSON text. Throws ``JSONParseError`` for malformed input.
    public init(parsing text: String) throws {
        var text = text
        self = try text.withUTF8 { try JSONParser.parse($0) }
    }

    /// Parses JSON text given as UTF-8 bytes (malformed UTF-8 becomes U+FFFD in strings).
    /// Throws ``JSONParseError`` for malformed JSON.
    public init(parsingUTF8 bytes: some Collection<UInt8>) throws {
        let parsed = try bytes.withContiguousStorageIfAvailable { try JSONParser.parse($0) }
        self = try parsed ?? Array(bytes).withUnsafeBufferPointer { try JSONParser.parse($0) }
    }
}
