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

    /// The referrer a request from a page at `source` to `target` carries (its `Referer` header; for a navigation,
    /// `document.referrer` of the new page) under `policy`, as WebKit makes it (`SecurityPolicy::generateReferrerHeader`):
    /// the whole URL is `source` without its fragment and credentials, the origin is `scheme://host[:port]/`; going
    /// from `https` to another scheme is a downgrade. Nothing from a page that is not `http(s)` (a file, `about:blank`,
    /// a string loaded without a base URL), whatever the policy. The default policy `strict-origin-when-cross-origin`
    /// gives the whole URL for the same origin, the origin for another, nothing on a downgrade.
    public static func referrer(from source: URL, to target: URL, policy: ReferrerPolicy = .default) -> String {
        guard let scheme = source.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return "" }
        let origin = of(source)
        let downgrade = scheme == "https" && target.scheme?.lowercased() != "https"
        let sameOrigin = origin == of(target)
        func whole() -> String {
            guard var parts = URLComponents(url: source, resolvingAgainstBaseURL: false) else { return origin + "/" }
            parts.fragment = nil
            parts.user = nil
            parts.password = nil
            return parts.string ?? origin + "/"
        }
        switch policy {
        case .noReferrer: return ""
        case .unsafeURL: return whole()
        case .origin: return origin + "/"
        case .strictOrigin: return downgrade ? "" : origin + "/"
        case .noReferrerWhenDowngrade: return downgrade ? "" : whole()
        case .sameOrigin: return sameOrigin ? whole() : ""
        case .originWhenCrossOrigin: return sameOrigin ? whole() : origin + "/"
        case .strictOriginWhenCrossOrigin: return sameOrigin ? whole() : downgrade ? "" : origin + "/"
        }
    }
}
