import Foundation

/// What started a navigation request, as in `WKNavigationType`.
public enum NavigationType: String, Sendable, Hashable {
    /// A click on a link (`<a href>`).
    case linkActivated
    /// A form was submitted.
    case formSubmitted
    /// A script assigned `location` (`location.href = ...`, `location.assign`, `location.replace`).
    case location
    /// An iframe was inserted with a `src`, or its `src` changed to a new value.
    case iframe
    /// `reload()` or `location.reload()`.
    case reload
    /// `history.back()`, `forward()` or `go(n)` (or ``HeadlessWebView/goBack()``, ``HeadlessWebView/goForward()``) to
    /// an entry of another document, as `WKNavigationType.backForward`.
    case backForward
    /// `load(_:)`, `loadHTMLString(_:baseURL:)` and anything else.
    case other
}

/// How a same-document navigation changed the page's URL, as WebKit's `_WKSameDocumentNavigationType`.
public enum SameDocumentNavigationType: String, Sendable, Hashable {
    /// A fragment navigation: `location.hash = ...`, a link to `#id`, `location.replace('#id')`.
    case anchorNavigation
    /// `history.pushState`.
    case sessionStatePush
    /// `history.replaceState`.
    case sessionStateReplace
    /// `history.back()`, `forward()` or `go(n)` to an entry of the same document.
    case sessionStatePop
}

/// A navigation request, handed to interceptors and then to the ``NavigationDelegate``.
public struct NavigationAction: Sendable, Hashable {
    /// The resolved URL; nil when the raw text is not a valid URL.
    public var url: URL?
    /// The URL as the page wrote it (an iframe's `src`, say), before resolution.
    public var rawURL: String
    /// What started the request.
    public var type: NavigationType
    /// Whether the navigation targets the main frame (false for an iframe's `src` and a frame's own
    /// navigations), as `WKNavigationAction.targetFrame.isMainFrame`.
    public var isMainFrame: Bool
    /// Whether the request comes from the main frame's document (false when a page inside an iframe made it),
    /// as `WKNavigationAction.sourceFrame.isMainFrame`.
    public var sourceIsMainFrame: Bool

    public init(url: URL?, rawURL: String, type: NavigationType, isMainFrame: Bool, sourceIsMainFrame: Bool = true) {
        self.url = url
        self.rawURL = rawURL
        self.type = type
        self.isMainFrame = isMainFrame
        self.sourceIsMainFrame = sourceIsMainFrame
    }
}

/// The answer to a navigation request, as in `WKNavigationActionPolicy`.
public enum NavigationPolicy: String, Sendable, Hashable {
    case allow, cancel
}
