/// How a ``HeadlessWebView`` is set up, like `WKWebViewConfiguration`.
public struct WebViewConfiguration: Sendable {
    /// Replaces the whole `navigator.userAgent` when set.
    public var customUserAgent: String?
    /// Appended to the default user agent (`... HybridRuntime/<version> NAME`).
    public var applicationNameForUserAgent: String?

    public init(customUserAgent: String? = nil, applicationNameForUserAgent: String? = nil) {
        self.customUserAgent = customUserAgent
        self.applicationNameForUserAgent = applicationNameForUserAgent
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
