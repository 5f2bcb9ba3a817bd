/// How a ``HeadlessWebView`` is set up, like `WKWebViewConfiguration`.
public struct WebViewConfiguration: Sendable {
    /// Replaces the whole `navigator.userAgent` when set.
    public var customUserAgent: String?
    /// Appended to the default user agent (`... HybridRuntime/<version> NAME`).
    public var applicationNameForUserAgent: String?
    /// The device pages see (viewport, screen, pixel ratio, touch, user agent, ...); ``DeviceProfile/default``,
    /// a current iPhone in WKWebView, unless set. Change it on a live page with ``HeadlessWebView/setDevice(_:)``.
    public var device: DeviceProfile
    /// How long a `requestAnimationFrame` loop keeps a page busy (default 1 s; zero or less: frames never do).
    ///
    /// Pending animation frames keep ``HeadlessWebView/runUntilIdle(timeout:)`` waiting, so a transition or a
    /// redraw finishes before the next step. A loop that only re-requests frames from its own frame callbacks
    /// stops counting once it has run this long, on the runtime's clock (instantly on a virtual clock); a frame
    /// requested from anywhere else (an event, a timer, a message) starts the settle time again. See
    /// <doc:AnimationsAndIdle>.
    public var animationSettleTime: Duration
    /// The media whose audible playback needs a user gesture, as `WKWebViewConfiguration`'s property of the same
    /// name: ``AudiovisualMediaTypes/all`` (the iOS default) unless set.
    ///
    /// Under the policy, `play()` on an `<audio>` or `<video>` that is not muted (and has a volume above 0) outside a
    /// user gesture (``HeadlessWebView/click(_:)``, or a trusted click, touch, pointer or key event being dispatched)
    /// is rejected with a `NotAllowedError`; muted media may always play, as muted inline video autoplays on iOS.
    /// With `[]` every `play()` is allowed. See <doc:SupportedAPIs>.
    public var mediaTypesRequiringUserActionForPlayback: AudiovisualMediaTypes
    /// The duration every media resource reports once its source was reached (media are not decoded): zero unless
    /// set, so playback ends at once. Playback runs on the runtime's clock and never keeps a page busy.
    public var mediaDuration: Duration
    /// The clipboard, location, network state, notifications, sharing and vibration the pages get from the device
    /// (``DeviceServices``): a new one unless set. Copies of a configuration share it, as the apps of a phone
    /// share its clipboard.
    public var services: DeviceServices
    /// How many pages the back-forward cache keeps: 2 unless set, WebKit's default in a browser-like web view on a
    /// device with 512 MB or more (as in WKWebView). A page left by a navigation (not a reload or
    /// `location.replace`) once it has loaded is kept, frozen, and a traversal back or forward to its entry makes it
    /// the current page again without loading it (`pageshow` with `persisted` true, its JS state and DOM as they
    /// were); the oldest kept page is closed first beyond this number. 0 keeps none: each traversal loads the page
    /// again, and a page left gets `unload`. See <doc:LoadingPages>.
    public var backForwardCacheCapacity = 2

    public init(customUserAgent: String? = nil, applicationNameForUserAgent: String? = nil, device: DeviceProfile = .default,
                animationSettleTime: Duration = .seconds(1),
                mediaTypesRequiringUserActionForPlayback: AudiovisualMediaTypes = .all, mediaDuration: Duration = .zero,
                services: DeviceServices = DeviceServices()) {
        self.customUserAgent = customUserAgent
        self.applicationNameForUserAgent = applicationNameForUserAgent
        self.device = device
        self.animationSettleTime = animationSettleTime
        self.mediaTypesRequiringUserActionForPlayback = mediaTypesRequiringUserActionForPlayback
        self.mediaDuration = mediaDuration
        self.services = services
    }
}

/// Kinds of media, as WebKit's `WKAudiovisualMediaTypes`: for
/// ``WebViewConfiguration/mediaTypesRequiringUserActionForPlayback``.
public struct AudiovisualMediaTypes: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Media with sound: `<audio>`, and `<video>` that is not muted.
    public static let audio = AudiovisualMediaTypes(rawValue: 1)
    /// `<video>` elements.
    public static let video = AudiovisualMediaTypes(rawValue: 2)
    /// Both.
    public static let all: AudiovisualMediaTypes = [.audio, .video]
}

/// A native hook on each document's lifetime (see ``HeadlessWebView/addDocumentObserver(_:)``).
/// Both methods run on the runtime thread.
public protocol DocumentObserver: AnyObject, Sendable {
    /// A new document's context is ready: the window exists, no page script ran yet.
    func documentDidCreate(_ document: DocumentHandle)
    /// The document goes away (navigation, reload, close); its context closes right after.
    func documentWillClose(_ document: DocumentHandle)
    /// An iframe's document (any depth) has its context ready: the window exists, none of its scripts ran yet. The
    /// frame's own ``DocumentObserver/documentDidCreate(_:)`` is not called. Does nothing by default.
    func frameDocumentDidCreate(_ document: DocumentHandle)
    /// An iframe's document goes away (its iframe navigated or left the document, or its parent went away); its
    /// context closes right after. Does nothing by default.
    func frameDocumentWillClose(_ document: DocumentHandle)
}

extension DocumentObserver {
    public func frameDocumentDidCreate(_ document: DocumentHandle) {}
    public func frameDocumentWillClose(_ document: DocumentHandle) {}
}
