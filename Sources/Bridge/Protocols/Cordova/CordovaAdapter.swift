import JavaScript
import WebView

/// Cordova on iOS (cordova-ios 6 and later, in a WKWebView) on a web view, on the shared core.
///
/// `window.cordova` is there at document start (the app's `cordova.js`, which the page loads from the app's `www`
/// folder, is the container's here). `cordova.exec(success, fail, service, action, args)` posts
/// `[callbackId, service, action, args]` to `webkit.messageHandlers.cordova`; the handler or mock `Service.action`
/// gets `args` as its data. Its answer returns in a task of its own as
/// `cordova.require('cordova/exec').nativeCallback(callbackId, status, message, keepCallback)`: status 1 (`OK`) for
/// data, 9 (`ERROR`, or the status a ``BridgeError`` code names: `INVALID_ACTION`, `"7"`, ...) with `{code, message}`
/// for an error, and `keepCallback` for a ``BridgeResponder/progress(_:)`` answer. `deviceready` fires as cordova.js
/// fires it: after `DOMContentLoaded`, once the plugins have loaded (a task later), through a timer; a listener added
/// later runs at once. ``WebViewJavascriptBridge/fireEvent(_:data:)`` fires `deviceready` (early), `pause`, `resume`
/// and the other document events of Cordova's plugins (`backbutton`, `online`, ...).
final class CordovaAdapter: DocumentObserver, ScriptMessageHandler, ContainerEventSource {
    private let shared: ScriptedProtocol
    /// The page's function that starts `deviceready`.
    private let deviceReady: LoopBoundBox<JSValue?>
    static let statuses = ["NO_RESULT", "OK", "CLASS_NOT_FOUND_EXCEPTION", "ILLEGAL_ACCESS_EXCEPTION", "INSTANTIATION_EXCEPTION",
                           "MALFORMED_URL_EXCEPTION", "IO_EXCEPTION", "INVALID_ACTION", "JSON_EXCEPTION", "ERROR"]
    /// The cordova-ios version the page sees (`cordova.version`).
    static let version = "7.1.0"
    private static let postWire = "webkit.messageHandlers.cordova"
    private static let answerWire = "nativeCallback"

    init(bridge: WebViewJavascriptBridge) {
        shared = ScriptedProtocol(bridge: bridge, name: .cordova)
        deviceReady = LoopBoundBox(sending: nil, loop: bridge.runtime.loop)
    }

    func documentDidCreate(_ document: DocumentHandle) {
        shared.documentDidCreate(document)
        deviceReady.value = nil
        let context = document.context
        let native = JSValue(newObjectIn: context)
        native["platform"] = JSValue(string: "ios", in: context)
        native["version"] = JSValue(string: Self.version, in: context)
        do {
            let install = try context.evaluate(BridgeScripts.cordova.script.get())
            let start = try install.call(arguments: [native])
            if start.isFunction { deviceReady.value = start }
        } catch {
            shared.warn("the cordova.js script failed in page \(document.id): \(error)")
        }
        // A document adopted after it loaded is past its DOMContentLoaded.
        if document.documentReadyState != "loading" { scheduleDeviceReady(page: document.id) }
    }

    func documentWillClose(_ document: DocumentHandle) {
        if shared.isCurrent(document.id) { deviceReady.value = nil }
        shared.documentWillClose(document)
    }

    /// `DOMContentLoaded`: the plugins load after it, then `deviceready` starts (a task later).
    func observe(_ event: WebViewEvent) {
        guard case .load(milestone: .domcontentloaded, url: _) = event.kind, shared.isCurrent(event.page) else { return }
        scheduleDeviceReady(page: event.page)
    }

    private func scheduleDeviceReady(page: Int) {
        shared.inPage(page) { [self] _ in _ = startDeviceReady(page: page) }
    }

    /// Starts `deviceready` in the page; false when it had started already.
    private func startDeviceReady(page: Int) -> Bool {
        guard let start = deviceReady.value, let document = shared.document, document.id == page else { return false }
        shared.trace(page: page, .nativeToJS, .event, "deviceready", data: nil, size: 0, outcome: "delivered", wire: "fireDocumentEvent")
        let started = (try? start.call(arguments: []))?.toBool() ?? false
        deviceReady.value = nil
        return started
    }

