import Foundation

/// One test file: a page (`*.test.html`) or a script run in a blank page (`*.test.js`).
public struct TestFile: Sendable, Hashable {
    /// How the file runs.
    public enum Kind: String, Sendable, Hashable {
        /// An HTML page whose scripts declare tests.
        case page
        /// A script, run in a blank page.
        case script
    }

    /// The path as shown in reports and matched by filters (`web/tests/login.test.html`).
    public var path: String
    /// The file on disk.
    public var url: URL
    /// Page or script: a `.js` file is a script, anything else a page.
    public var kind: Kind

    /// Makes a test file; `path` defaults to `url`'s path.
    public init(url: URL, path: String? = nil) {
        self.url = url.standardizedFileURL
        self.path = path ?? url.path
        self.kind = url.pathExtension.lowercased() == "js" ? .script : .page
    }

    /// True for names ending in `.test.html` or `.test.js`, the ones discovery picks up in folders.
    public static func isTestFileName(_ name: String) -> Bool {
        name.hasSuffix(".test.html") || name.hasSuffix(".test.js")
    }
}
