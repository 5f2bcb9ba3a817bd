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
}
