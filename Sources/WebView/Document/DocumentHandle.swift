internal import CJavaScriptCore
import Foundation
import JavaScript

/// A live document of a ``HeadlessWebView``: its own `JSContext` (in the runtime's machine) whose
/// global object is domino's window. Runtime-thread only.
public final class DocumentHandle {
    /// The page id: 1, 2, 3, ... for the successive documents of one web view.
    public let id: Int
    /// The document's context; `window === context.globalObject`.
    public let context: JSContext
    /// The document URL (changes with `history.pushState`).
    public var url: URL
    /// True once the document went away (navigation, reload, close).
    public internal(set) var isClosed = false
    /// Rewrites each of the document's own classic scripts (inline, `src`, inserted by a script) before it runs: called
    /// with the script's text, its URL (the document's for an inline script) and the document line it starts on (0
    /// for a script a page inserts with text rather than `src`: it has no place in the document), it returns the text
    /// to run in its place, or nil to run the script as it is. Nil by default: scripts run as they are, at the cost of
    /// one check each. Set it in `DocumentObserver.documentDidCreate(_:)` (or `frameDocumentDidCreate(_:)` for an
    /// iframe's document); code coverage (istanbul's instrumenter in `hybrid test --coverage`) uses it. The web view's
    /// own scripts, user scripts and module scripts do not pass through it (see ``moduleScriptTransform``).
    /// Runtime-thread only.
    public var scriptTransform: ((_ text: String, _ url: String, _ line: Int) -> String?)?
    /// Rewrites the source of each of the document's module scripts (`<script type="module">`, inline or `src`, the
    /// modules they import, `import()`ed modules) before it is translated and runs, as ``scriptTransform`` does for
    /// classic scripts: called with the module's text as written (an inline module's indented by its column), its URL
    /// (the document's base URL for an inline module) and the document line it starts on (1 for a module file, 0 for
    /// a module script a page inserts with text), it returns the module source to use instead (still a module), or nil
    /// to keep it. JSON modules and worker modules do not pass through it. Runtime-thread only.
    public var moduleScriptTransform: ((_ text: String, _ url: String, _ line: Int) -> String?)?

    weak var core: WebViewCore?
    let runtime: JavaScriptRuntime
    /// The page environment (parser, dispatch helpers); nil once closed.
    var env: JSValue?
    var loader: DocumentLoader?
    var readyState = "loading"
    /// Continuations waiting on promises of this document, failed when it closes.
    var pendingWaits: [Int: (Result<JSONValue, any Error>) -> Void] = [:]
    var nextWaitID = 0
    var isDispatchingError = false
    /// While a script whose value a caller awaits runs (``evaluateAwaited(_:sourceURL:)``): the rejections JSC
    /// reports as unhandled meanwhile, held back. Nil otherwise.
    var heldRejections: [(promise: JSValue, reason: JSValue)]?
    var platform: WebPlatformInstance?
    /// The document's origin (`WebOrigin.of(url)`, or the parent's for `srcdoc` and `about:blank` frames).
    var origin: String
    /// `document.referrer`: the URL of the page that navigated here, as its referrer policy gives it; empty if none.
    var referrer = ""
    /// The policy of the document's requests and of the navigations it starts: WebKit's default until its response's
    /// `Referrer-Policy` header or a `<meta name="referrer">` names another (a frame's: its parent's until then).
    public internal(set) var referrerPolicy = ReferrerPolicy.default
    /// While a link, an area or a form of the page starts a navigation: the policy it names (`referrerpolicy`, or
    /// `no-referrer` for `rel=noreferrer`), which ``WebViewCore/requestNavigation(_:from:sameDocument:replacing:)`` uses.
    var navigationReferrerPolicy: ReferrerPolicy?
    /// True while the page gets the events of being left (`beforeunload` ... `unload`): navigations it asks for then
    /// are refused.
    var isLeaving = false
    /// While the page is kept in the back-forward cache: the tasks queued for it (or its frames), run when it comes
    /// back. Nil otherwise.
    var heldTasks: [() -> Void]?
    /// Where relative URLs resolve from when it is not ``url`` (a `srcdoc` or `about:blank` frame: its parent's URL).
    var baseURLOverride: URL?
    var baseURL: URL { baseURLOverride ?? url }
    /// For the document of an iframe: the document that holds the iframe, and the frame's number there.
    private(set) weak var parentFrame: DocumentHandle?
    private(set) var frameID = 0
    /// The documents of this document's iframes, by frame number (see `Frames.swift`).
    var childFrames: [Int: DocumentHandle] = [:]
    /// Frame loads in progress: cancels the fetch of a frame's `src`.
    var frameFetches: [Int: () -> Void] = [:]
    /// Frames whose navigation delays this document's `load` event.
    var frameLoadDelays: Set<Int> = []
    var isMainFrame: Bool { parentFrame == nil }
    /// The page's dedicated workers by id (`new Worker`), terminated when the document closes.
    var workers: [Int: DedicatedWorker] = [:]
    var nextWorkerID = 1
    /// Whether the page was told it reached ``WebViewCore/maximumFrames`` (once per page).
    var warnedOfFrameLimit = false

