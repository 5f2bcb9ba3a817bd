internal import CSoup
import Foundation

/// The cookies of a ``WebSession``, over libsoup's `SoupCookieJar`: HTTP responses store into it,
/// HTTP requests send from it, and pages read and write it through `document.cookie`.
///
/// Runtime-thread only. Only `http` and `https` URLs have cookies.
public final class CookieJar {
    /// The libsoup jar, added to the session as a feature.
    let jar: UnsafeMutablePointer<SoupCookieJar>

    init() {
        jar = soup_cookie_jar_new()
    }

    deinit { g_object_unref(jar) }

    /// What `document.cookie` returns for a page at `url`: `name=value; ...` without HttpOnly cookies.
    public func documentCookie(for url: URL) -> String {
        withURI(url) { uri in
            guard let text = soup_cookie_jar_get_cookies(jar, uri, 0) else { return "" }
            defer { g_free(text) }
            return String(cString: text)
        } ?? ""
    }

    /// The `Cookie` header an HTTP request to `url` sends (HttpOnly cookies included); nil when none.
    public func cookieHeader(for url: URL) -> String? {
        withURI(url) { uri in
            guard let text = soup_cookie_jar_get_cookies(jar, uri, 1) else { return nil }
            defer { g_free(text) }
            return String(cString: text)
        } ?? nil
    }

    /// `document.cookie = cookie` on a page at `url`: one `name=value; attributes` string.
    /// Ignored when malformed, for another domain, HttpOnly, for a non-HTTP page, or when it would replace an
    /// HttpOnly cookie (same name, domain and path), as browsers ignore it (RFC 6265bis, the storage model).
    public func setDocumentCookie(_ cookie: String, for url: URL) {
        withURI(url) { uri in
            guard let parsed = soup_cookie_parse(cookie, uri) else { return }
            if soup_cookie_get_http_only(parsed) != 0 || replacesHTTPOnlyCookie(parsed) {
                soup_cookie_free(parsed)
                return
            }
            soup_cookie_jar_add_cookie_with_first_party(jar, uri, parsed)  // takes ownership
        }
    }

    /// Whether the jar holds an HttpOnly cookie with `cookie`'s name, domain and path.
    private func replacesHTTPOnlyCookie(_ cookie: OpaquePointer) -> Bool {
        guard let list = soup_cookie_jar_all_cookies(jar) else { return false }
        defer { g_slist_free_full(list, { soup_cookie_free(OpaquePointer($0)) }) }
        func key(_ cookie: OpaquePointer) -> [String] {
            [soup_cookie_get_name(cookie), soup_cookie_get_domain(cookie), soup_cookie_get_path(cookie)]
                .map { $0.map { String(cString: $0) } ?? "" }
        }
        let wanted = key(cookie)
        var node: UnsafeMutablePointer<GSList>? = list
        while let current = node {
            if let other = current.pointee.data.map(OpaquePointer.init), soup_cookie_get_http_only(other) != 0,
               key(other) == wanted {
                return true
            }
            node = current.pointee.next
        }
        return false
    }

    /// Stores a cookie as if a response from `url` carried `Set-Cookie: header` (HttpOnly cookies too). Returns
    /// false, storing nothing, when `header` is malformed, for another domain, or `url` is not `http` or `https`.
    @discardableResult
    public func setCookie(fromHeader header: String, for url: URL) -> Bool {
        withURI(url) { uri in
            guard let parsed = soup_cookie_parse(header, uri) else { return false }
            soup_cookie_jar_add_cookie_full(jar, parsed, uri, uri)  // takes ownership, as set_cookie_with_first_party
            return true
        } ?? false
    }

    /// Removes every cookie.
    public func removeAll() {
        guard let list = soup_cookie_jar_all_cookies(jar) else { return }
        var node: UnsafeMutablePointer<GSList>? = list
        while let current = node {
            if let cookie = current.pointee.data { soup_cookie_jar_delete_cookie(jar, OpaquePointer(cookie)) }
            node = current.pointee.next
        }
        g_slist_free_full(list, { soup_cookie_free(OpaquePointer($0)) })
    }

    private func withURI<T>(_ url: URL, _ body: (OpaquePointer) -> T) -> T? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let uri = hybrid_platform_parse_uri(url.absoluteString) else { return nil }
        defer { g_uri_unref(uri) }
        return body(uri)
    }
}
