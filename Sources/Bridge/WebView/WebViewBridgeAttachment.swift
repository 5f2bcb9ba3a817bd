import JavaScript
import WebView

/// Connects a bridge to a web view's documents: it consumes the bridge's signal URLs before the
/// app's navigation delegate, injects the bridge when a page asks for it, and detaches when a
/// document goes away (pending calls fail with `page_gone`, the startup queue re-arms).
///
/// As on the phone, where the app injects the bridge after its navigation-delegate round trip, the
/// bridge is injected in the first task after both the task that added the `__bridge_loaded__`
/// iframe and the dispatch of `DOMContentLoaded` to its listeners (``BridgeCompatibility/lenient``:
/// in the task after the iframe was added, as earlier versions did).
///
/// `Sendable` because the web view keeps observers across tasks; its state is the runtime thread's.
final class WebViewBridgeAttachment: DocumentObserver {
    // Strong: the web view keeps its bridge alive; the bridge holds the web view only weakly.
    private let bridge: WebViewJavascriptBridge
    /// The current document and where its load is; nil between documents.
    private let page: LoopBoundBox<Page?>

    private struct Page {
        let document: DocumentHandle
        /// The `DOMContentLoaded` task has begun: an injection queued from now on runs after its dispatch.
        var contentLoadedStarted: Bool
        /// The page asked for the bridge before `DOMContentLoaded`: inject once it has been dispatched.
        var injectionWaits = false
        /// The bridge has been injected into this document.
        var injected = false
    }

    /// Reports a divergence from a device to the web view's event stream (a console warning of the page).
    private let warn: @Sendable (_ page: Int, _ text: String) -> Void

    init(bridge: WebViewJavascriptBridge, warn: @escaping @Sendable (_ page: Int, _ text: String) -> Void = { _, _ in }) {
        self.bridge = bridge
        self.warn = warn
        page = LoopBoundBox(sending: nil, loop: bridge.runtime.loop)
    }

    /// The warning for a bridge signal from a page inside an iframe.
    static let childFrameWarning = "bridge setup in a child frame: on iOS the bridge exists only in the main frame "
        + "(WebViewJavascriptBridge evaluates its script in the main frame), so this frame never gets "
        + "window.WebViewJavascriptBridge and its setup callback never runs"

    func documentDidCreate(_ document: DocumentHandle) {
        // A document adopted after it loaded is past its DOMContentLoaded.
        page.value = Page(document: document, contentLoadedStarted: document.documentReadyState != "loading")
    }

    func documentWillClose(_ document: DocumentHandle) {
        bridge.detach(from: document.context)
        if page.value?.document === document { page.value = nil }
    }

    /// What the bridge needs of the web view's events (runtime thread): the start of the `DOMContentLoaded`
    /// task, and exceptions that say the page used the bridge before it was there.
    func observe(_ event: WebViewEvent) {
        switch event.kind {
        case .load(milestone: .domcontentloaded, url: _):
            guard var current = page.value, current.document.id == event.page else { return }
            current.contentLoadedStarted = true
            let waits = current.injectionWaits
            current.injectionWaits = false
            page.value = current
            // This is the DOMContentLoaded task: the injection runs in the task after it, past every listener.
            if waits { scheduleInjection(into: current.document) }
        case .exception(let exception):
            guard let current = page.value, current.document.id == event.page, !current.injected,
                  bridge.compatibility == .device, exception.message.contains("WebViewJavascriptBridge") else { return }
            let thrown = exception.name.isEmpty ? exception.message : "\(exception.name): \(exception.message)"
            bridge.core.diverge(BridgeDivergence.callBeforeBridge,
                                "WebViewJavascriptBridge used before the bridge exists (\(thrown)): on iOS the app injects the bridge "
                                + "only after its navigation-delegate round trip, after the DOMContentLoaded listeners have run, "
                                + "so this throws there too; make the call in a setupWebViewJavascriptBridge callback",
                                page: event.page)
        default:
            return
        }
    }

    /// The navigation interceptor: true (consumed) for the bridge's own URLs.
    func intercept(_ action: NavigationAction) -> Bool {
        guard let signal = BridgeURL(action.rawURL) ?? action.url.flatMap({ BridgeURL($0.absoluteString) }) else { return false }
        guard var current = page.value else { return true }
        let document = current.document
        if !action.sourceIsMainFrame {
            // As on iOS: the library handles the signal as the main frame's (it evaluates its script in the main
            // frame, where it does nothing if the bridge is already there); the frame itself never gets the bridge.
            warn(document.id, Self.childFrameWarning)
        }
        bridge.core.trace {
            BridgeEvent(time: .now, page: document.id, direction: .jsToNative, type: .signal, handler: nil, callbackId: nil,
                        responseId: nil, data: .string(action.rawURL), size: action.rawURL.utf8.count, error: nil,
                        outcome: signal == .bridgeLoaded ? "bridge_loaded" : "queue_has_message")
        }
        switch signal {
        case .bridgeLoaded:
            if current.contentLoadedStarted || bridge.compatibility == .lenient {
                scheduleInjection(into: document)
            } else {
                current.injectionWaits = true
                page.value = current
            }
        case .queueHasMessage:
            // As in a browser, the navigation is processed after the script that started it.
            scheduleTask(in: document) { [bridge] document in bridge.flushMessageQueue(of: document.context) }
        }
        return true
    }

    /// Injects the bridge in a task of its own, after the injection delay of the bridge's ``BridgeTiming`` if it has one.
    private func scheduleInjection(into document: DocumentHandle) {
        scheduleTask(in: document) { [bridge, page] document in
            let inject = { (document: DocumentHandle) in
                guard !document.isClosed else { return }
                let contentLoaded = page.value?.document === document && page.value?.contentLoadedStarted == true
                if page.value?.document === document { page.value?.injected = true }
                bridge.inject(into: document.context, page: document.id, contentLoaded: contentLoaded)
            }
            let delay = bridge.core.nextInjectionDelay()
            if delay > 0 { bridge.core.after(delay) { inject(document) } } else { inject(document) }
        }
    }

    /// Runs `body` in a task of its own on the runtime thread, unless the document has closed by then.
    private func scheduleTask(in document: DocumentHandle, _ body: @escaping (DocumentHandle) -> Void) {
        let bound = LoopBound((document: document, body: body), loop: bridge.runtime.loop)
        let token = bridge.runtime.beginWork()
        bridge.runtime.loop.execute {
            defer { token.end() }
            let task = bound.value
            guard !task.document.isClosed else { return }
            task.body(task.document)
        }
    }
}
