import Foundation

/// Decides navigation requests and hears about loads, like `WKNavigationDelegate`.
///
/// Every method runs on the runtime thread; keep them short. Each has a default implementation
/// (allow, no-ops), so adopt only what you need.
public protocol NavigationDelegate: AnyObject, Sendable {
    /// Allows or cancels a request: top-level `location` changes, link clicks, form submits,
    /// iframe insertions and iframe `src` changes, and, as in WebKit, fragment navigations (`location.hash = ...`,
    /// a link to `#id`), which a cancel stops (`pushState` and `replaceState` are not requests). Interceptors (``HeadlessWebView/addNavigationInterceptor(_:)``)
    /// see the request first and may consume it; then this delegate never sees it.
    func decidePolicy(for action: NavigationAction) -> NavigationPolicy
    /// A main-frame load started.
    func didStartLoad(url: URL?)
    /// A main-frame load finished: the `load` event fired.
    func didFinish(url: URL?)
    /// A main-frame load failed (the document could not be fetched).
    func didFail(url: URL?, error: any Error)
}

extension NavigationDelegate {
    public func decidePolicy(for action: NavigationAction) -> NavigationPolicy { .allow }
    public func didStartLoad(url: URL?) {}
    public func didFinish(url: URL?) {}
    public func didFail(url: URL?, error: any Error) {}
}
