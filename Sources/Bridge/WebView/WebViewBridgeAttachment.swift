import JavaScript
import WebView

/// Connects a bridge to a web view's documents: it consumes the bridge's signal URLs before the
/// app's navigation delegate, injects the bridge when a page asks for it, and detaches when a
/// document goes away (pending calls fail with `page_gone`, the startup queue re-arms).
///
/// Runtime-thread state; `Sendable` because the web view keeps observers across tasks.
final class WebViewBridgeAttachment: DocumentObserver, @unchecked Sendable {
    // Strong: the web view keeps its bridge alive; the bridge holds the web view only weakly.
    private let bridge: WebViewJavascriptBridge?
    /// The current document; nil between documents.
    private var document: DocumentHandle?

    init(bridge: WebViewJavascriptBridge) {
        self.bridge = bridge
    }

    func documentDidCreate(_ document: DocumentHandle) {
        self.document = document
    }

    func documentWillClose(_ document: DocumentHandle) {
        bridge?.detach(from: document.context)
        if self.document === document { self.document = nil }
    }

    /// The navigation interceptor: true (consumed) for the bridge's own URLs.
    func intercept(_ action: NavigationAction) -> Bool {
        guard let signal = BridgeURL(action.rawURL) ?? action.url.flatMap({ BridgeURL($0.absoluteString) }) else { return false }
        guard let bridge, let document else { return true }
        bridge.core.trace {
            BridgeEvent(time: .now, page: document.id, direction: .jsToNative, type: .call, handler: nil, callbackId: nil,
                        responseId: nil, data: .string(action.rawURL), size: action.rawURL.utf8.count, error: nil,
                        outcome: signal == .bridgeLoaded ? "bridge_loaded" : "queue_has_message")
        }
        // As in a browser, the navigation is processed after the script that started it.
        let bound = Bound(document: document, bridge: bridge)
        let token = bridge.runtime.beginWork()
        bridge.runtime.loop.execute {
            defer { token.end() }
            let document = bound.document
            guard !document.isClosed else { return }
            switch signal {
            case .bridgeLoaded: bound.bridge.inject(into: document.context, page: document.id)
            case .queueHasMessage: bound.bridge.flushMessageQueue(of: document.context)
            }
        }
        return true
    }

    /// Carries a document to a task on the same runtime thread.
    private struct Bound: @unchecked Sendable {
        let document: DocumentHandle
        let bridge: WebViewJavascriptBridge
    }
}
