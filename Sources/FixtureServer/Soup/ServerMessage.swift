internal import CSoup
import Glibc

/// A thin view of a `SoupServerMessage *` for the handlers: request fields in, status, headers and body out.
/// Loop thread only, valid during the handler call.
struct ServerMessage {
    let pointer: OpaquePointer

    var method: String { String(cString: soup_server_message_get_method(pointer)) }

    /// The method, or nil when libsoup could not parse the request line.
    var parsedMethod: String? { soup_server_message_get_method(pointer).map { String(cString: $0) } }

    /// The response status (0 until one is set).
    var status: Int { Int(soup_server_message_get_status(pointer)) }

    /// The request path, still percent-encoded (the server runs with `raw-paths`).
    var encodedPath: String {
        guard let uri = soup_server_message_get_uri(pointer), let path = g_uri_get_path(uri) else { return "/" }
        return String(cString: path)
    }

    /// The raw query string, if any.
    var query: String? {
        guard let uri = soup_server_message_get_uri(pointer), let query = g_uri_get_query(uri) else { return nil }
        return String(cString: query)
    }

    private var requestHeaders: OpaquePointer { soup_server_message_get_request_headers(pointer) }
    private var responseHeaders: OpaquePointer { soup_server_message_get_response_headers(pointer) }

    /// A request header (the first value), or nil.
    func header(_ name: String) -> String? {
        soup_message_headers_get_one(requestHeaders, name).map { String(cString: $0) }
    }

    /// Every request header, names as sent.
    var headers: [(String, String)] {
        var collected: [(String, String)] = []
        withUnsafeMutablePointer(to: &collected) { pointer in
            soup_message_headers_foreach(requestHeaders, { name, value, data in
                guard let name, let value, let data else { return }
                data.assumingMemoryBound(to: [(String, String)].self).pointee
                    .append((String(cString: name), String(cString: value)))
            }, pointer)
        }
        return collected
    }

    /// The size of the request head: request line and headers, as sent (give or take the spacing).
    var headBytes: Int {
        var total = 0
        withUnsafeMutablePointer(to: &total) { pointer in
            soup_message_headers_foreach(requestHeaders, { name, value, data in
                guard let name, let value, let data else { return }
                data.assumingMemoryBound(to: Int.self).pointee += strlen(name) + strlen(value) + 4
            }, pointer)
        }
        if let uri = soup_server_message_get_uri(pointer), let path = g_uri_get_path(uri) {
            total += strlen(path) + (g_uri_get_query(uri).map { strlen($0) + 1 } ?? 0)
        }
        return total + strlen(soup_server_message_get_method(pointer)) + 12
    }

    /// The request's `Content-Length` (0 without one).
    var contentLength: Int { Int(soup_message_headers_get_content_length(requestHeaders)) }

    /// The response body's length in bytes.
    var responseBodyLength: Int { Int(soup_server_message_get_response_body(pointer)?.pointee.length ?? 0) }

    /// Whether the connection may carry another request after this answer: libsoup's own rule
    /// (`soup_server_message_is_keepalive`, not public), minus `CONNECT` tunnels, which the server never opens.
    var isKeepAlive: Bool {
        if soup_message_headers_get_encoding(responseHeaders) == SOUP_ENCODING_EOF { return false }
        if soup_server_message_get_http_version(pointer) == SOUP_HTTP_1_0 {
            return soup_message_headers_header_contains(responseHeaders, "Connection", "Keep-Alive") != 0
        }
        return soup_message_headers_header_contains(requestHeaders, "Connection", "close") == 0
            && soup_message_headers_header_contains(responseHeaders, "Connection", "close") == 0
    }

    /// The request body's bytes.
    var body: [UInt8] {
        guard let body = soup_server_message_get_request_body(pointer) else { return [] }
        let length = Int(body.pointee.length)
        guard length > 0, let data = body.pointee.data else { return [] }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self),
                                         count: length))
    }

    func removeRequestHeader(_ name: String) {
        soup_message_headers_remove(requestHeaders, name)
    }

    func setStatus(_ status: Int) {
        soup_server_message_set_status(pointer, guint(status), nil)
    }

    func setHeader(_ name: String, _ value: String) {
        soup_message_headers_replace(responseHeaders, name, value)
    }

    func appendHeader(_ name: String, _ value: String) {
        soup_message_headers_append(responseHeaders, name, value)
    }

    /// Sets the response body to `bytes` (a `GBytes *`, referenced, not copied).
    func setBody(bytes: OpaquePointer, contentType: String?) {
        if let contentType { setHeader("Content-Type", contentType) }
        let body = soup_server_message_get_response_body(pointer)
        soup_message_body_truncate(body)
        // libsoup refuses (with a critical warning) to append nothing; an empty body is already empty.
        if g_bytes_get_size(bytes) > 0 { soup_message_body_append_bytes(body, bytes) }
    }

    /// Sets the response body to `chunks` (`GBytes *`s, referenced, not copied), written one after the other.
    func setBody(chunks: [OpaquePointer], contentType: String?) {
        if let contentType { setHeader("Content-Type", contentType) }
        let body = soup_server_message_get_response_body(pointer)
        soup_message_body_truncate(body)
        for chunk in chunks where g_bytes_get_size(chunk) > 0 { soup_message_body_append_bytes(body, chunk) }
    }

    /// Sets the response body to a copy of `bytes`.
    func setBody(_ bytes: [UInt8], contentType: String?) {
        let gbytes = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }!
        defer { g_bytes_unref(gbytes) }
        setBody(bytes: gbytes, contentType: contentType)
    }

    /// Sets the response body to `text` in UTF-8.
    func setBody(_ text: String, contentType: String) {
        setBody(Array(text.utf8), contentType: contentType)
    }

    /// Answers `status` with a small plain-text body naming it (`404 Not Found`).
    func fail(_ status: Int, _ detail: String? = nil) {
        setStatus(status)
        let reason = soup_status_get_phrase(guint(status)).map { String(cString: $0) } ?? ""
        setBody("\(status) \(reason)\n" + (detail.map { $0 + "\n" } ?? ""), contentType: "text/plain; charset=utf-8")
    }
}
