import JavaScript
import WebView

/// Names the container a page needs when it uses a bridge the current one does not install, instead of leaving it
/// to a bare `TypeError` or a silent `undefined` (a `wrong_container` divergence, once per page and protocol):
///
/// - DSBridge without a DSBridge container: `dsbridge.js`'s globals (`dsBridge` with `call`, `_dsf`) once the page's
///   `DOMContentLoaded` or `load` ran; the window is left as on the device (`'_dsbridge' in window` is false), and a
///   page that only tests `window._dsbridge` is not reported.
/// - WeChat or Alipay outside their app: a `WeixinJSBridgeReady` or `AlipayJSBridgeReady` listener (the page's
///   `ready` code would never run), looked at when its `DOMContentLoaded` and `load` have run.
/// - The iOS setup (`https://__bridge_loaded__`, `wvjbscheme://`) in a container without it: reported and consumed.
/// - Android JsBridge's `yy://` signal, or a `TypeError` about `WebViewJavascriptBridge` from a page that never asked
///   for the iOS bridge, in a container without Android JsBridge.
final class WrongContainerProbe: DocumentObserver {
    private let core: BridgeCore
    private let container: ContainerProfile
    /// Per page: the protocols already reported, and whether the page asked for the iOS bridge.
    private let pages: LoopBoundBox<[Int: (reported: Set<BridgeProtocolName>, askedForWVJB: Bool)]>
    /// Per page: its document, to look for a bridge library's globals.
    private let documents: LoopBoundBox<[Int: WeakDocument]>

    init(core: BridgeCore, container: ContainerProfile) {
        self.core = core
        self.container = container
        pages = LoopBoundBox(sending: [:], loop: core.loop)
        documents = LoopBoundBox(sending: [:], loop: core.loop)
    }

    var isNeeded: Bool { container.bridges != Set(BridgeProtocolName.allCases) }

    func documentDidCreate(_ document: DocumentHandle) {
        pages.value[document.id] = ([], false)
        documents.value[document.id] = WeakDocument(document)
    }

    /// Looks for a bridge library on the page, once its `DOMContentLoaded` and `load` have run (the window gets nothing
    /// of the probe's): `dsbridge.js` (its globals `dsBridge` and `_dsf`), which calls native at once (`_dsb.dsinit`)
    /// and gets `undefined` from every `dsBridge.call` without a DSBridge container; and a listener for
    /// `WeixinJSBridgeReady` or `AlipayJSBridgeReady`, which outside WeChat or Alipay never runs.
    private func lookForBridges(page: Int) {
        guard let document = documents.value[page]?.document, !document.isClosed else { return }
        let window = document.context.globalObject
        if !container.bridges.contains(.dsBridge), window["dsBridge"]["call"].isFunction, window["_dsf"].isObject {
            report(.dsBridge, page: page, what: "dsbridge.js (window.dsBridge), whose dsBridge.call gets undefined without a "
                   + "DSBridge container (no window._dsbridge, no window._dswk)")
        }
        // domino keeps a target's listeners by type in `_listeners`.
        let listeners = window["document"]["_listeners"]
        guard listeners.isObject else { return }
        for (bridge, event) in [(BridgeProtocolName.weChat, "WeixinJSBridgeReady"), (.alipay, "AlipayJSBridgeReady")]
        where !container.bridges.contains(bridge) && listeners[event].isObject {
            report(bridge, page: page, what: "a \(event) listener, which runs only in that app")
        }
    }

    func documentWillClose(_ document: DocumentHandle) {
        pages.value[document.id] = nil
        documents.value[document.id] = nil
    }

    func observe(_ event: WebViewEvent) {
        if case .exception(let exception) = event.kind, let bridge = Self.scriptedBridge(in: exception.message),
           !container.bridges.contains(bridge) { report(bridge, page: event.page, what: exception.message) }
        if case .load(let milestone, _) = event.kind, milestone == .domcontentloaded || milestone == .load {
            lookForBridges(page: event.page)
            return
        }
        guard case .exception(let exception) = event.kind, !container.bridges.contains(.androidJsBridge),
              exception.message.contains("WebViewJavascriptBridge"), pages.value[event.page]?.askedForWVJB == false else { return }
        report(.androidJsBridge, page: event.page,
               what: "window.WebViewJavascriptBridge without the iOS setup (\(exception.message)); an Android JsBridge page "
               + "gets it after its WebViewJavascriptBridgeReady event")
    }

    func intercept(_ action: NavigationAction) -> Bool {
        let raw = action.rawURL
        guard let page = pageID else { return false }
        if BridgeURL(raw) != nil {
            pages.value[page]?.askedForWVJB = true
            guard !container.bridges.contains(.webViewJavascriptBridge) else { return false }
            report(.webViewJavascriptBridge, page: page, what: "the iOS WebViewJavascriptBridge setup (\(raw))")
            return true
        }
        if raw.hasPrefix("yy://"), !container.bridges.contains(.androidJsBridge) {
            report(.androidJsBridge, page: page, what: "Android JsBridge's \(raw.prefix(40)) signal")
            return true
        }
        return false
    }

    /// The page a navigation request comes from: the only one the probe knows of (one document at a time).
    private var pageID: Int? { pages.value.keys.max() }

    private func report(_ bridge: BridgeProtocolName, page: Int, what: String) {
        guard pages.value[page]?.reported.contains(bridge) == false else { return }
        pages.value[page]?.reported.insert(bridge)
        let names = ContainerProfile.installing(bridge).map(\.name)
        core.diverge(BridgeDivergence.wrongContainer,
                     "the page uses \(bridge.rawValue): \(what), but container \(container.name) does not install it; run with "
                     + names.map { "--container \($0)" }.joined(separator: " or ")
                     + " (in Swift: WebViewJavascriptBridge(for:container:))", page: page)
    }
}

/// A document held weakly (the probe must not keep a closed page alive).
private struct WeakDocument {
    weak var document: DocumentHandle?
    init(_ document: DocumentHandle) { self.document = document }
}
