/// Numbers: an exact fast path for short decimals, `Double(_:)` for the rest.
extension JSONParser {
    mutating func parseNumber() throws(JSONParseError) -> Double {
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
