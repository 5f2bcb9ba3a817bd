/// A parser's properties, checked on one input: the same function runs under libFuzzer (`scripts/fuzz`), when a
/// fuzz executable replays files, and in the seed-corpus tests.
package protocol FuzzTarget: Sendable {
    /// The executable's name, which is also the name of its folder of seed inputs under `Fuzz/Corpus`.
    static var name: String { get }
    /// Checks the properties on `input`; a violation is a bug.
    static func check(_ input: [UInt8]) throws(PropertyViolation)
}

/// A property a fuzz target checks did not hold for an input.
package struct PropertyViolation: Error, CustomStringConvertible {
    package var description: String

    package init(_ description: String) {
        self.description = description
    }
}

/// Every fuzz target, for the seed-corpus tests.
package let allFuzzTargets: [any FuzzTarget.Type] = [
    BridgeQueueTarget.self, JSONParserTarget.self, URLSplitterTarget.self, RoutePatternTarget.self,
    PathResolverTarget.self, ByteRangeTarget.self,
]

/// The names of every fuzz target.
package let fuzzTargetNames = allFuzzTargets.map { $0.name }

/// Text for messages: the input with control characters escaped, cut to `limit` characters.
func quoted(_ text: String, limit: Int = 300) -> String {
    let escaped = text.unicodeScalars.map { $0.value < 0x20 || $0 == "\"" ? $0.escaped(asASCII: true) : String($0) }
    let joined = escaped.joined()
    return "\"" + (joined.count > limit ? String(joined.prefix(limit)) + "…" : joined) + "\""
}

/// Every byte but unreserved ASCII as `%XX`, so decoding once gives the text back.
func percentEncoded(_ text: String) -> String {
    var encoded = ""
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
             UInt8(ascii: "~"):
            encoded.unicodeScalars.append(Unicode.Scalar(byte))
        default:
            encoded.unicodeScalars.append("%")
            encoded.unicodeScalars.append(hex[Int(byte >> 4)])
            encoded.unicodeScalars.append(hex[Int(byte & 0xF)])
        }
    }
    return encoded
}

private let hex = Array("0123456789ABCDEF".unicodeScalars)

/// The fuzz target named `name`.
package func fuzzTarget(named name: String) -> (any FuzzTarget.Type)? {
    allFuzzTargets.first { $0.name == name }
}
