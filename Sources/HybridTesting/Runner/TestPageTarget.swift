import Bridge
import Foundation

/// Sets up the bridge of a test page before it loads: register the Swift handlers under test.
public typealias BridgeSetup = @Sendable (WebViewJavascriptBridge) async throws -> Void

/// What a test page driver loads: a local test file (served from its folder) or a URL.
struct TestPageTarget: Sendable {
    /// The name in reports: the file's path as shown, or the URL.
    var name: String
    /// The file (`file:`) or page (`http(s):`) URL.
    var url: URL
    var kind: TestFile.Kind

    init(file: TestFile) {
        name = file.path
        url = file.url
        kind = file.kind
    }

    init(url: URL) {
        name = url.isFileURL ? url.path : url.absoluteString
        self.url = url.isFileURL ? url.standardizedFileURL : url
        kind = url.pathExtension.lowercased() == "js" ? .script : .page
    }

    /// The folder served for a local file; nil for a remote URL.
    var folder: URL? { url.isFileURL ? url.deletingLastPathComponent() : nil }

    var fileName: String { url.lastPathComponent }

    /// `web/tests/` for `web/tests/a.test.html`: what a served file's path is shown under.
    var displayFolder: String {
        guard let slash = name.lastIndex(of: "/") else { return "" }
        return String(name[...slash])
    }

    /// The blank page a `*.test.js` file runs in.
    var blankPage: String {
        let escaped = fileName.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;")
        return "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>\(escaped)</title></head>\n"
            + "<body><script src=\"\(escaped)\"></script></body></html>\n"
    }

    /// The sidecar mocks: `NAME.mock.json` next to `NAME.test.html` (or `NAME.test.js`), else the
    /// bridge's own sidecar name (`NAME.test.mock.json`); nil when there is none.
    /// Whether the page asks for the virtual clock itself: `<meta name="hybrid-virtual-time">` in a `*.test.html`
    /// (as `--virtual-time` gives every page), so its tests can hold it with `clock.install()`.
    var declaresVirtualTime: Bool {
        guard kind == .page, url.isFileURL, let data = try? Data(contentsOf: url, options: .mappedIfSafe),
              let html = String(data: data.prefix(65_536), encoding: .utf8) else { return false }
        return html.range(of: #"<meta\s+name\s*=\s*["']?hybrid-virtual-time\b"#, options: [.regularExpression, .caseInsensitive]) != nil
    }

    func mocks() throws -> MockHandlers? {
        guard url.isFileURL else { return nil }
        let candidates = [url.deletingLastPathComponent().appendingPathComponent(stem + ".mock.json"),
                          MockHandlers.sidecarURL(forPage: url)]
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else { return nil }
        return try MockHandlers(contentsOf: found)
    }

    /// The sidecar API mocks: the folder `NAME.api-mocks` next to `NAME.test.html` (or `NAME.test.js`), served as
    /// `hybrid run --api-mocks` serves one (HTTP answers, `.echo.json`, WebSocket and event-stream endpoints); nil
    /// when there is none.
    func apiMocks() -> String? {
        guard url.isFileURL else { return nil }
        let folder = url.deletingLastPathComponent().appendingPathComponent(stem + ".api-mocks").path
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) && isDirectory.boolValue
            ? folder : nil
    }

    /// The sidecar HAR: `NAME.har` next to `NAME.test.html` (or `NAME.test.js`), replayed as `--replay-har` replays
    /// one; nil when there is none.
    func har() -> String? {
        guard url.isFileURL else { return nil }
        let file = url.deletingLastPathComponent().appendingPathComponent(stem + ".har").path
        return FileManager.default.isReadableFile(atPath: file) ? file : nil
    }

    /// `NAME` for `NAME.test.html`, `NAME.test.js`, `NAME.html` or `NAME.js`.
    private var stem: String {
        var stem = fileName
        for suffix in [".test.html", ".test.js", ".html", ".js"] where stem.hasSuffix(suffix) {
            stem.removeLast(suffix.count)
            break
        }
        return stem
    }
}

/// A test page could not be run at all (see ``runTestPage(_:options:configure:)``).
public struct TestPageError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var message: String
    public var description: String { message }
}