    // MARK: Calls from the page

    /// `webkit.messageHandlers.cordova.postMessage([callbackId, service, action, args])`, in a task after it was posted.
    func userContentController(_ controller: UserContentController, didReceive message: ScriptMessage) {
        let page = message.page
        guard shared.isCurrent(page) else { return }
        let size = message.body.jsonString.utf8.count
        guard case .array(let command) = message.body, command.count >= 3, let callbackId = command[0].stringValue,
              let service = command[1].stringValue, let action = command[2].stringValue else {
            shared.warn("ignored a command that is not [callbackId, service, action, args]: " + BridgeLog.cut(message.body.jsonString, to: 200))
            shared.trace(page: page, .jsToNative, .call, nil, data: message.body, size: size, outcome: "malformed", wire: Self.postWire)
            return
        }
        let args: JSONValue = switch command.count > 3 ? command[3] : .array([]) {
        case .array(let values): .array(values)
        case .null: .array([])
        case let value: .array([value])
        }
        let handlerName = "\(service).\(action)"
        let answerId = callbackId == "INVALID" ? nil : callbackId
        let sink = answer(page: page, callbackId: callbackId, handlerName: handlerName)
        if !shared.call(handlerName, data: args, page: page, callbackId: answerId, size: size, wire: Self.postWire, sink: sink) {
            shared.warn("no native action \(handlerName) (no handler or mock of that name): on iOS Cordova logs \"ERROR: Plugin "
                        + "'\(service)' not found, or is not a CDVPlugin\" or \"ERROR: Method '\(action)' not defined in Plugin "
                        + "'\(service)'\" and never answers, so neither callback runs")
        }
    }

    /// Takes a handler's answers to the page: `nativeCallback(...)`, each in a task of its own.
    private func answer(page: Int, callbackId: String, handlerName: String) -> BridgeResponder.Sink {
        { [shared] payload, error, isFinal in
            shared.inPage(page, gone: shared.pageGone(handlerName)) { document in
                let status: Int
                let message: JSONValue
                if let error {
                    status = Self.statuses.firstIndex(of: error.code).flatMap { $0 >= 2 ? $0 : nil }
                        ?? Int(error.code).flatMap { (2...9).contains($0) ? $0 : nil } ?? 9
                    message = error.json
                } else {
                    status = 1
                    message = payload?.value ?? .null
                }
                shared.trace(page: page, .nativeToJS, error != nil ? .error : isFinal ? .response : .progress, handlerName,
                             responseId: callbackId, data: error == nil ? message : nil, error: error, outcome: "delivered",
                             wire: Self.answerWire)
                let exec = document.context.globalObject["cordova"]["require"]
                guard exec.isFunction, let nativeCallback = try? exec.call(arguments: ["cordova/exec"])["nativeCallback"],
                      nativeCallback.isFunction else {
                    shared.warn("page \(page) has no cordova.require('cordova/exec').nativeCallback; \(handlerName)'s answer dropped")
                    return
                }
                AdapterSupport.call(nativeCallback, [callbackId, status, message, !isFinal ? 1 : 0, 0], in: document.context)
            }
        }
    }

    // MARK: Events

    static let documentEvents = ["deviceready", "pause", "resume", "backbutton", "menubutton", "searchbutton",
                                 "volumeupbutton", "volumedownbutton", "online", "offline"]

    func eventNames() -> [String] { shared.document == nil ? [] : Self.documentEvents }

    func fire(_ name: String, data: JSONValue?) -> Bool {
        guard let document = shared.document, Self.documentEvents.contains(name) else { return false }
        if name == "deviceready" {
            if !startDeviceReady(page: document.id) { shared.warn("deviceready has fired already in page \(document.id); it fires once") }
            return true
        }
        shared.trace(page: document.id, .nativeToJS, .event, name, data: data, outcome: "delivered", wire: "fireDocumentEvent")
        // As CDVViewController: `cordova.fireDocumentEvent('pause', null, true)`.
        shared.callPage(["cordova", "fireDocumentEvent"], [JSONValue.string(name), data ?? .null, true], in: document)
        return true
    }
}
