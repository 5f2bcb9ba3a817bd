import JavaScript
import WebView

/// Names the container a page needs when it uses a bridge the current one does not install, instead of leaving it
/// to a bare `TypeError` or a silent `undefined` (a `wrong_container` divergence, once per page and protocol):
///
/// - DSBridge without a DSBridge container: `dsbridge.js` reads `window._dsbridge`, then `window._dswk`, on every
///   call; here those properties are getters that report the pair, and read as `undefined` as on the device (the call
///   still returns `undefined`). A page that only tests `window._dsbridge` is not reported.
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
        // dsbridge.js's call reads `_dsbridge`, then `_dswk`: both in that order is DSBridge, where a page that only
        // tests `window._dsbridge` to pick its bridge is not reported.
        let readDSBridge = LoopBoundBox(false, loop: core.loop)
        Self.trap("_dsbridge", in: context) { readDSBridge.value = true }
        Self.trap("_dswk", in: context) { [weak self] in
            guard readDSBridge.value else { return }
            self?.report(.dsBridge, page: page, what: "dsBridge.call (dsbridge.js looks for window._dsbridge and window._dswk)")
        }
    }

    /// Makes `name` on the window a property that calls `onRead` and reads as `undefined` until the page assigns it.
    /// Native calls only (no script to parse): a page that never touches it pays one property definition.
    private static func trap(_ name: String, in context: JSContext, onRead: @escaping () -> Void) {
        let descriptor = JSValue(newObjectIn: context)
        descriptor["configurable"] = JSValue(bool: true, in: context)
        descriptor["get"] = JSValue(function: { _ in
            onRead()
            return nil
        }, name: name, in: context)
        descriptor["set"] = JSValue(function: { args in
            // The page's own value replaces the trap.
            let context = args.context
            let value = JSValue(newObjectIn: context)
            value["value"] = args[0]
            for flag in ["writable", "enumerable", "configurable"] { value[flag] = JSValue(bool: true, in: context) }
            _ = try context.globalObject["Object"]["defineProperty"].call(arguments: [context.globalObject, name, value])
            return nil
        }, name: name, in: context)
        AdapterSupport.call(context.globalObject["Object"]["defineProperty"], [context.globalObject, name, descriptor], in: context)
    }

    func documentWillClose(_ document: DocumentHandle) {
        pages.value[document.id] = nil
    }

    func observe(_ event: WebViewEvent) {
        if case .exception(let exception) = event.kind, let bridge = Self.scriptedBridge(in: exception.message),
           !container.bridges.contains(bridge) { report(bridge, page: event.page, what: exception.message) }
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
