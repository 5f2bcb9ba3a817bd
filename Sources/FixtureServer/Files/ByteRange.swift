/// A `Range: bytes=...` request header, resolved against a file's size, by a policy that keeps an answer from ever
/// being larger than the file (plus a part header per range):
///
/// - Only the `bytes` unit. A malformed header, or one listing more than ``maximumCount`` ranges, is ignored: the
///   whole file with 200 (RFC 9110 §14.2 lets a server ignore such lists; Apache answers 200 past `MaxRanges` too).
/// - Each range is clipped to the file; ranges wholly past its end are dropped. None left: 416.
/// - The ranges left are sorted, and overlapping or adjacent ones merged (RFC 9110 §14.3; Apache merges overlaps,
///   nginx refuses ranges adding up to more than the file). The parts never repeat a byte, so they add up to at
///   most the file's size.
///
/// One range is answered as a 206 with `Content-Range`, several as `multipart/byteranges` (``MultipartByteRanges``).
package enum ByteRange: Equatable {
    /// Ranges beyond this many make the header ignored.
    static let maximumCount = 16

    /// Serve the whole file (no header, another unit, a malformed header or too many ranges).
    case whole
    /// Serve these byte ranges with 206: sorted, disjoint, not adjacent, each non-empty and inside the file.
    case ranges([Range<Int>])
    /// 416: no byte of the file is in any of the ranges.
    case unsatisfiable

    package init(header: String?, size: Int) {
        guard let header, header.hasPrefix("bytes=") else { self = .whole; return }
        var requested: [Range<Int>] = []
        var count = 0
        for element in header.dropFirst(6).split(separator: ",", omittingEmptySubsequences: false) {
            let spec = element.trimmingSpaces()
            // A list may hold empty elements (RFC 9110 §5.6.1), but not only those.
            if spec.isEmpty { continue }
            count += 1
            guard count <= Self.maximumCount, let range = Self.resolve(spec, size: size) else {
                self = .whole
                return
            }
            if let range { requested.append(range) }
        }
        guard count > 0 else { self = .whole; return }
        guard !requested.isEmpty else { self = .unsatisfiable; return }
        self = .ranges(Self.merged(requested))
    }

    /// One `first-last`, `first-` or `-suffix` spec against the size: nil when malformed, `.some(nil)` when no byte
    /// of the file is in it.
    private static func resolve(_ spec: Substring, size: Int) -> Range<Int>?? {
        guard let dash = spec.firstIndex(of: "-") else { return nil }
        let first = spec[..<dash], last = spec[spec.index(after: dash)...]
        if first.isEmpty {
            guard let count = Int(digits: last) else { return nil }
            guard count > 0, size > 0 else { return .some(nil) }
            return .some((size - min(count, size))..<size)
        }
        guard let start = Int(digits: first) else { return nil }
        var end = size
        if !last.isEmpty {
            guard let parsed = Int(digits: last), parsed >= start else { return nil }
            end = parsed < size ? parsed + 1 : size
        }
        return .some(start < size ? start..<end : nil)
    }

    /// Sorted, with overlapping or adjacent ranges joined.
    private static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }
}

extension Int {
    /// A non-negative decimal made of ASCII digits only (`Int("+5")` would accept a sign); nil on overflow.
    fileprivate init?(digits: Substring) {
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let value = Int(digits) else { return nil }
        self = value
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return text
    }
}
