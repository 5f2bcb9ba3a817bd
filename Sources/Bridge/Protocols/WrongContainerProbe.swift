import JavaScript
import WebView

/// Names the container a page needs when it uses a bridge the current one does not install, instead of leaving it
/// to a bare `TypeError` or a silent `undefined` (a `wrong_container` divergence, once per page and protocol):
///
/// - DSBridge without a DSBridge container: `dsbridge.js` reads `window._dsbridge` on every call; here that property
///   is a getter that reports, then reads as `undefined` as on the device (the call still returns `undefined`).
/// - The iOS setup (`https://__bridge_loaded__`, `wvjbscheme://`) in a container without it: reported and consumed.
/// - Android JsBridge's `yy://` signal, or a `TypeError` about `WebViewJavascriptBridge` from a page that never asked
///   for the iOS bridge, in a container without Android JsBridge.
final class WrongContainerProbe: DocumentObserver {
    private let core: BridgeCore
    private let container: ContainerProfile
    /// Per page: the protocols already reported, and whether the page asked for the iOS bridge.
    private let pages: LoopBoundBox<[Int: (reported: Set<BridgeProtocolName>, askedForWVJB: Bool)]>

    init(core: BridgeCore, container: ContainerProfile) {
        self.core = core
        self.container = container
        pages = LoopBoundBox(sending: [:], loop: core.loop)
    }

    var isNeeded: Bool { container.bridges != Set(BridgeProtocolName.allCases) }

    func documentDidCreate(_ document: DocumentHandle) {
        pages.value[document.id] = ([], false)
        guard !container.bridges.contains(.dsBridge) else { return }
        let context = document.context
        let page = document.id
        // Native calls only (no script to parse): a page that never touches `_dsbridge` pays one property definition.
        let defineProperty = context.globalObject["Object"]["defineProperty"]
        let window = context.globalObject
        let descriptor = JSValue(newObjectIn: context)
        descriptor["configurable"] = JSValue(bool: true, in: context)
        descriptor["get"] = JSValue(function: { [weak self] _ in
            self?.report(.dsBridge, page: page, what: "dsBridge.call (dsbridge.js looks for window._dsbridge or window._dswk)")
            return nil
        }, name: "_dsbridge", in: context)
        descriptor["set"] = JSValue(function: { args in
            // The page's own `_dsbridge` replaces the probe.
            let context = args.context
            let value = JSValue(newObjectIn: context)
            value["value"] = args[0]
            for flag in ["writable", "enumerable", "configurable"] { value[flag] = JSValue(bool: true, in: context) }
            _ = try context.globalObject["Object"]["defineProperty"].call(arguments: [context.globalObject, "_dsbridge", value])
            return nil
        }, name: "_dsbridge", in: context)
        _ = AdapterSupport.call(defineProperty, [window, "_dsbridge", descriptor], in: context)
    }

    func documentWillClose(_ document: DocumentHandle) {
        pages.value[document.id] = nil
    }

    func observe(_ event: WebViewEvent) {
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
