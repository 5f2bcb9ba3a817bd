/// A malformed JSON text, with the UTF-16 offset where parsing stopped.
public struct JSONParseError: Error, Sendable, CustomStringConvertible {
    public var offset: Int
    public var reason: String
    public var description: String { "invalid JSON at offset \(offset): \(reason)" }
}

/// A strict JSON parser over UTF-16 code units, the form JavaScriptCore's `JSON.stringify` hands
/// over without a copy. Hand-written because Foundation's `JSONSerialization` costs ~200 µs per KB
/// on Linux; this one stays on the order of a few µs.
struct JSONParser {
    private let units: UnsafeBufferPointer<UInt16>
    private var index = 0
    private var depth = 0

    static func parse(_ units: UnsafeBufferPointer<UInt16>) throws -> JSONValue {
        var parser = JSONParser(units: units)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == units.count else { throw parser.error("unexpected trailing characters") }
        return value
    }

    private init(units: UnsafeBufferPointer<UInt16>) { self.units = units }

    private func error(_ reason: String) -> JSONParseError { JSONParseError(offset: index, reason: reason) }

    private mutating func skipWhitespace() {
        while index < units.count {
            switch units[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws -> JSONValue {
        guard index < units.count else { throw error("unexpected end") }
        switch units[index] {
        case 0x7B: return try parseObject()
        case 0x5B: return try parseArray()
        case 0x22: return .string(try parseString())
        case 0x74: try expect("true"); return .bool(true)
        case 0x66: try expect("false"); return .bool(false)
        case 0x6E: try expect("null"); return .null
        default: return .number(try parseNumber())
        }
    }

    private mutating func expect(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        guard index + count <= units.count else { throw error("unexpected end") }
        let bytes = UnsafeBufferPointer(start: word.utf8Start, count: count)
        for offset in 0..<count where units[index + offset] != UInt16(bytes[offset]) {
            throw error("unexpected character")
        }
        index += count
    }

    private mutating func enter() throws {
        depth += 1
        if depth > 512 { throw error("nesting too deep") }
    }

    private mutating func parseObject() throws -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var object = JSONObject()
        skipWhitespace()
        if index < units.count, units[index] == 0x7D { index += 1; return .object(object) }
        while true {
            skipWhitespace()
            guard index < units.count, units[index] == 0x22 else { throw error("expected a key") }
            let key = try parseString()
            skipWhitespace()
            guard index < units.count, units[index] == 0x3A else { throw error("expected ':'") }
            index += 1
            skipWhitespace()
            object[key] = try parseValue()
            skipWhitespace()
            guard index < units.count else { throw error("unexpected end") }
            if units[index] == 0x2C { index += 1; continue }
            if units[index] == 0x7D { index += 1; return .object(object) }
            throw error("expected ',' or '}'")
        }
    }

    private mutating func parseArray() throws -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var array: [JSONValue] = []
        skipWhitespace()
        if index < units.count, units[index] == 0x5D { index += 1; return .array(array) }
        while true {
            skipWhitespace()
            array.append(try parseValue())
            skipWhitespace()
            guard index < units.count else { throw error("unexpected end") }
            if units[index] == 0x2C { index += 1; continue }
            if units[index] == 0x5D { index += 1; return .array(array) }
            throw error("expected ',' or ']'")
        }
    }

    private mutating func parseString() throws -> String {
        index += 1
        let start = index
        // Fast path: no escapes, so the characters are one slice of the input.
        while index < units.count {
            let unit = units[index]
            if unit == 0x22 {
                defer { index += 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: units[start..<index]), as: UTF16.self)
            }
            if unit == 0x5C { break }
            if unit < 0x20 { throw error("control character in string") }
            index += 1
        }
        var buffer = Array(units[start..<index])
        while index < units.count {
            let unit = units[index]
            index += 1
            switch unit {
            case 0x22:
                return String(decoding: buffer, as: UTF16.self)
            case 0x5C:
                guard index < units.count else { throw error("unexpected end") }
                let escaped = units[index]
                index += 1
                switch escaped {
                case 0x22, 0x5C, 0x2F: buffer.append(escaped)
                case 0x62: buffer.append(0x08)
                case 0x66: buffer.append(0x0C)
                case 0x6E: buffer.append(0x0A)
                case 0x72: buffer.append(0x0D)
                case 0x74: buffer.append(0x09)
                case 0x75: buffer.append(try parseHex4())
                default: throw error("invalid escape")
                }
            default:
                if unit < 0x20 { throw error("control character in string") }
                buffer.append(unit)
            }
        }
        throw error("unterminated string")
    }

    private mutating func parseHex4() throws -> UInt16 {
        guard index + 4 <= units.count else { throw error("unexpected end") }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let unit = units[index]
            let digit: UInt16
            switch unit {
            case 0x30...0x39: digit = unit - 0x30
            case 0x41...0x46: digit = unit - 0x41 + 10
            case 0x61...0x66: digit = unit - 0x61 + 10
            default: throw error("invalid \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws -> Double {
        let start = index
        var integer: Int64 = 0
        var simple = true  // only digits (and a sign) that fit: the common case, parsed without strtod
        var negative = false
        if index < units.count, units[index] == 0x2D { negative = true; index += 1 }
        let digitsStart = index
        while index < units.count, units[index] >= 0x30, units[index] <= 0x39 {
            if index - digitsStart < 15 { integer = integer * 10 + Int64(units[index] - 0x30) } else { simple = false }
            index += 1
        }
        guard index > digitsStart else { throw error("unexpected character") }
        if units[digitsStart] == 0x30, index - digitsStart > 1 { throw error("leading zero") }
        if index < units.count, units[index] == 0x2E || units[index] == 0x65 || units[index] == 0x45 {
            simple = false
            if units[index] == 0x2E {
                index += 1
                let fractionStart = index
                while index < units.count, units[index] >= 0x30, units[index] <= 0x39 { index += 1 }
                guard index > fractionStart else { throw error("expected digits after '.'") }
            }
            if index < units.count, units[index] == 0x65 || units[index] == 0x45 {
                index += 1
                if index < units.count, units[index] == 0x2B || units[index] == 0x2D { index += 1 }
                let exponentStart = index
                while index < units.count, units[index] >= 0x30, units[index] <= 0x39 { index += 1 }
                guard index > exponentStart else { throw error("expected exponent digits") }
            }
        }
        if simple { return negative ? (integer == 0 ? -0.0 : -Double(integer)) : Double(integer) }
        let text = String(decoding: UnsafeBufferPointer(rebasing: units[start..<index]), as: UTF16.self)
        guard let value = Double(text) else { throw error("invalid number") }
        return value
    }
}
