internal import CJavaScriptCore
import Foundation
import JavaScript

/// Builds a document's global environment: domino loaded through the CommonJS loader into the
/// document's own context, the window made the global object, and the native functions the page
/// scripts call (dialogs, navigation requests, script messages, error reports).
enum PageEnvironment {
    /// The user agent: the device's (ending in `HybridRuntime/<version>` for the built-in ones), then the
    /// application name.
    static func userAgent(_ configuration: WebViewConfiguration, device: DeviceProfile? = nil) -> String {
        if let custom = configuration.customUserAgent { return custom }
        var agent = (device ?? configuration.device).userAgent
        if let name = configuration.applicationNameForUserAgent, !name.isEmpty { agent += " " + name }
        return agent
    }

    /// Set-up runs without the page's per-entry execution time limit: these are the web view's own scripts,
    /// which WebKit runs natively (a page's limit of 200 ms must not fail a load on a busy machine).
    ///
    /// `require` is the context's CommonJS loader with domino loaded when the context was prepared ahead
    /// (`prepare(on:name:)`); nil loads it now.
    static func install(in document: DocumentHandle, core: WebViewCore, require prepared: JSValue? = nil) throws {
        try document.context.virtualMachine.withoutExecutionTimeLimit {
            let require = try prepared ?? loadDomino(in: document.context)
            try installScripts(in: document, require: require, core: core)
        }
    }

    /// A new page context with the part of its environment that depends on nothing of the page (not its URL, web
    /// view, device or user agent): the CommonJS loader with domino's modules evaluated, about half of a page's
    /// set-up. `WebPagePool` makes these ahead of time; a web view without a pool does the same per document.
    static func prepare(on runtime: JavaScriptRuntime, name: String?) throws -> PreparedPage {
        let made = runtime.assumeIsolated { runtime in
            runtime.isShutDown ? nil : LoopBound(runtime.makeContext(name: name), loop: runtime.loop)
        }
        guard let context = made?.value else {
            throw JSException(name: "Error", message: "the JavaScript runtime was shut down")
        }
        do {
            let require = try context.virtualMachine.withoutExecutionTimeLimit { try loadDomino(in: context) }
            return PreparedPage(context: context, require: require)
        } catch {
            context.close()
            throw error
        }
    }

    /// The context's CommonJS `require`, after `require('domino')`.
    private static func loadDomino(in context: JSContext) throws -> JSValue {
        let require = try CommonJSModules.makeRequire(in: context)
        _ = try require.call(arguments: ["domino"])
        return require
    }

    private static func installScripts(in document: DocumentHandle, require: JSValue, core: WebViewCore) throws {
        let context = document.context
        let page = document.id
        let events = core.events
        context.consoleSink = { message in events.emit(WebViewEvent(page: page, kind: .console(message))) }
        context.exceptionHandler = { [weak core, weak document] _, value in
            guard let core, let document, !document.isClosed else { return }
            core.uncaught(value, in: document)
        }
        let tracker = JSValue(function: { [weak core, weak document] args in
            guard let core, let document, !document.isClosed else { return nil }
            if document.heldRejections != nil {
                document.heldRejections?.append((promise: args[0], reason: args[1]))
            } else {
                core.uncaught(args[1], rejectedPromise: args[0], in: document)
            }
            return nil
        }, name: "unhandledRejection", in: context)
        if let object = JSValueToObject(context.ref, tracker.ref, nil) {
            JSGlobalContextSetUnhandledRejectionCallback(context.ref, object, nil)
        }

        let config = JSValue(newObjectIn: context)
        config["url"] = JSValue(string: document.url.absoluteString, in: context)
        config["origin"] = JSValue(string: document.origin, in: context)
        if let base = document.baseURLOverride {   // a srcdoc or about:blank frame's fallback base URL: its parent's
            config["base"] = JSValue(string: base.absoluteString, in: context)
        }
        config["userAgent"] = JSValue(string: userAgent(core.configuration, device: core.device), in: context)
        config["device"] = JSValue(string: core.deviceJSON, in: context)
        config["animationSettle"] = JSValue(double: max(0, core.configuration.animationSettleTime.seconds * 1000), in: context)
        let native = makeNative(document: document, core: core)
        var env = try context.evaluate(WebViewScripts.window.script.get())
            .call(arguments: [require, native, config])
        env = try context.evaluate(WebViewScripts.page.script.get()).call(arguments: [require, native, env])
        for (_, script) in WebViewScripts.dom {
            env = try context.evaluate(script.script.get()).call(arguments: [require, native, env])
        }
        env = try context.evaluate(WebViewScripts.device.script.get()).call(arguments: [require, native, env])
        for (_, script) in WebViewScripts.css {
            env = try context.evaluate(script.script.get()).call(arguments: [require, native, env])
        }
        for (_, script) in WebViewScripts.geometry {
            env = try context.evaluate(script.script.get()).call(arguments: [require, native, env])
        }
        env = try context.evaluate(WebViewScripts.animation.script.get())
            .call(arguments: [require, native, env])
        env = try context.evaluate(WebViewScripts.cssAnimations.script.get())
            .call(arguments: [require, native, env])
        env = try context.evaluate(WebViewScripts.inspection.script.get()).call(arguments: [env])
        document.env = env
        // The window is the global object and `document` is set: the platform's web APIs go in now,
        // before any page script.
        document.platform = WebPlatform.install(in: context, host: document)
    }

