/// Writes compact JSON text, byte-compatible with JavaScript's `JSON.stringify` for the same value
/// (integral numbers without a fraction, the same escapes), so JavaScriptCore parses it back fast.
struct JSONWriter {
    private(set) var output = ""

    mutating func write(_ value: JSONValue) {
        switch value {
        case .null: output += "null"
        case .bool(let b): output += b ? "true" : "false"
        case .number(let n): writeNumber(n)
        case .string(let s): writeString(s)
        case .array(let elements):
            output += "["
            for (offset, element) in elements.enumerated() {
                if offset > 0 { output += "," }
                write(element)
            }
            output += "]"
        case .object(let object):
            output += "{"
            var first = true
            for key in object.keys {
                if !first { output += "," }
                first = false
                writeString(key)
                output += ":"
                write(object[key]!)
            }
            output += "}"
        }
    }

    private mutating func writeNumber(_ n: Double) {
        guard n.isFinite else { output += "null"; return }
        if n.rounded() == n, abs(n) < 1e15 {
            output += String(Int64(n))
        } else {
            output += "\(n)"
        }
    }

    private mutating func writeString(_ s: String) {
        output += "\""
        var pending = s.unicodeScalars.startIndex
        let scalars = s.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let escape: String?
            switch scalar.value {
            case 0x22: escape = "\\\""
            case 0x5C: escape = "\\\\"
            case 0x0A: escape = "\\n"
            case 0x0D: escape = "\\r"
            case 0x09: escape = "\\t"
            case 0x08: escape = "\\b"
            case 0x0C: escape = "\\f"
            case 0..<0x20:
                let hex = String(scalar.value, radix: 16)
                escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: escape = nil
            }
            if let escape {
                output.unicodeScalars.append(contentsOf: scalars[pending..<index])
                output += escape
                pending = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        output.unicodeScalars.append(contentsOf: scalars[pending..<scalars.endIndex])
        output += "\""
    }
}
