import Foundation

/// A document's HTML, newlines normalised, cut into chunks that each end right after a `</script>`
/// end tag, so the incremental parser can stop after every script and run it before parsing on.
///
/// Offsets are in UTF-16 code units, like JavaScript string lengths, so a script's text length
/// from the DOM locates it in the source (for line numbers counted from the top of the file).
struct HTMLSource {
    struct Chunk {
        var text: String
        /// Offset of the chunk's first character in the document.
        var start: Int
        /// Offset of the last `</script` in the chunk, if it has one.
        var endTagStart: Int?
    }

    let chunks: [Chunk]
    private let lineStarts: [Int]

    init(_ html: String) {
        let units = Array(HTMLSource.normalizingNewlines(html).utf16)
        var lineStarts = [0]
        for (index, unit) in units.enumerated() where unit == 0x0A { lineStarts.append(index + 1) }
        self.lineStarts = lineStarts
        var chunks: [Chunk] = []
        var start = 0, index = 0
        let pattern = Array("</script".utf16)
        while index + pattern.count <= units.count {
            if units[index] == 0x3C, HTMLSource.matches(pattern, in: units, at: index) {
                let after = index + pattern.count
                let next = after < units.count ? units[after] : 0x3E
                if next == 0x3E || next == 0x2F || next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0C {
                    var end = after
                    while end < units.count, units[end] != 0x3E { end += 1 }
                    end = min(end + 1, units.count)
                    chunks.append(Chunk(text: String(decoding: units[start..<end], as: UTF16.self), start: start, endTagStart: index))
                    start = end
                    index = end
                    continue
                }
            }
            index += 1
        }
        if start < units.count || chunks.isEmpty {
            chunks.append(Chunk(text: String(decoding: units[start...], as: UTF16.self), start: start, endTagStart: nil))
        }
        self.chunks = chunks
    }

    /// The 1-based line and column of `offset`.
    func position(of offset: Int) -> (line: Int, column: Int) {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }

    private static func matches(_ pattern: [UInt16], in units: [UInt16], at index: Int) -> Bool {
        for (k, p) in pattern.enumerated() {
            var u = units[index + k]
            if u >= 0x41 && u <= 0x5A { u += 0x20 }
            if u != p { return false }
        }
        return true
    }

    /// CR LF and lone CR become LF, as the HTML tokenizer does before anything else.
    static func normalizingNewlines(_ text: String) -> String {
        guard text.utf8.contains(0x0D) else { return text }
        return text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }
}
