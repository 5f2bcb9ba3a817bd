import Foundation

/// The lines of the files failures point into, read once each.
struct SourceLines {
    private var cache: [URL: [Substring]] = [:]

    /// The text of 1-based `line` of `file` without surrounding whitespace; nil when unreadable.
    mutating func text(of file: URL, line: Int) -> String? {
        if cache[file] == nil {
            guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
            cache[file] = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        }
        guard let lines = cache[file], line >= 1, line <= lines.count else { return nil }
        let text = lines[line - 1].trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : String(text.prefix(200))
    }
}