    init(id: Int, context: JSContext, url: URL, core: WebViewCore) {
        self.id = id
        runtime = core.runtime
        self.context = context
        self.url = url
        self.core = core
        origin = WebOrigin.of(url)
    }

    /// Makes this the document of frame `frameID` of `parent`.
    func setParent(_ parent: DocumentHandle, frameID: Int) {
        parentFrame = parent
        self.frameID = frameID
    }

    /// Routes an error to the page as an uncaught one: `window.onerror` and `error` listeners, then
    /// (unless they handled it) the web view's exception handler and event stream.
    public func report(_ error: JSException) {
        guard !isClosed else { return }
        core?.deliverException(error, in: self)
    }

    /// The current `document.readyState`.
    public var documentReadyState: String { readyState }

    func close() {
        guard !isClosed else { return }
        if !isMainFrame, let core {
            for observer in core.observers { observer.frameDocumentWillClose(self) }
        }
        isClosed = true
        loader?.cancel()
        loader = nil
        for (_, cancel) in frameFetches { cancel() }
        frameFetches.removeAll()
        frameLoadDelays.removeAll()
        let running = workers
        workers.removeAll()
        for (_, worker) in running { worker.terminate() }
        for (_, child) in childFrames { child.close() }
        childFrames.removeAll()
        let waits = pendingWaits
        pendingWaits.removeAll()
        for (_, wait) in waits { wait(.failure(WebViewError.documentClosed)) }
        platform?.close()
        platform = nil
        context.close()
        env = nil
    }
}

extension DocumentHandle: WebPlatformHost {
    /// The URL the platform resolves and keys storage by: a `srcdoc` or `about:blank` frame's parent's.
    public var documentURL: URL { baseURL }
    public var session: WebSession {
        guard let core else { preconditionFailure("the web view of this document is gone") }
        return core.resources.session
    }
    public var sessionStorage: WebStorageArea {
        guard let core else { preconditionFailure("the web view of this document is gone") }
        return core.sessionStorage
    }
    public func beginWork() -> WorkToken { runtime.beginWork() }
    public func beginConnectionWork() -> WorkToken { runtime.beginConnectionWork() }
}

/// Errors of the web view itself.
public enum WebViewError: Error, Sendable, CustomStringConvertible, Equatable {
    /// ``HeadlessWebView/close()`` ran; the web view answers nothing any more.
    case closed
    /// The document went away (navigation, reload, close) before the operation finished.
    case documentClosed
    /// No document is loaded.
    case noDocument
    /// A load was replaced by another navigation before its `load` event.
    case navigationCancelled(url: String)
    /// The document could not be fetched.
    case loadFailed(url: String, message: String)
    /// What was awaited (the script, shortened) had not settled after the time limit.
    case timedOut(waitingFor: String, after: Duration)

    public var description: String {
        switch self {
        case .closed: "the web view is closed"
        case .documentClosed: "the document went away before the operation finished"
        case .noDocument: "no document is loaded"
        case .navigationCancelled(let url): "the load of \(url) was replaced by another navigation"
        case .loadFailed(let url, let message): "cannot load \(url): \(message)"
        case .timedOut(let awaited, let timeout): "the promise of \(awaited) did not settle within \(timeout)"
        }
    }
}
