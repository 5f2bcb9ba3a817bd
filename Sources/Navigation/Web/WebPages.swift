import Foundation
import JavaScript
import HybridRouting

/// Builds ``WebPage``s for an ``AppShell``: pages of routes files (`hybrid run --routes`) and http(s)/file URLs
/// no route handles.
@MainActor
public final class WebPages {
    /// The shell the pages live in.
    public let shell: AppShell
    /// The runtime every web page runs on.
    public let runtime: JavaScriptRuntime

    /// Web pages for `shell` on `runtime`.
    public init(shell: AppShell, runtime: JavaScriptRuntime) {
        self.shell = shell
        self.runtime = runtime
    }

    /// A web page for `pageURL`, opened by `match` (its query is appended to the page URL; `window.hybridRoute`
    /// describes the match).
    public func page(_ pageURL: URL, match: RouteMatch?, context: (any Sendable)? = nil) -> WebPage {
        guard let match else {
            return WebPage(url: pageURL, route: HybridRoute(url: pageURL.absoluteString, context: context),
                           shell: shell, runtime: runtime)
        }
        return WebPage(url: HybridRoute.pageURL(pageURL, appendingQueryOf: match.url),
                       route: HybridRoute(match: match, context: context), shell: shell, runtime: runtime)
    }

    /// Opens http(s) and file URLs that no route handles as web pages (pushed).
    public func installFallback() {
        shell.navigator.fallback = { [weak self] url, context in
            guard let self, let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
                  ["http", "https", "file"].contains(scheme) else { return nil }
            return RouteDestination(page: self.page(parsed, match: nil, context: context))
        }
    }

    /// Registers every route of `file`: a route with a `page` opens it as a web page, shown as its `show` says.
    /// - Throws: ``RoutesFileError`` for a malformed pattern.
    public func install(_ file: RoutesFile) throws(RoutesFileError) {
        try file.install(on: shell.navigator) { [weak self] entry, match, pageURL in
            guard let self, let pageURL else {
                throw PageCommandError(code: "no_page", message: "route '\(entry.pattern)' has no page")
            }
            return self.page(pageURL, match: match)
        }
    }
}
