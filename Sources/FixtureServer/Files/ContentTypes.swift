/// The `Content-Type` of a served file, chosen by its extension.
///
/// Text types carry `charset=utf-8`; an unknown extension is `application/octet-stream`.
public enum ContentTypes {
    /// The media type for each known extension (lower case, without the dot).
    public static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8",
        "htm": "text/html; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "json": "application/json; charset=utf-8",
        "map": "application/json; charset=utf-8",
        "svg": "image/svg+xml; charset=utf-8",
        "txt": "text/plain; charset=utf-8",
        "xml": "application/xml; charset=utf-8",
        "csv": "text/csv; charset=utf-8",
        "md": "text/markdown; charset=utf-8",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "avif": "image/avif",
        "ico": "image/x-icon",
        "woff": "font/woff",
        "woff2": "font/woff2",
        "ttf": "font/ttf",
        "otf": "font/otf",
        "wasm": "application/wasm",
        "pdf": "application/pdf",
        "mp4": "video/mp4",
        "webm": "video/webm",
        "mp3": "audio/mpeg",
        "wav": "audio/wav",
        "zip": "application/zip",
    ]

    /// The type of anything else.
    public static let fallback = "application/octet-stream"

    /// The `Content-Type` for a file name or path.
    public static func type(forPath path: String) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return fallback }
        return byExtension[path[path.index(after: dot)...].lowercased()] ?? fallback
    }
}
