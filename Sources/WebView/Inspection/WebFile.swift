internal import CSoup
import Foundation

/// A file the host hands to a page's `<input type=file>` (``HeadlessWebView/setFiles(_:for:)``), as a user picking it
/// in a file chooser would.
public struct WebFile: Sendable, Equatable {
    /// The file's name, without a folder (`File.name`).
    public var name: String
    /// Its MIME type (`File.type`); empty when unknown.
    public var type: String
    /// Its bytes.
    public var data: Data
    /// `File.lastModified`.
    public var lastModified: Date

    /// A file of `data` named `name`.
    public init(name: String, type: String = "", data: Data, lastModified: Date = Date()) {
        self.name = name
        self.type = type
        self.data = data
        self.lastModified = lastModified
    }

    /// The file at `url` on disk: its last path component, its bytes, its modification date and the MIME type its name
    /// suggests to GIO's shared-mime-info database (empty when it does not know, as browsers leave an unknown type).
    public init(contentsOf url: URL) throws {
        let data = try Data(contentsOf: url)
        let modified = (try? url.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate) ?? Date()
        self.init(name: url.lastPathComponent, type: Self.guessType(url.lastPathComponent), data: data, lastModified: modified)
    }

    private static func guessType(_ name: String) -> String {
        var uncertain: gboolean = 0
        guard let contentType = g_content_type_guess(name, nil, 0, &uncertain) else { return "" }
        defer { g_free(contentType) }
        guard uncertain == 0, let mime = g_content_type_get_mime_type(contentType) else { return "" }
        defer { g_free(mime) }
        return String(cString: mime)
    }
}
