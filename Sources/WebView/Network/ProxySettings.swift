internal import CSoup
import Foundation

/// The proxies a ``WebSession`` sends its requests through, read from the environment the way curl and most Linux
/// tools read it: `http_proxy` for `http:` URLs, `https_proxy` (or `HTTPS_PROXY`) for `https:`, `all_proxy` (or
/// `ALL_PROXY`) for both when the scheme has none of its own, and `no_proxy` (or `NO_PROXY`) for the hosts that are
/// always reached directly (`example.com` and `.example.com` also cover subdomains; IP addresses and ranges such as
/// `10.0.0.0/8`; `*` for every host). Lower-case names win. `HTTP_PROXY` is not read, as curl does not (a CGI
/// server sets it from a request's `Proxy:` header).
///
/// Without any of them every request goes directly. The session never asks the desktop's proxy configuration (GIO's
/// libproxy or GNOME resolvers): those look up every new connection in a thread of GIO's pool, which a busy process
/// can leave waiting; this resolver answers in the loop's own thread.
struct ProxySettings: Equatable, Sendable {
    /// The process's settings, read from its environment once.
    static let process = ProxySettings(environment: ProcessInfo.processInfo.environment)

    /// Proxy URL per URL scheme (`http`, `https`).
    var proxies: [String: String] = [:]
    /// The `no_proxy` entries.
    var directHosts: [String] = []

    /// Reads the settings from `environment`.
    init(environment: [String: String]) {
        func value(_ names: String...) -> String? {
            for name in names { if let value = environment[name]?.trimmed, !value.isEmpty { return value } }
            return nil
        }
        let all = value("all_proxy", "ALL_PROXY")
        if let http = value("http_proxy") ?? all { proxies["http"] = http }
        if let https = value("https_proxy", "HTTPS_PROXY") ?? all { proxies["https"] = https }
        directHosts = (value("no_proxy", "NO_PROXY") ?? "").split(separator: ",").map { String($0).trimmed }.filter { !$0.isEmpty }
        if directHosts.contains("*") { proxies = [:]; directHosts = [] }
    }

    /// A GIO proxy resolver (`GProxyResolver *`, owned by the caller) for these settings.
    func makeResolver() -> OpaquePointer {
        var hosts = directHosts.map { strdup($0) } + [nil]
        defer { for host in hosts { free(host) } }
        let resolver = hosts.withUnsafeMutableBufferPointer { g_simple_proxy_resolver_new(nil, $0.baseAddress) }!
        for (scheme, proxy) in proxies {
            g_simple_proxy_resolver_set_uri_proxy(UnsafeMutablePointer<GSimpleProxyResolver>(resolver), scheme, proxy)
        }
        return resolver
    }
}

private extension String {
    var trimmed: String { trimmingCharacters(in: .whitespaces) }
}
