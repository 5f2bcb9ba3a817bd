internal import CSoup

/// The body of a 206 answer to several ranges: `multipart/byteranges` (RFC 9110 §14.6).
///
/// Each part is a slice of the file's bytes (`g_bytes_new_from_bytes`: no copy, a mapped file stays mapped) between
/// small header strings, so the body costs the ranges' bytes plus about a hundred bytes a part, and nothing is built
/// in memory. ``chunks`` are `GBytes *` owned by this value.
final class MultipartByteRanges {
    let contentType: String
    let chunks: [OpaquePointer]

    /// The parts for `ranges` (sorted, disjoint) of `file`, a `GBytes *` of `size` bytes of type `type`.
    init(file: OpaquePointer, size: Int, type: String, ranges: [Range<Int>]) {
        // 64 random hex digits: never found in the file's bytes by chance, and the same length every time.
        var boundary = ""
        for _ in 0..<4 {
            let digits = String(UInt64.random(in: 0...UInt64.max), radix: 16)
            boundary += String(repeating: "0", count: 16 - digits.count) + digits
        }
        contentType = "multipart/byteranges; boundary=\(boundary)"
        var chunks: [OpaquePointer] = []
        for (index, range) in ranges.enumerated() {
            let head = (index == 0 ? "" : "\r\n") + "--\(boundary)\r\nContent-Type: \(type)\r\n"
                + "Content-Range: bytes \(range.lowerBound)-\(range.upperBound - 1)/\(size)\r\n\r\n"
            chunks.append(Self.bytes(head))
            chunks.append(g_bytes_new_from_bytes(file, gsize(range.lowerBound), gsize(range.count)))
        }
        chunks.append(Self.bytes("\r\n--\(boundary)--\r\n"))
        self.chunks = chunks
    }

    deinit {
        chunks.forEach { g_bytes_unref($0) }
    }

    private static func bytes(_ text: String) -> OpaquePointer {
        let utf8 = Array(text.utf8)
        return utf8.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    }
}
