/// Strings: the fast path slices the input; escapes go through a buffer.
extension JSONParser {
    mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        let start = index
        var combined: Unit = 0
        // Fast path: no escapes, so the characters are one slice of the input.
        while index < bytes.count {
            let unit = bytes[index]
            if unit == Unit(UInt8(ascii: "\"")) {
                defer { index += 1 }
                if combined < 0x80, Unit.bitWidth > 8 {
                    // ASCII from UTF-16: one narrowing copy into reused storage, no transcoding.
                    let count = index - start
                    let target = narrowed.reserve(count)
                    for offset in 0..<count { target[offset] = UInt8(truncatingIfNeeded: bytes[start + offset]) }
                    return String(decoding: UnsafeBufferPointer(start: target, count: count), as: UTF8.self)
                }
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
}
