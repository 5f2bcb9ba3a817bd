/// How a ``HeadlessWebView`` is set up, like `WKWebViewConfiguration`.
public struct WebViewConfiguration: Sendable {
    /// Replaces the whole `navigator.userAgent` when set.
    public var customUserAgent: String?
    /// Appended to the default user agent (`... HybridRuntime/<version> NAME`).
    public var applicationNameForUserAgent: String?
    /// The device pages see (viewport, screen, pixel ratio, touch, user agent, ...); ``DeviceProfile/default``,
    /// a current iPhone in WKWebView, unless set. Change it on a live page with ``HeadlessWebView/setDevice(_:)``.
    public var device: DeviceProfile

    public init(customUserAgent: String? = nil, applicationNameForUserAgent: String? = nil, device: DeviceProfile = .default) {
        self.customUserAgent = customUserAgent
        self.applicationNameForUserAgent = applicationNameForUserAgent
        self.device = device
    }
}

/// A native hook on each document's lifetime (see ``HeadlessWebView/addDocumentObserver(_:)``).
/// Both methods run on the runtime thread.
public protocol DocumentObserver: AnyObject, Sendable {
    /// A new document's context is ready: the window exists, no page script ran yet.
    func documentDidCreate(_ document: DocumentHandle)
    /// The document goes away (navigation, reload, close); its context closes right after.
    func documentWillClose(_ document: DocumentHandle)
}
