import Foundation
import JavaScript

/// Something observable that happened in a web view: every console line, dialog, exception,
/// navigation request, script message and load milestone, with its time.
public struct WebViewEvent: Sendable {
    /// When it happened.
    public var time: ContinuousClock.Instant
    /// The document it happened in (``DocumentHandle/id``: 1, 2, 3, ... per web view).
    public var page: Int
    /// What happened.
    public var kind: Kind

    /// The kinds of events.
    public enum Kind: Sendable {
        /// A load milestone of a document.
        case load(milestone: LoadMilestone, url: String)
        /// A `console` call.
        case console(ConsoleMessage)
        /// `alert`, `confirm` or `prompt`, with the answer the page got (null for alert).
        case dialog(type: DialogType, text: String, answer: JSONValue)
        /// An uncaught exception or unhandled rejection.
        case exception(JSException)
        /// A navigation request and its decision.
        case navigation(url: String, type: NavigationType, decision: NavigationPolicy)
        /// A navigation that stayed in the document and changed its URL (`pushState`, `replaceState`, a
        /// fragment, `history.back()`), as WebKit's `didSameDocumentNavigation`.
        case sameDocumentNavigation(url: String, type: SameDocumentNavigationType)
        /// A `webkit.messageHandlers.NAME.postMessage(body)` call.
        case message(name: String, body: JSONValue)
        /// Events of other modules (the bridge's `bridge` events, say).
        case custom(kind: String, fields: JSONObject)
    }

    public init(time: ContinuousClock.Instant = .now, page: Int, kind: Kind) {
        self.time = time
        self.page = page
        self.kind = kind
    }
}

/// The load milestones of a document.
public enum LoadMilestone: String, Sendable, Hashable {
    /// The load began.
    case start
    /// `DOMContentLoaded` was dispatched.
    case domcontentloaded
    /// The `load` event was dispatched.
    case load
    /// The page became idle after loading (reported by tools that wait for idleness).
    case idle
}
