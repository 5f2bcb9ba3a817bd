/// Percent-decoding of one already split URL component.
///
/// Decoding happens after splitting, so an encoded `/` (`%2F`) stays inside its segment and an encoded `&` or `=`
/// stays inside its query value.
enum PercentDecoding {
    /// Decodes `%XY` escapes (and `+` as a space when `plusAsSpace`), keeping invalid escapes as they are.
    ///
    /// When the decoded bytes are not valid UTF-8 the component is returned undecoded rather than mangled:
    /// bad input must never lose data.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool) -> String {
        var needsWork = false
        for byte in bytes where byte == UInt8(ascii: "%") || (plusAsSpace && byte == UInt8(ascii: "+")) {
            needsWork = true
            break
        }
        if !needsWork { return String(decoding: bytes, as: UTF8.self) }

        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
               let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                output.append(high << 4 | low)
                index += 3
            } else if plusAsSpace && byte == UInt8(ascii: "+") {
                output.append(UInt8(ascii: " "))
                index += 1
            } else {
                output.append(byte)
                index += 1
            }
        }
        return String(validating: output, as: UTF8.self) ?? String(decoding: bytes, as: UTF8.self)
    }

    /// Decodes a Swift string (used for pattern literals, which are decoded like URL segments so they compare equal).
    static func decode(_ text: String, plusAsSpace: Bool) -> String {
        var text = text
        return text.withUTF8 { decode($0, plusAsSpace: plusAsSpace) }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
