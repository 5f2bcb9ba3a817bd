import Foundation
import JavaScript
import WebView

/// Per document, iframes' included: its own scripts instrumented as they run (`DocumentHandle.scriptTransform` for
/// classic scripts, `moduleScriptTransform` for module sources), and its `__coverage__` recorded when it goes away.
/// Runtime-thread only, as every document observer.
final class CoverageDocuments: DocumentObserver {
    let coverage: CodeCoverage
    /// The file a URL is, or nil when it is not one of the project's.
    let locate: @Sendable (String) -> String?

    init(coverage: CodeCoverage, locate: @escaping @Sendable (String) -> String?) {
        self.coverage = coverage
        self.locate = locate
    }

    func documentDidCreate(_ document: DocumentHandle) {
        install(in: document)
    }

    func frameDocumentDidCreate(_ document: DocumentHandle) {
        install(in: document)
    }

    func documentWillClose(_ document: DocumentHandle) {
        record(document)
    }

    func frameDocumentWillClose(_ document: DocumentHandle) {
        record(document)
    }

    private func install(in document: DocumentHandle) {
        let files = CoverageSourceFiles()
        if let page = locate(document.url.absoluteString) { files.add(Self.standardized(page)) }
        document.scriptTransform = { [weak self, weak document] text, url, line in
            guard let self, let document else { return nil }
            return instrument(text, url: url, line: line, module: false, in: document, files: files)
        }
        document.moduleScriptTransform = { [weak self, weak document] text, url, line in
            guard let self, let document else { return nil }
            return instrument(text, url: url, line: line, module: true, in: document, files: files)
        }
    }

    /// A script of `document` instrumented, under its file (`FILE#LINE` for a script inline in an HTML file or found
    /// there); nil when it is not one of the project's own.
    private func instrument(_ text: String, url: String, line: Int, module: Bool, in document: DocumentHandle,
                            files: CoverageSourceFiles) -> String? {
        // Inserted with text (line 0): counted where that text is written in the page's HTML or one of its script
        // files, if it is written there as it is; text built at run time has no place in a file and is not counted.
        if line == 0 {
            guard let found = files.find(text), coverage.includes(path: found.file) else { return nil }
            return coverage.instrument(String(repeating: " ", count: found.column - 1) + text,
                                       name: "\(found.file)#\(found.line)", module: module)
        }
        guard let located = locate(url) else { return nil }
        let file = Self.standardized(located)
        guard coverage.includes(path: file) else { return nil }
        files.add(file)
        // An inline script counts under its HTML file and first line (see `hybrid-coverage.js`).
        let isInline = url == document.url.absoluteString
        return coverage.instrument(text, name: isInline ? "\(file)#\(line)" : file, module: module)
    }

    /// `path` without `.` and `..` components. Symbolic links are kept (`NSString.standardizingPath` resolves them): a
    /// file under the coverage root through a linked folder stays under it, relative in the report.
    private static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    private func record(_ document: DocumentHandle) {
        let counted = document.context.globalObject["__coverage__"]
        guard counted.isObject, let json = try? counted.toJSONValue(), case .object(let files) = json, !files.isEmpty else {
            return
        }
        coverage.record(pageCoverage: json.jsonString)
    }
}

/// The files of one document's own scripts (its HTML file, then each script file it ran) and their text, read once:
/// where a script the page inserts with text is looked for. Runtime-thread only.
final class CoverageSourceFiles {
    private var paths: [String] = []
    private var texts: [String: String] = [:]

    func add(_ path: String) {
        if !paths.contains(path) { paths.append(path) }
    }

    /// The first place `text` is written in these files: its file, line and column (1-based; columns in UTF-16 code units); nil when
    /// it is blank or written in none of them.
    func find(_ text: String) -> (file: String, line: Int, column: Int)? {
        guard !text.allSatisfy(\.isWhitespace) else { return nil }
        for path in paths {
            if texts[path] == nil { texts[path] = (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
            guard let content = texts[path], let range = content.range(of: text) else { continue }
            // By code unit: a CRLF is one Character, and columns count UTF-16 units as Babel's do.
            let before = content.utf16[..<range.lowerBound]
            let newline = UInt16(UInt8(ascii: "\n"))
            let lineStart = before.lastIndex(of: newline).map { content.utf16.index(after: $0) } ?? content.startIndex
            return (path, before.reduce(1) { $1 == newline ? $0 + 1 : $0 },
                    content.utf16[lineStart..<range.lowerBound].count + 1)
        }
        return nil
    }
}
