import Bridge
import HybridJSON

/// The bridge's queue scanner: it accepts only JSON arrays (or arrays whose too-deep entries it refuses alone), and
/// every array `JSON.stringify` writes within its nesting limit, and the messages it reads from the raw member texts
/// are the ones the full parse reads.
package enum BridgeQueueTarget: FuzzTarget {
    package static let name = "BridgeQueueFuzz"

    package static func check(_ input: [UInt8]) throws(PropertyViolation) {
        let text = String(decoding: input, as: UTF8.self)
        let scanned = QueueReading.scanned(text)
        let parsed = QueueReading.parsed(text)
        guard let scanned else {
            // Declining is always safe (the full parse reads the text), but what JSON.stringify writes for a
            // queue of plain member names must take the fast path.
            guard let value = try? JSONValue(parsing: text), case .array = value,
                  depth(of: value) <= QueueReading.scannerDepth else { return }
            let written = value.jsonString
            guard QueueReading.scanned(written) != nil else {
                throw PropertyViolation("the scanner refused the well-formed queue \(quoted(written))")
            }
            return
        }
        guard let parsed else {
            // The full parse stops at the nesting limit; the scanner reads past it to refuse that one entry alone.
            if scanned.contains(where: \.tooDeep) { return }
            throw PropertyViolation("the scanner accepted \(quoted(text)), which is not a JSON array")
        }
        guard scanned.count == parsed.count else {
            throw PropertyViolation("the scanner found \(scanned.count) entries in \(quoted(text)), the parse \(parsed.count)")
        }
        var total = 0
        for (index, (entry, expected)) in zip(scanned, parsed).enumerated() {
            guard entry.size > 0 else { throw PropertyViolation("entry \(index) of \(quoted(text)) has size 0") }
            total += entry.size
            guard same(entry.message, expected) else {
                throw PropertyViolation("entry \(index) of \(quoted(text)) reads as \(String(describing: entry.message)) "
                                        + "from the raw members but \(String(describing: expected)) from the parse")
            }
        }
        guard total <= text.utf8.count else {
            throw PropertyViolation("the entries of \(quoted(text)) add up to \(total) bytes, more than the text")
        }
    }

    /// Equal messages; an error message that is the page's own text may differ in formatting only: the raw text
    /// against its parse written again, where a number out of range (`1E999`, which `JSON.stringify` never writes)
    /// reads as infinity and is written `null`. So the raw text is compared after the same round trip.
    private static func same(_ a: QueueReading.Message?, _ b: QueueReading.Message?) -> Bool {
        guard var a, var b else { return a == nil && b == nil }
        if a.errorMessage != b.errorMessage, let x = a.errorMessage, let y = b.errorMessage,
           let xv = (try? JSONValue(parsing: x)).flatMap({ try? JSONValue(parsing: $0.jsonString) }),
           let yv = try? JSONValue(parsing: y), xv == yv {
            a.errorMessage = nil
            b.errorMessage = nil
        }
        return a == b
    }


    /// Levels of nesting: 0 for a scalar, 1 for a flat array or object.
    private static func depth(of value: JSONValue) -> Int {
        switch value {
        case .array(let elements): 1 + (elements.map(depth(of:)).max() ?? 0)
        case .object(let object): 1 + (object.map { depth(of: $0.value) }.max() ?? 0)
        default: 0
        }
    }
}
