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
            // Through the buffer: elements are borrowed, not copied (no retain/release each).
            elements.withUnsafeBufferPointer { buffer in
                for index in buffer.indices {
                    if index > 0 { append(ascii: UInt8(ascii: ",")) }
                    write(buffer[index])
                }
            }
            append(ascii: UInt8(ascii: "]"))
        case .object(let object):
            append(ascii: UInt8(ascii: "{"))
            object.withUnsafeMembers { buffer in
                for index in buffer.indices {
                    if index > 0 { append(ascii: UInt8(ascii: ",")) }
                    writeString(buffer[index].key)
                    append(ascii: UInt8(ascii: ":"))
                    write(buffer[index].value)
                }
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
        } else if let (scaled, places) = ShortDecimal.split(n) {
            writeDecimal(scaled, places: places)
        } else {
            var text = JavaScriptNumberText.format(n)
            text.withUTF8 { Unit.appendRun($0, to: &bytes) }
        }
    }

    /// Writes `scaled / 10^places` as a plain decimal (its last digit is not zero: `places` is the fewest).
    private mutating func writeDecimal(_ scaled: Int64, places: Int) {
        if scaled < 0 { append(ascii: UInt8(ascii: "-")) }
        var magnitude = scaled.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { digits in
            // From the right: the fraction's digits, the point, then the integer part ("0" at least).
            var start = 24
            func push(_ byte: UInt8) { start -= 1; digits[start] = byte }
            for _ in 0..<places { push(UInt8(ascii: "0") + UInt8(magnitude % 10)); magnitude /= 10 }
            push(UInt8(ascii: "."))
            repeat { push(UInt8(ascii: "0") + UInt8(magnitude % 10)); magnitude /= 10 } while magnitude > 0
            Unit.appendRun(UnsafeBufferPointer(rebasing: digits[start...]), to: &bytes)
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
        // Native and small strings hand out their UTF-8 in place; anything else is copied once.
        if s.utf8.withContiguousStorageIfAvailable({ writeQuoted($0) }) == nil {
            var copy = s
            copy.withUTF8 { writeQuoted($0) }
        }
    }

    /// Writes `utf8` in quotes: in one pass straight into the output when nothing needs escaping
    /// (or, for UTF-16, transcoding), which is nearly every key and short value.
    private mutating func writeQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        let count = utf8.count
        let target = bytes.reserve(count + 2)
        var combined: UInt8 = 0
        for index in 0..<count {
            let byte = utf8[index]
            if byte < 0x20 || byte == 0x22 || byte == 0x5C { return writeQuotedSlowly(utf8) }
            combined |= byte
            target[index + 1] = Unit(byte)
        }
        if Unit.bitWidth > 8, combined >= 0x80 { return writeQuotedSlowly(utf8) }
        target[0] = Unit(UInt8(ascii: "\""))
        target[count + 1] = Unit(UInt8(ascii: "\""))
        bytes.commit(count + 2)
    }

    private mutating func writeQuotedSlowly(_ utf8: UnsafeBufferPointer<UInt8>) {
        append(ascii: UInt8(ascii: "\""))
        writeEscaped(utf8)
        append(ascii: UInt8(ascii: "\""))
    }

    private mutating func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        var pending = 0
        for position in utf8.indices {
            let byte = utf8[position]
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
            Unit.appendRun(UnsafeBufferPointer(rebasing: utf8[pending..<position]), to: &bytes)
            writeEscape(byte)
            pending = position + 1
        }
        Unit.appendRun(UnsafeBufferPointer(rebasing: utf8[pending...]), to: &bytes)
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

/// The writer's fast path for numbers with a short decimal fraction.
enum ShortDecimal {
    /// Powers of ten that are exact in a `Double`.
    private static let scales: [Double] = [1e1, 1e2, 1e3, 1e4, 1e5, 1e6]

    /// `n` as `scaled / 10^places` when a short decimal (at most 6 places, at most 15 significant
    /// digits, at least 1e-6 in size) is exactly `n`'s nearest value: then those digits are the
    /// shortest that round-trip, which is what JavaScript prints (`1.5`, `-0.25`, `98.125`).
    static func split(_ n: Double) -> (scaled: Int64, places: Int)? {
        guard abs(n) >= 1e-6, abs(n) < 1e9 else { return nil }
        for (index, scale) in scales.enumerated() {
            let scaled = (n * scale).rounded()
            // Correctly rounded division of two exact values: equal to n only when the decimal is n's.
            if abs(scaled) < 1e15, scaled / scale == n { return (Int64(scaled), index + 1) }
        }
        return nil
    }
}
