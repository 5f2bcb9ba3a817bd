import Foundation
import JavaScript

/// What the web platform needs from a page; the page core implements it. Runtime-thread only.
public protocol WebPlatformHost: AnyObject {
    /// The current document URL: the origin for storage and cookies, the base for relative requests.
    var documentURL: URL { get }
    /// The document's referrer policy (its `Referrer-Policy` header, its `<meta name="referrer">`); WebKit's default
    /// `strict-origin-when-cross-origin` unless the host says otherwise.
    var referrerPolicy: ReferrerPolicy { get }
    /// The web view's session (cookies, `localStorage`, HTTP).
    var session: WebSession { get }
    /// This page's `sessionStorage`.
    var sessionStorage: WebStorageArea { get }
    /// A token that keeps the page busy while a request is in flight.
    func beginWork() -> WorkToken
    /// A token that keeps the page busy while a long-lived connection is set up (a WebSocket's handshake, an
    /// `EventSource` connecting); a test runner's wait for a page it opened does not wait for it (by default
    /// ``beginWork()``'s).
    func beginConnectionWork() -> WorkToken
    /// Routes an error (a throwing event listener, say) to the page's exception handler and events.
    func report(_ error: JSException)
}

extension WebPlatformHost {
    public func beginConnectionWork() -> WorkToken { beginWork() }
    public var referrerPolicy: ReferrerPolicy { .default }

    /// The `Referer` of the page's request to `url` (a navigation, a script, a frame, fetch, XMLHttpRequest, an image,
    /// a stylesheet, a beacon): ``WebOrigin/referrer(from:to:policy:)`` from ``documentURL`` under `policy` (the
    /// request's own) or the document's ``referrerPolicy``; empty for none.
    public func referrer(to url: URL, policy: ReferrerPolicy? = nil) -> String {
        WebOrigin.referrer(from: documentURL, to: url, policy: policy ?? referrerPolicy)
    }
}
