/// A malformed JSON text, with the UTF-8 byte offset where parsing stopped.
public struct JSONParseError: Error, Sendable, CustomStringConvertible {
    public var offset: Int
    public var reason: String
    public var description: String { "invalid JSON at offset \(offset): \(reason)" }

    /// The reason given for text nested deeper than ``maximumDepth`` levels.
    public static let tooDeep = "nesting too deep"
    /// The deepest nesting of arrays and objects the parser accepts, the outermost counting as 1.
    /// The one nesting limit of the package: readers of JSON text that skip the parser (the
    /// bridge's queue scanner) apply this constant too, so what they accept also parses.
    public static let maximumDepth = 512
}

/// A strict JSON parser over UTF-8 bytes (Swift strings) or UTF-16 units (JavaScriptCore's
/// `JSON.stringify` output, read in place). Hand-written because Foundation's `JSONSerialization`
/// costs ~200 µs per KB on Linux; this one parses a KB in a few µs. Nesting deeper than 512 levels
/// is an error, not a crash. Error offsets count code units.
struct JSONParser<Unit: JSONCodeUnit>: ~Copyable {
    let bytes: UnsafeBufferPointer<Unit>
    var index = 0
    private var depth = 0
    /// Keys are known to be unique in each object (JavaScriptCore's `JSON.stringify` output), so
    /// no duplicate check is needed.
    private let uniqueKeys: Bool
    /// Elements and members of the containers being parsed, in nesting order: each container
    /// takes its own off the top once complete, in one allocation of the exact size.
    private var elements = JSONScratchStack<JSONValue>()
    private var members = JSONScratchStack<JSONObject.Member>()
    /// Where ASCII strings read from UTF-16 are narrowed to UTF-8 before becoming Swift strings.
    var narrowed = JSONTextBuffer<UInt8>(capacity: 256)

    static func parse(_ bytes: UnsafeBufferPointer<Unit>, uniqueKeys: Bool = false) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, uniqueKeys: uniqueKeys)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("unexpected trailing characters") }
        return value
    }

    private init(bytes: UnsafeBufferPointer<Unit>, uniqueKeys: Bool) {
        self.bytes = bytes
        self.uniqueKeys = uniqueKeys
    }

    func error(_ reason: String) -> JSONParseError { JSONParseError(offset: index, reason: reason) }

    @inline(__always)
    var current: Unit? { index < bytes.count ? bytes[index] : nil }

    @inline(__always)
    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard let byte = current else { throw error("unexpected end") }
        switch byte {
        case Unit(UInt8(ascii: "{")): return try parseObject()
        case Unit(UInt8(ascii: "[")): return try parseArray()
        case Unit(UInt8(ascii: "\"")): return .string(try parseString())
        case Unit(UInt8(ascii: "t")): try expect("true"); return .bool(true)
        case Unit(UInt8(ascii: "f")): try expect("false"); return .bool(false)
        case Unit(UInt8(ascii: "n")): try expect("null"); return .null
        default: return .number(try parseNumber())
        }
    }

    private mutating func expect(_ word: StaticString) throws(JSONParseError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw error("unexpected end") }
        for offset in 0..<count where bytes[index + offset] != Unit(word.utf8Start[offset]) {
            throw error("unexpected character")
        }
        index += count
    }

    private mutating func enter() throws(JSONParseError) {
        depth += 1
        if depth > JSONParseError.maximumDepth { throw error(JSONParseError.tooDeep) }
        index += 1
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        skipWhitespace()
        if current == Unit(UInt8(ascii: "}")) { index += 1; return .object(JSONObject()) }
        let base = members.count
        while true {
            skipWhitespace()
            guard current == Unit(UInt8(ascii: "\"")) else { throw error("expected a key") }
            let key = try parseString()
            skipWhitespace()
            guard current == Unit(UInt8(ascii: ":")) else { throw error("expected ':'") }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            members.push((key, value))
            skipWhitespace()
            switch current {
            case Unit(UInt8(ascii: ",")): index += 1
            case Unit(UInt8(ascii: "}")):
                index += 1
                return .object(JSONObject(parsed: members.pop(from: base), uniqueKeys: uniqueKeys))
            case nil: throw error("unexpected end")
            default: throw error("expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        skipWhitespace()
        if current == Unit(UInt8(ascii: "]")) { index += 1; return .array([]) }
        let base = elements.count
        while true {
            skipWhitespace()
            let value = try parseValue()
            elements.push(value)
            skipWhitespace()
            switch current {
            case Unit(UInt8(ascii: ",")): index += 1
            case Unit(UInt8(ascii: "]")):
                index += 1
                return .array(elements.pop(from: base))
            case nil: throw error("unexpected end")
            default: throw error("expected ',' or ']'")
            }
        }
    }
}
