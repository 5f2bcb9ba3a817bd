/// Media types of files read from disk, by extension.
enum MimeTypes {
    private static let byExtension: [String: String] = [
        "html": "text/html", "htm": "text/html", "xhtml": "application/xhtml+xml",
        "js": "text/javascript", "mjs": "text/javascript", "json": "application/json",
        "css": "text/css", "txt": "text/plain", "xml": "application/xml", "svg": "image/svg+xml",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
        "webp": "image/webp", "ico": "image/x-icon", "wasm": "application/wasm", "pdf": "application/pdf",
    ]

    /// The media type for a file path; `application/octet-stream` when the extension is unknown.
    static func forPath(_ path: String) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return "application/octet-stream" }
        return byExtension[path[path.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }
}
