/// A malformed JSON text, with the UTF-8 byte offset where parsing stopped.
public struct JSONParseError: Error, Sendable, CustomStringConvertible {
    public var offset: Int
    public var reason: String
    public var description: String { "invalid JSON at offset \(offset): \(reason)" }
}

/// A strict JSON parser over UTF-8 bytes (Swift strings) or UTF-16 units (JavaScriptCore's
/// `JSON.stringify` output, read in place). Hand-written because Foundation's `JSONSerialization`
/// costs ~200 µs per KB on Linux; this one parses a KB in a few µs. Nesting deeper than 512 levels
/// is an error, not a crash. Error offsets count code units.
struct JSONParser<Unit: JSONCodeUnit>: ~Copyable {
    private let bytes: UnsafeBufferPointer<Unit>
    private var index = 0
    private var depth = 0
    /// Keys are known to be unique in each object (JavaScriptCore's `JSON.stringify` output), so
    /// no duplicate check is needed.
    private let uniqueKeys: Bool
    /// Elements and members of the containers being parsed, in nesting order: each container
    /// takes its own off the top once complete, in one allocation of the exact size.
    private var elements = JSONScratchStack<JSONValue>()
    private var members = JSONScratchStack<JSONObject.Member>()

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

    private func error(_ reason: String) -> JSONParseError { JSONParseError(offset: index, reason: reason) }

    @inline(__always)
    private var current: Unit? { index < bytes.count ? bytes[index] : nil }

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
        if depth > 512 { throw error("nesting too deep") }
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

    private mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        let start = index
        var combined: Unit = 0
        // Fast path: no escapes, so the characters are one slice of the input.
        while index < bytes.count {
            let unit = bytes[index]
            if unit == Unit(UInt8(ascii: "\"")) {
                defer { index += 1 }
                return Unit.makeString(UnsafeBufferPointer(rebasing: bytes[start..<index]), isASCII: combined < 0x80)
            }
            if unit == Unit(UInt8(ascii: "\\")) { break }
            if unit < 0x20 { throw error("control character in string") }
            combined |= unit
            index += 1
        }
        var buffer = Array(bytes[start..<index])
        while index < bytes.count {
            let unit = bytes[index]
            index += 1
            switch unit {
            case Unit(UInt8(ascii: "\"")):
                return Unit.makeString(buffer)
            case Unit(UInt8(ascii: "\\")):
                guard let escaped = current else { throw error("unexpected end") }
                index += 1
                switch escaped {
                case Unit(UInt8(ascii: "\"")), Unit(UInt8(ascii: "\\")), Unit(UInt8(ascii: "/")): buffer.append(escaped)
                case Unit(UInt8(ascii: "b")): buffer.append(0x08)
                case Unit(UInt8(ascii: "f")): buffer.append(0x0C)
                case Unit(UInt8(ascii: "n")): buffer.append(0x0A)
                case Unit(UInt8(ascii: "r")): buffer.append(0x0D)
                case Unit(UInt8(ascii: "t")): buffer.append(0x09)
                case Unit(UInt8(ascii: "u")):
                    let unit = try parseHex4()
                    if Unit.appendEscaped(unit, next: peekUnicodeEscape(), to: &buffer) { index += 6 }
                default: throw error("invalid escape")
                }
            default:
                if unit < 0x20 { throw error("control character in string") }
                buffer.append(unit)
            }
        }
        throw error("unterminated string")
    }

    /// The unit of a `\uXXXX` escape starting at the current position, without consuming it.
    private mutating func peekUnicodeEscape() -> UInt16? {
        guard index + 6 <= bytes.count, bytes[index] == Unit(UInt8(ascii: "\\")),
              bytes[index + 1] == Unit(UInt8(ascii: "u")) else { return nil }
        let saved = index
        defer { index = saved }
        index += 2
        return try? parseHex4()
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt16 {
        guard index + 4 <= bytes.count else { throw error("unexpected end") }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let unit = bytes[index]
            let digit: UInt16
            switch unit {
            case Unit(UInt8(ascii: "0"))...Unit(UInt8(ascii: "9")): digit = UInt16(unit) - 0x30
            case Unit(UInt8(ascii: "A"))...Unit(UInt8(ascii: "F")): digit = UInt16(unit) - 0x41 + 10
            case Unit(UInt8(ascii: "a"))...Unit(UInt8(ascii: "f")): digit = UInt16(unit) - 0x61 + 10
            default: throw error("invalid \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = index
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var negative = false
        if current == Unit(UInt8(ascii: "-")) { negative = true; index += 1 }
        let digitsStart = index
        while let byte = current, byte &- Unit(UInt8(ascii: "0")) < 10 {
            mantissa = mantissa &* 10 &+ UInt64(byte &- Unit(UInt8(ascii: "0")))
            index += 1
        }
        let integerDigits = index - digitsStart
        guard integerDigits > 0 else { throw error("unexpected character") }
        if bytes[digitsStart] == Unit(UInt8(ascii: "0")), integerDigits > 1 { throw error("leading zero") }
        significantDigits = integerDigits
        var exponent = 0
        if current == Unit(UInt8(ascii: ".")) {
            index += 1
            let fractionStart = index
            while let byte = current, byte &- Unit(UInt8(ascii: "0")) < 10 {
                mantissa = mantissa &* 10 &+ UInt64(byte &- Unit(UInt8(ascii: "0")))
                index += 1
            }
            guard index > fractionStart else { throw error("expected digits after '.'") }
            significantDigits += index - fractionStart
            exponent = fractionStart - index
        }
        if current == Unit(UInt8(ascii: "e")) || current == Unit(UInt8(ascii: "E")) {
            index += 1
            var exponentNegative = false
            if current == Unit(UInt8(ascii: "+")) || current == Unit(UInt8(ascii: "-")) {
                exponentNegative = current == Unit(UInt8(ascii: "-"))
                index += 1
            }
            let exponentStart = index
            var explicit = 0
            while let byte = current, byte &- Unit(UInt8(ascii: "0")) < 10 {
                if explicit < 100_000 { explicit = explicit * 10 + Int(byte &- Unit(UInt8(ascii: "0"))) }
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
        let text = Unit.makeString(UnsafeBufferPointer(rebasing: bytes[start..<index]), isASCII: true)
        guard let value = Double(text) else { throw error("invalid number") }
        return value
    }

    private static var powersOfTen: [Double] { JSONPowersOfTen.exact }
}

/// 10^0 ... 10^22, every one exact in a `Double`.
private enum JSONPowersOfTen {
    static let exact: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }
}
