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

    /// A media type's essence: its type and subtype, lowercased, without parameters (`text/plain;charset=utf-8` is
    /// `text/plain`).
    static func essence(_ type: String) -> String {
        String(type.prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// HTML's JavaScript MIME type essences: what a module script or a classic worker script fetched over HTTP must
    /// be served as.
    private static let javaScript: Set<String> = [
        "application/ecmascript", "application/javascript", "application/x-ecmascript", "application/x-javascript",
        "text/ecmascript", "text/javascript", "text/javascript1.0", "text/javascript1.1", "text/javascript1.2",
        "text/javascript1.3", "text/javascript1.4", "text/javascript1.5", "text/jscript", "text/livescript",
        "text/x-ecmascript", "text/x-javascript",
    ]

    /// Whether `type` (a `Content-Type` value) is a JavaScript MIME type.
    static func isJavaScript(_ type: String) -> Bool { javaScript.contains(essence(type)) }

    /// WebKit's message for a module served as `type` that it refuses (a JavaScript module must be served as JavaScript;
    /// a `json` one as JSON, or as JavaScript, which runs it as JavaScript), or nil.
    static func moduleRefusal(_ type: String, json: Bool) -> String? {
        let essence = essence(type)
        if javaScript.contains(essence) { return nil }
        if json, essence == "application/json" || essence == "text/json" || essence.hasSuffix("+json") { return nil }
        return "'\(essence)' is not a valid JavaScript MIME type."
    }

    /// Why a classic script served as `type` is not run (Fetch's "blocked due to its MIME type": images, audio, video
    /// and CSV, as WebKit blocks them even without `nosniff`), or nil.
    static func classicScriptRefusal(_ type: String?) -> String? {
        guard let type else { return nil }
        let essence = essence(type)
        guard ["image/", "audio/", "video/"].contains(where: essence.hasPrefix) || essence == "text/csv" else { return nil }
        return "its MIME type ('\(essence)') is not executable"
    }
}