    private static func makeNative(document: DocumentHandle, core: WebViewCore) -> JSValue {
        let context = document.context
        let events = core.events
        let native = JSValue(newObjectIn: context)
        func define(_ name: String, _ body: @escaping JSFunctionBody) {
            native[name] = JSValue(function: body, name: name, in: context)
        }
        // The geometry's text measurement (geometry.js), on the page's canvas fonts: the platform is installed by the
        // time a layout runs.
        define("textAdvances") { [weak document] args in
            guard let registry = document?.platform?.canvases else { return [] as [Double] }
            return CanvasNatives.textAdvances(args, registry: registry)
        }
        // delayLoad(): true when the document's `load` now waits for a matching loadDelayDone() (a stylesheet link
        // loading; the platform's images have their own, ImageNatives).
        define("delayLoad") { [weak document] _ in document?.loader?.beginLoadDelay() ?? false }
        define("loadDelayDone") { [weak document] _ in
            document?.loader?.endLoadDelay()
            return nil
        }
        // document.write and document.open of the page's document (page.js), at the loader's insertion point.
        define("documentWrite") { [weak document] args in
            document?.loader?.write(args.string(at: 0) ?? "")
            return nil
        }
        define("documentOpen") { [weak document] _ in document?.loader?.canOpen ?? false }
        SubresourceIntegrity.install(on: native, in: context)   // for stylesheet links (cssom.js)
        define("reportError") { [weak core, weak document] args in
            if let core, let document, !document.isClosed { core.uncaught(args[0], in: document) }
            return nil
        }
        // An event handler attribute's body with its `import()` calls routed to the page's module loader, or null.
        define("translateHandler") { [weak core, weak document] args in
            guard let core, let document, !document.isClosed, let body = args.string(at: 0) else { return nil }
            return ESModules.translateHandler(body, document: document, resources: core.resources)
        }
        define("referrer") { [weak document] _ in document?.referrer ?? "" }
        // A connected `<meta name="referrer">`'s content (dom/referrer.js): the document's policy from now on, when it
        // names one (``ReferrerPolicy/init(metaContent:)``).
        define("setReferrerPolicy") { [weak document] args in
            if let document, let policy = args.string(at: 0).flatMap(ReferrerPolicy.init(metaContent:)) { document.referrerPolicy = policy }
            return nil
        }
        // The policy of the navigation a link, an area or a form starts now (dom/referrer.js; null after it):
        // ``DocumentHandle/navigationReferrerPolicy``.
        define("setNavigationReferrerPolicy") { [weak document] args in
            document?.navigationReferrerPolicy = args.string(at: 0).flatMap(ReferrerPolicy.init(token:))
            return nil
        }
        define("dialog") { [weak core, weak document] args in
            guard let core, let document else { return nil }
            return core.dialog(args.string(at: 0) ?? "alert", text: args.string(at: 1) ?? "",
                               defaultText: args.string(at: 2), in: document)
        }
        // True when the request was allowed (no interceptor consumed it, the delegate allowed it). The fifth argument is
        // true for a fragment navigation, which the page performs itself when allowed; the sixth for `location.replace`.
        define("navigate") { [weak core, weak document] args in
            guard let core, let document, !document.isClosed else { return false }
            let action = NavigationAction(url: args.string(at: 1).flatMap { URL(string: $0) }, rawURL: args.string(at: 0) ?? "",
                                          type: NavigationType(rawValue: args.string(at: 2) ?? "") ?? .other,
                                          isMainFrame: args.bool(at: 3) && document.isMainFrame, sourceIsMainFrame: document.isMainFrame)
            return core.requestNavigation(action, from: document, sameDocument: args.bool(at: 4), replacing: args.bool(at: 5))
        }
        // Frames (Frames.swift): frameWindow(id, create), navigateFrame(id, url or null, srcdoc or null, referrerPolicy),
        // closeFrame(id).
        define("frameWindow") { [weak core, weak document] args in
            guard let core, let document, let id = args.int(at: 0) else { return nil }
            return core.frameWindow(id, create: args.bool(at: 1), in: document)
        }
        define("navigateFrame") { [weak core, weak document] args in
            guard let core, let document, let id = args.int(at: 0) else { return false }
            return core.navigateFrame(id, url: args.string(at: 1).flatMap { URL(string: $0) }, srcdoc: args.string(at: 2),
                                      policy: args.string(at: 3).flatMap(ReferrerPolicy.init(token:)), in: document)
        }
        define("closeFrame") { [weak core, weak document] args in
            guard let core, let document, let id = args.int(at: 0) else { return nil }
            core.closeFrame(id, in: document)
            return nil
        }
        define("hasHandler") { [weak core] args in
            core?.userContentController.handler(named: args.string(at: 0) ?? "") != nil
        }
        define("wantsReply") { [weak core] args in
            if case .reply = core?.userContentController.handler(named: args.string(at: 0) ?? "") { return true }
            return false
        }
        define("postMessage") { [weak core, weak document] args in
            guard let core, let document else { return nil }
            let body = try args.json(at: 1) ?? .null
            try core.postMessage(name: args.string(at: 0) ?? "", body: body, replyID: args.int(at: 2) ?? 0, from: document)
            return nil
        }
        // The session history beyond this document's entries (HeadlessWebViewCore+History.swift); a frame's is its own.
        define("historyAround") { [weak core, weak document] _ in
            guard let core, let document, document.isMainFrame, document === core.document else { return 0 }
            return core.historyAround
        }
        define("historyPushed") { [weak core, weak document] _ in
            if let core, let document { core.historyPushed(in: document) }
            return nil
        }
        define("traverseHistory") { [weak core, weak document] args in
            if let core, let document, let delta = args.int(at: 0) { core.traverseHistory(by: delta, from: document) }
            return nil
        }
        define("urlChanged") { [weak document] args in
            guard let document, let text = args.string(at: 0), let url = URL(string: text) else { return nil }
            document.url = url
            if let type = args.string(at: 1).flatMap(SameDocumentNavigationType.init(rawValue:)) {
                events.emit(WebViewEvent(page: document.id, kind: .sameDocumentNavigation(url: text, type: type)))
            }
            return nil
        }
        define("modulePreload") { [weak document] args in
            document?.loader?.modulePreload(args[0], href: args.string(at: 1) ?? "")
            return nil
        }
        define("scriptInserted") { [weak document] args in
            document?.loader?.insertedScript(args[0])
            return nil
        }
        // The page scripts' own one-shot timers (animation frames, CSS transition and animation events):
        // not page timer ids, and optionally not keeping the page busy.
        let timers = context.internalTimerFunctions()
        native["timer"] = timers.schedule
        native["clearTimer"] = timers.cancel
        return native
    }
}

/// A page context prepared by `PageEnvironment.prepare(on:name:)`: no page, URL or web view is bound to it yet. Used
/// once, by the document it becomes; runtime-thread only.
struct PreparedPage {
    let context: JSContext
    /// The context's CommonJS `require`, with domino loaded.
    let require: JSValue
}
