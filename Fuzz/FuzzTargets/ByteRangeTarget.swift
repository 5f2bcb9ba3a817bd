import FixtureServer

/// The fixture server's `Range` header parser, against files of several sizes: a partial answer is at most 16
/// non-empty ranges inside the file, sorted, apart from each other (so they add up to at most the file), and every
/// header RFC 9110 gives one meaning gets that meaning (a lone range of plain digits, or a suffix range); the server
/// may answer the whole file for anything else.
package enum ByteRangeTarget: FuzzTarget {
    package static let name = "ByteRangeFuzz"

    private static let sizes = [0, 1, 2, 10, 4096, 1 << 40, Int.max]

    package static func check(_ input: [UInt8]) throws(PropertyViolation) {
        let header = String(decoding: input, as: UTF8.self)
        for size in sizes {
            let range = ByteRange(header: header, size: size)
            if case .ranges(let parts) = range {
                var previousEnd = -1
                for part in parts {
                    guard part.lowerBound > previousEnd, !part.isEmpty, part.lowerBound >= 0, part.upperBound <= size
                    else {
                        throw PropertyViolation("\(quoted(header)) on \(size) bytes gives ranges \(parts)")
                    }
                    previousEnd = part.upperBound
                }
                guard !parts.isEmpty, parts.count <= 16 else {
                    throw PropertyViolation("\(quoted(header)) on \(size) bytes gives \(parts.count) ranges")
                }
            }
            if let expected = strictMeaning(of: header, size: size), range != expected {
                throw PropertyViolation("\(quoted(header)) on \(size) bytes gives \(range), RFC 9110 says \(expected)")
            }
        }
        guard ByteRange(header: nil, size: 10) == .whole else { throw PropertyViolation("no header is not .whole") }
    }

    /// The meaning of a header that is `bytes=` and one range of plain ASCII digits (spaces around it allowed),
    /// or nil when the header is anything else or its numbers do not fit in an `Int`.
    private static func strictMeaning(of header: String, size: Int) -> ByteRange? {
        guard header.utf8.starts(with: "bytes=".utf8) else { return nil }
        var spec = Substring(header).utf8.dropFirst(6)
        while spec.first == UInt8(ascii: " ") { spec = spec.dropFirst() }
        while spec.last == UInt8(ascii: " ") { spec = spec.dropLast() }
        guard let dash = spec.firstIndex(of: UInt8(ascii: "-")) else { return nil }
        let first = spec[..<dash], last = spec[spec.index(after: dash)...]
        func number(_ digits: Substring.UTF8View) -> Int?? {
            if digits.isEmpty { return .some(nil) }
            guard digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
            guard let value = Int(String(Substring(digits))) else { return nil }  // too big: undecided
            return .some(value)
        }
        guard let start = number(first), let end = number(last) else { return nil }
        switch (start, end) {
        case (nil, nil):
            return nil
        case (nil, let count?):
            guard count > 0, size > 0 else { return .unsatisfiable }
            return .ranges([(size - min(count, size))..<size])
        case (let start?, let end):
            if let end, end < start { return .whole }  // invalid: ignored
            guard start < size else { return .unsatisfiable }
            let last = min(end ?? size - 1, size - 1)
            return .ranges([start..<(last + 1)])
        }
    }
}
