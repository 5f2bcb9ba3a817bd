/// A `Range: bytes=...` request header, resolved against a file's size.
///
/// Only single ranges are honoured; a list of ranges is ignored (the whole file is answered, as RFC 9110 allows).
package enum ByteRange: Equatable {
    /// Serve the whole file (no header, another unit, several ranges, or a malformed header).
    case whole
    /// Serve `offset ..< offset + length` with 206.
    case partial(offset: Int, length: Int)
    /// 416: no byte of the file is in the range.
    case unsatisfiable

    package init(header: String?, size: Int) {
        guard let header, header.hasPrefix("bytes=") else { self = .whole; return }
        let spec = header.dropFirst(6).trimmingCharacters()
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { self = .whole; return }
        let first = spec[..<dash], last = spec[spec.index(after: dash)...]
        if first.isEmpty {
            // Suffix range: the last N bytes.
            guard let count = Int(last), count >= 0 else { self = .whole; return }
            guard count > 0, size > 0 else { self = .unsatisfiable; return }
            let length = min(count, size)
            self = .partial(offset: size - length, length: length)
            return
        }
        guard let start = Int(first), start >= 0 else { self = .whole; return }
        var end = size - 1
        if !last.isEmpty {
            guard let parsed = Int(last), parsed >= start else { self = .whole; return }
            end = min(parsed, size - 1)
        }
        guard start < size else { self = .unsatisfiable; return }
        self = .partial(offset: start, length: end - start + 1)
    }
}

extension Substring {
    fileprivate func trimmingCharacters() -> Substring {
        var text = self
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return text
    }
}
