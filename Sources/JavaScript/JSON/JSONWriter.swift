/// Writes compact JSON as UTF-8 bytes, the same text JavaScript's `JSON.stringify` gives for the
/// same value (members in order, the same escapes, numbers formatted as JavaScript does), so
/// JavaScriptCore parses it back on its fastest path.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends a NUL, for C APIs that take a C string.
    mutating func terminate() {
        bytes.append(0)
    }

    /// The text written so far.
    var output: String { String(decoding: bytes, as: UTF8.self) }

    mutating func write(_ value: JSONValue) {
        switch value {
        case .null: append("null")
        case .bool(let b): append(b ? "true" : "false")
        case .number(let n): writeNumber(n)
        case .string(let s): writeString(s)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            var first = true
            for element in elements {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                write(element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            bytes.append(UInt8(ascii: "{"))
            var first = true
            for member in object {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                writeString(member.key)
                bytes.append(UInt8(ascii: ":"))
                write(member.value)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    @inline(__always)
    private mutating func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func writeNumber(_ n: Double) {
        guard n.isFinite else { append("null"); return }
        if n.rounded(.towardZero) == n, abs(n) < 1e15 {
            writeInteger(Int64(n))
        } else {
            bytes.append(contentsOf: JavaScriptNumberText.format(n).utf8)
        }
    }

    private mutating func writeInteger(_ value: Int64) {
        if value == 0 { bytes.append(UInt8(ascii: "0")); return }  // -0 too, as in JavaScript
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var count = 0
            while magnitude > 0 {
                digits[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[(20 - count)...]))
        }
    }

    private mutating func writeString(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { utf8 in
            var pending = 0
            for (position, byte) in utf8.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[pending..<position]))
                writeEscape(byte)
                pending = position + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[pending...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func writeEscape(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case 0x22, 0x5C: bytes.append(byte)
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        default:
            let hex: [UInt8] = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        }
    }
}
