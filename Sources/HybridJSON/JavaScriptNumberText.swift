/// Formats a finite `Double` the way JavaScript's `Number.prototype.toString()` does.
///
/// Both languages print the shortest digits that round-trip; they differ only in layout. JavaScript
/// writes plain decimals for exponents from -7 to 20 (`0.000001`, `100000000000000000000`) and
/// otherwise `d.ddde+N` / `d.ddde-N` without padding the exponent (`1e-7`, `1.5e+21`).
enum JavaScriptNumberText {
    static func format(_ value: Double) -> String {
        if value == 0 { return "0" }
        // Common case: Swift prints a plain decimal ("98.25") exactly as JavaScript does.
        let swift = value.description
        if !swift.utf8.contains(UInt8(ascii: "e")), !swift.hasSuffix(".0") { return swift }
        let (digits, exponent) = decompose(abs(value))
        let sign = value < 0 ? "-" : ""
        // exponent: the power of ten of the first digit (d.ddd × 10^exponent).
        if exponent >= 21 || exponent < -6 {
            let mantissa = digits.count == 1 ? digits : digits.prefix(1) + "." + digits.dropFirst()
            return sign + mantissa + "e" + (exponent < 0 ? "-" : "+") + String(abs(exponent))
        }
        if exponent < 0 {
            return sign + "0." + String(repeating: "0", count: -exponent - 1) + digits
        }
        if digits.count <= exponent + 1 {
            return sign + digits + String(repeating: "0", count: exponent + 1 - digits.count)
        }
        return sign + digits.prefix(exponent + 1) + "." + digits.dropFirst(exponent + 1)
    }

    /// The shortest round-trip digits (no leading or trailing zeros) and the decimal exponent of the
    /// first, read from Swift's own shortest representation.
    private static func decompose(_ value: Double) -> (digits: String, exponent: Int) {
        let text = value.description  // "1.5", "1e-07", "1.2345e+20", "123.0"
        var mantissa = Substring(text)
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<e]
            exponent = Int(text[text.index(after: e)...]) ?? 0
        }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let integer = parts[0], fraction = parts.count > 1 ? parts[1] : ""
        var digits = String(integer + fraction)
        var pointPosition = integer.count  // digits before the decimal point
        while digits.first == "0", digits.count > 1 { digits.removeFirst(); pointPosition -= 1 }
        while digits.last == "0", digits.count > 1 { digits.removeLast() }
        return (digits, exponent + pointPosition - 1)
    }
}
