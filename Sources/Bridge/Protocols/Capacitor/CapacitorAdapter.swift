import JavaScript
import WebView

/// Capacitor's native bridge on a web view, on the shared core.
///
/// As on the device, `window.Capacitor` is there at document start: `getPlatform()`, `isNativePlatform()`,
/// `PluginHeaders` (the native plugins: every handler or mock named `Plugin.method`, grouped by plugin, each with
/// Capacitor's `addListener`, `removeListener` and `removeAllListeners`), `registerPlugin(name)` proxies and
/// `Capacitor.Plugins` (one for each native plugin, as the app's bundle registers them). A call leaves as
/// `{callbackId, pluginId, methodName, options}` through `webkit.messageHandlers.bridge` (iOS) or
/// `androidBridge.postMessage(JSON)` (Android) and runs the handler `Plugin.method` with the options as its data.
/// Answers return in a task of their own as `Capacitor.fromNative({callbackId, pluginId, methodName, success,
/// data | error, save})`: an error as `{message, code}`, a ``BridgeResponder/progress(_:)`` answer with `save: true`.
/// `addListener` calls are kept natively, and ``WebViewJavascriptBridge/fireEvent(_:data:)`` with `Plugin.event`
/// answers each listener of that plugin's event (`save: true`); `resume` and `pause` are document events.
final class CapacitorAdapter: DocumentObserver, ScriptMessageHandler, ContainerEventSource {
    private let shared: ScriptedProtocol
    private let platform: ContainerProfile.Platform
    /// The page's listeners: plugin, event and callback id, in the order added.
    private let listeners: LoopBoundBox<[(plugin: String, event: String, callbackId: String)]>

    init(bridge: WebViewJavascriptBridge, platform: ContainerProfile.Platform) {
        shared = ScriptedProtocol(bridge: bridge, name: .capacitor)
        self.platform = platform
        listeners = LoopBoundBox(sending: [], loop: bridge.runtime.loop)
    }

    private var postWire: String { platform == .android ? "androidBridge.postMessage" : "webkit.messageHandlers.bridge" }
    private static let answerWire = "Capacitor.fromNative"

    // MARK: The page

    func documentDidCreate(_ document: DocumentHandle) {
        shared.documentDidCreate(document)
        listeners.value = []
        let context = document.context
        let native = JSValue(newObjectIn: context)
        native["platform"] = JSValue(string: platform.rawValue, in: context)
        native["headers"] = JSValue(pluginHeaders(), in: context)
        if platform == .android {
            // The `androidBridge` JavaScript interface: its calls return at once and are handled on another thread.
            let page = document.id
            let bridgeObject = JSValue(newObjectIn: context)
            bridgeObject["postMessage"] = JSValue(function: { [weak self] args in
                guard let self else { return nil }
                let text = args.string(at: 0)
                shared.inPage(page) { [self] _ in receive(text: text, page: page) }
                return nil
            }, name: "postMessage", in: context)
            context.globalObject["androidBridge"] = bridgeObject
        }
        do {
            let install = try context.evaluate(BridgeScripts.capacitor.script.get())
            _ = try install.call(arguments: [native])
        } catch {
            shared.warn("the Capacitor bridge script failed in page \(document.id): \(error)")
        }
    }

    func documentWillClose(_ document: DocumentHandle) {
        shared.documentWillClose(document)
    }

    /// `PluginHeaders`: `[{name, methods: [{name, rtype}]}]` from the handlers named `Plugin.method`.
    private func pluginHeaders() -> JSONValue {
        let names = shared.core.state.withLock { Array($0.handlers.keys) }
        var plugins: [String: [String]] = [:]
        for name in names {
            guard let dot = name.firstIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex else { continue }
            plugins[String(name[..<dot]), default: []].append(String(name[name.index(after: dot)...]))
        }
        return .array(plugins.keys.sorted().map { plugin in
            var methods: [JSONValue] = plugins[plugin, default: []].sorted().map { ["name": .string($0), "rtype": "promise"] }
            methods.append(["name": "addListener", "rtype": "callback"])
            methods.append(["name": "removeListener", "rtype": "promise"])
            methods.append(["name": "removeAllListeners", "rtype": "promise"])
            return ["name": .string(plugin), "methods": .array(methods)]
        })
    }

    // MARK: Calls from the page

    /// `webkit.messageHandlers.bridge.postMessage(callData)` (iOS), in a task after the page posted it.
    func userContentController(_ controller: UserContentController, didReceive message: ScriptMessage) {
        guard shared.isCurrent(message.page) else { return }
        receive(message.body, text: nil, page: message.page)
    }

    /// `androidBridge.postMessage(JSON)`.
    private func receive(text: String?, page: Int) {
        guard let text, let body = try? JSONValue(parsing: text) else {
            shared.warn("androidBridge.postMessage needs the JSON text of a call; ignored: " + BridgeLog.cut(text ?? "nothing", to: 200))
            shared.trace(page: page, .jsToNative, .call, nil, data: text.map(JSONValue.string), outcome: "malformed", wire: postWire)
            return
        }
        receive(body, text: text, page: page)
    }

