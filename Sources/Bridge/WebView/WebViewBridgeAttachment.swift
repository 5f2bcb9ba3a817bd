import JavaScript
import WebView

/// Connects a bridge to a web view's documents: it consumes the bridge's signal URLs before the
/// app's navigation delegate, injects the bridge when a page asks for it, and detaches when a
/// document goes away (pending calls fail with `page_gone`, the startup queue re-arms).
///
/// `Sendable` because the web view keeps observers across tasks; its state is the runtime thread's.
final class WebViewBridgeAttachment: DocumentObserver {
    // Strong: the web view keeps its bridge alive; the bridge holds the web view only weakly.
    private let bridge: WebViewJavascriptBridge
    /// The current document; nil between documents.
    private let document: LoopBoundBox<DocumentHandle?>

    /// Reports a divergence from a device to the web view's event stream (a console warning of the page).
    private let warn: @Sendable (_ page: Int, _ text: String) -> Void

    init(bridge: WebViewJavascriptBridge, warn: @escaping @Sendable (_ page: Int, _ text: String) -> Void = { _, _ in }) {
        self.bridge = bridge
        self.warn = warn
        document = LoopBoundBox(sending: nil, loop: bridge.runtime.loop)
    }

    /// The warning for a bridge signal from a page inside an iframe.
    static let childFrameWarning = "bridge setup in a child frame: on iOS the bridge exists only in the main frame "
        + "(WebViewJavascriptBridge evaluates its script in the main frame), so this frame never gets "
        + "window.WebViewJavascriptBridge and its setup callback never runs"

    func documentDidCreate(_ document: DocumentHandle) {
        self.document.value = document
    }

    func documentWillClose(_ document: DocumentHandle) {
        bridge.detach(from: document.context)
        if self.document.value === document { self.document.value = nil }
    }

    /// The navigation interceptor: true (consumed) for the bridge's own URLs.
    func intercept(_ action: NavigationAction) -> Bool {
        guard let signal = BridgeURL(action.rawURL) ?? action.url.flatMap({ BridgeURL($0.absoluteString) }) else { return false }
        guard let document = document.value else { return true }
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
        // As in a browser, the navigation is processed after the script that started it.
        let bound = LoopBound(document, loop: bridge.runtime.loop)
        let bridge = self.bridge
        let token = bridge.runtime.beginWork()
        bridge.runtime.loop.execute {
            defer { token.end() }
            let document = bound.value
            guard !document.isClosed else { return }
            switch signal {
            case .bridgeLoaded: bridge.inject(into: document.context, page: document.id)
            case .queueHasMessage: bridge.flushMessageQueue(of: document.context)
            }
        }
        return true
    }
}
