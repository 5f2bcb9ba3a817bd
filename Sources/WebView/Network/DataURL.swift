internal import CSoup

/// `data:` URLs (RFC 2397), decoded by libsoup (Fetch's data: URL processor).
enum DataURL {
    /// The media type (`text/plain` when the URL names none) and the bytes of `url`; nil when libsoup cannot decode it.
    static func decode(_ url: String) -> (type: String, bytes: [UInt8])? {
        var type: UnsafeMutablePointer<CChar>?
        guard let decoded = soup_uri_decode_data_uri(url, &type) else { return nil }
        defer { g_bytes_unref(decoded); g_free(type) }
        var size: gsize = 0
        let data = g_bytes_get_data(decoded, &size)
        let bytes = data.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(size))) } ?? []
        return (type.map { String(cString: $0) } ?? "text/plain", bytes)
    }
}
