import Foundation
import JavaScript
import WebView

/// Per document: its own scripts instrumented as they run (`DocumentHandle.scriptTransform`), and its `__coverage__`
/// recorded when it goes away. Runtime-thread only, as every document observer.
final class CoverageDocuments: DocumentObserver {
    let coverage: CodeCoverage
    /// The file a URL is, or nil when it is not one of the project's.
    let locate: @Sendable (String) -> String?

    init(coverage: CodeCoverage, locate: @escaping @Sendable (String) -> String?) {
        self.coverage = coverage
        self.locate = locate
    }

    func documentDidCreate(_ document: DocumentHandle) {
        let coverage = coverage, locate = locate
        document.scriptTransform = { [weak document] text, url, line in
            guard let document, let located = locate(url) else { return nil }
            let file = (located as NSString).standardizingPath
            guard coverage.includes(path: file) else { return nil }
            // An inline script counts under its HTML file and first line (see `hybrid-coverage.js`). A script a page
            // inserts with text rather than `src` has no place in a file (it reports line 1): it is not counted.
            let isInline = url == document.url.absoluteString
            if isInline, line <= 1 { return nil }
            return coverage.instrument(text, name: isInline ? "\(file)#\(line)" : file)
        }
    }

    func documentWillClose(_ document: DocumentHandle) {
        let counted = document.context.globalObject["__coverage__"]
        guard counted.isObject, let json = try? counted.toJSONValue(), case .object(let files) = json, !files.isEmpty else {
            return
        }
        coverage.record(pageCoverage: json.jsonString)
    }
}
