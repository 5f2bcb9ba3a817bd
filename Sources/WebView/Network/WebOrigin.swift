import Foundation

/// Origins (`scheme://host[:port]`) as web storage keys them.
public enum WebOrigin {
    /// The origin of `url`: `https://example.com`, `http://127.0.0.1:8080`; `file://` for every file
    /// (as WebKit shares one storage among file pages); `null` for other schemes.
    public static func of(_ url: URL) -> String {
        guard let scheme = url.scheme?.lowercased() else { return "null" }
        switch scheme {
        case "file":
            return "file://"
        case "http", "https":
            let host = url.host?.lowercased() ?? ""
            let defaultPort = scheme == "http" ? 80 : 443
            let port = url.port.map { $0 == defaultPort ? "" : ":\($0)" } ?? ""
            return "\(scheme)://\(host)\(port)"
        default:
            return "null"
        }
    }

    /// The referrer a navigation from `source` to `target` carries (`document.referrer` of the new page), under the
    /// default policy `strict-origin-when-cross-origin`, as WebKit makes it: the whole URL, without its fragment and
    /// credentials, for the same origin; the origin and `/` for another; nothing from `https` to `http`, and nothing
    /// from a page that is not `http(s)` (a file, `about:blank`, a string loaded without a base URL).
    public static func referrer(from source: URL, to target: URL) -> String {
        guard let scheme = source.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return "" }
        if scheme == "https", target.scheme?.lowercased() != "https" { return "" }
        let origin = of(source)
        guard origin == of(target) else { return origin + "/" }
        guard var parts = URLComponents(url: source, resolvingAgainstBaseURL: false) else { return origin + "/" }
        parts.fragment = nil
        parts.user = nil
        parts.password = nil
        return parts.string ?? origin + "/"
    }
}