    private func receive(_ body: JSONValue, text: String?, page: Int) {
        let size = text?.utf8.count ?? body.jsonString.utf8.count
        if let type = body["type"]?.stringValue, type != "message" {
            // `js.error` reports (with Capacitor.DEBUG) and cookie or HTTP requests: nothing the handlers answer.
            shared.trace(page: page, .jsToNative, .signal, type, data: body, size: size, outcome: "ignored", wire: postWire)
            return
        }
        guard case .object(let call) = body, let callbackId = call["callbackId"]?.stringValue,
              let plugin = call["pluginId"]?.stringValue, let method = call["methodName"]?.stringValue else {
            shared.warn("ignored a call without callbackId, pluginId and methodName strings: " + BridgeLog.cut(body.jsonString, to: 200))
            shared.trace(page: page, .jsToNative, .call, nil, data: body, size: size, outcome: "malformed", wire: postWire)
            return
        }
        let options = call["options"] ?? .object([:])
        let handlerName = "\(plugin).\(method)"
        // "-1": the page keeps no callback, so answers go nowhere.
        let answerId = callbackId == "-1" ? nil : callbackId
        switch method {
        case "addListener":
            let event = options["eventName"]?.stringValue ?? ""
            listeners.value.append((plugin, event, callbackId))
            shared.trace(page: page, .jsToNative, .call, handlerName, callbackId: answerId, data: options, size: size,
                         outcome: "listening", wire: postWire)
            return
        case "removeListener":
            let id = options["callbackId"]?.stringValue
            listeners.value.removeAll { $0.plugin == plugin && $0.callbackId == id }
            shared.trace(page: page, .jsToNative, .call, handlerName, callbackId: answerId, data: options, size: size,
                         outcome: "handled", wire: postWire)
            return
        case "removeAllListeners":
            listeners.value.removeAll { $0.plugin == plugin }
            shared.trace(page: page, .jsToNative, .call, handlerName, callbackId: answerId, data: options, size: size,
                         outcome: "handled", wire: postWire)
            if let answerId { answer(page: page, callbackId: answerId, plugin: plugin, method: method)(nil, nil, true) }
            return
        default:
            break
        }
        let sink = answer(page: page, callbackId: answerId ?? "-1", plugin: plugin, method: method)
        guard shared.call(handlerName, data: options, page: page, callbackId: answerId, size: size, wire: postWire, sink: sink) else {
            shared.warn("no native plugin method \(handlerName) (no handler or mock of that name); the call is rejected as "
                        + "UNIMPLEMENTED, as a native plugin without the method would be")
            if answerId != nil {
                sink(nil, BridgeError(code: "UNIMPLEMENTED", message: "\"\(handlerName)()\" is not implemented on \(platform.rawValue)"), true)
            }
            return
        }
    }

    /// Takes a handler's answers to the page: `Capacitor.fromNative(...)`, each in a task of its own.
    private func answer(page: Int, callbackId: String, plugin: String, method: String) -> BridgeResponder.Sink {
        { [shared] payload, error, isFinal in
            shared.inPage(page, gone: shared.pageGone("\(plugin).\(method)")) { document in
                var result: JSONObject = ["callbackId": .string(callbackId), "pluginId": .string(plugin),
                                          "methodName": .string(method), "success": .bool(error == nil), "save": .bool(!isFinal)]
                if let error {
                    result["error"] = ["message": .string(error.message), "code": .string(error.code)]
                } else {
                    result["data"] = payload?.value ?? .object([:])
                }
                shared.trace(page: page, .nativeToJS, error != nil ? .error : isFinal ? .response : .progress, "\(plugin).\(method)",
                             responseId: callbackId, data: result["data"], error: error, outcome: "delivered", wire: Self.answerWire)
                shared.callPage(["Capacitor", "fromNative"], [JSONValue.object(result)], in: document)
            }
        }
    }

    // MARK: Events

    func eventNames() -> [String] {
        guard shared.document != nil else { return [] }
        var names: [String] = []
        for listener in listeners.value where !names.contains("\(listener.plugin).\(listener.event)") {
            names.append("\(listener.plugin).\(listener.event)")
        }
        return names + ["resume", "pause"]
    }

    /// `Plugin.event`: each of the page's listeners for it (`notifyListeners`); `resume`, `pause`: document events.
    func fire(_ name: String, data: JSONValue?) -> Bool {
        guard let document = shared.document else { return false }
        let page = document.id
        if name == "resume" || name == "pause" {
            shared.trace(page: page, .nativeToJS, .event, name, data: data, outcome: "delivered", wire: "Capacitor.triggerEvent")
            shared.callPage(["Capacitor", "triggerEvent"], [name, "document", data ?? .object([:])], in: document)
            return true
        }
        let matching = listeners.value.filter { "\($0.plugin).\($0.event)" == name }
        guard !matching.isEmpty else { return false }
        for listener in matching {
            let result: JSONObject = ["callbackId": .string(listener.callbackId), "pluginId": .string(listener.plugin),
                                      "methodName": "addListener", "success": true, "data": data ?? .object([:]), "save": true]
            shared.trace(page: page, .nativeToJS, .event, name, responseId: listener.callbackId, data: data, outcome: "delivered",
                         wire: Self.answerWire)
            shared.callPage(["Capacitor", "fromNative"], [JSONValue.object(result)], in: document)
        }
        return true
    }
}
