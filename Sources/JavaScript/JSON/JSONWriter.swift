/// Writes compact JSON as UTF-8 bytes (for Swift strings) or UTF-16 units (for JavaScriptCore
/// strings, made with one copy): the same text JavaScript's `JSON.stringify` gives for the same
/// value (members in order, the same escapes, numbers formatted as JavaScript does).
struct JSONWriter<Unit: JSONCodeUnit>: ~Copyable {
    private var bytes: JSONTextBuffer<Unit>

    init(capacity: Int = 256) {
        bytes = JSONTextBuffer(capacity: capacity)
    }

    /// The text written so far.
    var output: String { bytes.withUnsafeBufferPointer { Unit.makeString($0, isASCII: false) } }

    /// Runs `body` with the text written so far.
    func withText<R>(_ body: (UnsafeBufferPointer<Unit>) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer(body)
    }

    mutating func write(_ value: JSONValue) {
        switch value {
        case .null: append("null")
        case .bool(let b): append(b ? "true" : "false")
        case .number(let n): writeNumber(n)
        case .string(let s): writeString(s)
        case .array(let elements):
            append(ascii: UInt8(ascii: "["))
            var first = true
            for element in elements {
                if !first { append(ascii: UInt8(ascii: ",")) }
                first = false
                write(element)
            }
            append(ascii: UInt8(ascii: "]"))
        case .object(let object):
            append(ascii: UInt8(ascii: "{"))
            var first = true
            for member in object {
                if !first { append(ascii: UInt8(ascii: ",")) }
                first = false
                writeString(member.key)
                append(ascii: UInt8(ascii: ":"))
                write(member.value)
            }
            append(ascii: UInt8(ascii: "}"))
        }
    }

    @inline(__always)
    private mutating func append(_ text: StaticString) {
        Unit.appendRun(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount), to: &bytes)
    }

    @inline(__always)
    private mutating func append(ascii: UInt8) {
        bytes.append(Unit(ascii))
    }

    private mutating func writeNumber(_ n: Double) {
        guard n.isFinite else { append("null"); return }
        if n.rounded(.towardZero) == n, abs(n) < 1e15 {
            writeInteger(Int64(n))
        } else {
            var text = JavaScriptNumberText.format(n)
            text.withUTF8 { Unit.appendRun($0, to: &bytes) }
        }
    }

    private mutating func writeInteger(_ value: Int64) {
        if value == 0 { append(ascii: UInt8(ascii: "0")); return }  // -0 too, as in JavaScript
        if value < 0 { append(ascii: UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var count = 0
            while magnitude > 0 {
                digits[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            }
            Unit.appendRun(UnsafeBufferPointer(rebasing: digits[(20 - count)...]), to: &bytes)
        }
    }

    private mutating func writeString(_ s: String) {
        append(ascii: UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { utf8 in
            var pending = 0
            for (position, byte) in utf8.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                Unit.appendRun(UnsafeBufferPointer(rebasing: utf8[pending..<position]), to: &bytes)
                writeEscape(byte)
                pending = position + 1
            }
            Unit.appendRun(UnsafeBufferPointer(rebasing: utf8[pending...]), to: &bytes)
        }
        append(ascii: UInt8(ascii: "\""))
    }

    private mutating func writeEscape(_ byte: UInt8) {
        append(ascii: UInt8(ascii: "\\"))
        switch byte {
        case 0x22, 0x5C: append(ascii: byte)
        case 0x0A: append(ascii: UInt8(ascii: "n"))
        case 0x0D: append(ascii: UInt8(ascii: "r"))
        case 0x09: append(ascii: UInt8(ascii: "t"))
        case 0x08: append(ascii: UInt8(ascii: "b"))
        case 0x0C: append(ascii: UInt8(ascii: "f"))
        default:
            let hex: StaticString = "0123456789abcdef"
            for unit in [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex.utf8Start[Int(byte >> 4)], hex.utf8Start[Int(byte & 0xF)]] {
                append(ascii: unit)
            }
        }
    }
}
