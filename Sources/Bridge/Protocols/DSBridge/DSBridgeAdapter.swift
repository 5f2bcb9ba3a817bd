import Foundation
import JavaScript
import WebView

/// wendux's DSBridge v3 on a web view, on the shared core. The page brings its own `dsbridge.js`; the container
/// gives it the native side:
///
/// - Android (`DWebView`): the `_dsbridge` JavaScript interface from document start, whose `call(method, argJSON)`
///   returns synchronously; ` _dsbridge` at the end of the user agent (``ContainerProfile/dsBridgeAndroid``).
/// - iOS (`DWKWebView`): `window._dswk = true` at document start; `prompt("_dsbridge=" + method, argJSON)` is answered
///   by the web view's UI delegate, synchronously.
///
/// The argument is `{data, _dscbstub?}`. A call without `_dscbstub` is synchronous: its handler must answer before it
/// returns (a mock without `delayMs`, or a handler from `handleSynchronously`), and the answer is `{code: 0, data}`;
/// a handler that answers later cannot, so the page gets `{code: -1}` and the log says why. A call with `_dscbstub`
/// is asynchronous: each answer runs `window[stub](data)` in a task of its own (`progress` keeps the stub, the final
/// answer deletes it). Native calls wait (the startup queue) until the page's `_dsb.dsinit`, then run as
/// `window._handleMessageFromNative({method, callbackId, data})`, and the page answers through `_dsb.returnValue`.
final class DSBridgeAdapter: DocumentObserver {
    private let bridge: WebViewJavascriptBridge
    private let platform: ContainerProfile.Platform
    private let current: LoopBoundBox<DSBridgeConnection?>

    init(bridge: WebViewJavascriptBridge, platform: ContainerProfile.Platform) {
        self.bridge = bridge
        self.platform = platform
        current = LoopBoundBox(sending: nil, loop: bridge.runtime.loop)
        // Native callback ids in the form of the bridge native calls go to (the first one of a combined container).
        bridge.core.state.withLock { state in
            if (state.container.nativeCallsBridge ?? .dsBridge) == .dsBridge { state.callbackIdStyle = .number }
        }
    }

    func documentDidCreate(_ document: DocumentHandle) {
        let connection = DSBridgeConnection(document: document, core: bridge.core, platform: platform)
        current.value = connection
        connection.install()
    }

    func documentWillClose(_ document: DocumentHandle) {
        guard let connection = current.value, connection.page == document.id else { return }
        connection.close()
        current.value = nil
    }
}

/// The core's connection to one page with DSBridge. Runtime thread only.
final class DSBridgeConnection: BridgeConnection {
    let page: Int
    let platform: ContainerProfile.Platform
    private let state: LoopBoundBox<State>

    private struct State {
        weak var core: BridgeCore?
        weak var document: DocumentHandle?
        /// The page ran `_dsb.dsinit`: native calls reach it.
        var initialised = false
        /// `disableJavascriptDialogBlock` not called: on iOS the page's dialogs wait for the user.
        var dialogsBlock = true
    }

    init(document: DocumentHandle, core: BridgeCore, platform: ContainerProfile.Platform) {
        page = document.id
        self.platform = platform
        state = LoopBoundBox(State(core: core, document: document), loop: core.loop)
    }

    var protocolName: BridgeProtocolName? { .dsBridge }
    private var transport: String { platform == .android ? "_dsbridge.call" : "prompt" }

    func wireForm(of direction: BridgeEvent.Direction) -> String? {
        direction == .jsToNative ? transport : "_handleMessageFromNative"
    }

    private var document: DocumentHandle? { state.value.document.flatMap { $0.isClosed ? nil : $0 } }

    /// Document start: the JavaScript interface (Android) or `_dswk` and the prompt hook (iOS).
    func install() {
        guard let document else { return }
        let context = document.context
        let call = JSValue(function: { [weak self] args in
            guard let self else { return nil }
            return self.call(method: args.string(at: 0) ?? "", argument: args.string(at: 1))
        }, name: "call", in: context)
        if platform == .android {
            let object = JSValue(newObjectIn: context)
            object["call"] = call
            context.globalObject["_dsbridge"] = object
            return
        }
        // DWKWebView's UI delegate answers `prompt("_dsbridge=...")`; other dialogs are the page's own.
        let dialog = JSValue(function: { [weak self] args in
            self?.pageOpenedDialog(args.string(at: 0) ?? "dialog")
            return nil
        }, name: "dialog", in: context)
        do {
            let install = try context.evaluate("""
                (function (call, dialog) {
                  window._dswk = true;
                  var prompt = window.prompt, alert = window.alert, confirm = window.confirm;
                  window.prompt = function (text, value) {
                    if (typeof text === 'string' && text.indexOf('_dsbridge=') === 0) { return call(text.slice(10), value); }
                    dialog('prompt');
                    return prompt.apply(this, arguments);
                  };
                  window.alert = function () { dialog('alert'); return alert.apply(this, arguments); };
                  window.confirm = function () { dialog('confirm'); return confirm.apply(this, arguments); };
                })
                """, sourceURL: "hybrid:dsbridge-ios.js")
            _ = try install.call(arguments: [call, dialog])
        } catch {
            state.value.core?.warn("DSBridge: the iOS container script failed in page \(page): \(error)")
        }
    }

    private func pageOpenedDialog(_ kind: String) {
        guard state.value.dialogsBlock, let core = state.value.core else { return }
        core.diverge(BridgeDivergence.dsBridgeDialogBlocks,
                     "the page opened \(kind)() in a DSBridge iOS container: DWKWebView blocks the page's JavaScript until the "
                     + "user closes the dialog (its synchronous prompt channel shares the UI delegate), while here it is answered "
                     + "at once; call dsBridge.disableJavascriptDialogBlock() to get this behaviour on the device", page: page)
    }

    func close() {
        state.value.core?.detach(self)
        state.value.document = nil
    }

    var canDeliver: Bool { document != nil && state.value.initialised }

    /// A native call: `window._handleMessageFromNative({method, callbackId, data: JSON.stringify(args)})`, the data as
    /// the argument list when it is an array, else as the only argument.
    func deliver(_ json: String) -> Bool {
        guard let document, let core = state.value.core else { return false }
        guard case .object(let message)? = try? JSONValue(parsing: json), let method = message["handlerName"]?.stringValue else {
            // Answers to the page's calls never come this way (they go straight to its callbacks).
            core.warn("DSBridge: dropped a message the protocol has no form for: \(BridgeLog.cut(json, to: 200))")
            return true
        }
        let arguments: [JSONValue] = switch message["data"] {
        case nil, .null?: []
        case .array(let values)?: values
        case let value?: [value]
        }
        var call: JSONObject = ["method": .string(method), "data": .string(JSONValue.array(arguments).jsonString)]
        if let id = message["callbackId"]?.stringValue { call["callbackId"] = Int(id).map { .number(Double($0)) } ?? .string(id) }
        let context = document.context
        let function = context.globalObject["_handleMessageFromNative"]
        guard function.isFunction else {
            core.warn("DSBridge: page \(page) has no window._handleMessageFromNative (no dsbridge.js?); \(method) dropped")
            return false
        }
        AdapterSupport.call(function, [JSONValue.object(call)], in: context)
        return true
    }

    // MARK: Calls from the page

    /// `_dsbridge.call(method, argJSON)` / `prompt("_dsbridge=" + method, argJSON)`: the JSON text the page parses.
    private func call(method rawMethod: String, argument: String?) -> String {
        guard let core = state.value.core else { return #"{"code":-1}"# }
        let failure = platform == .android ? #"{"code":-1}"# : #"{"code":-1,"data":""}"#
        let method = rawMethod.trimmingCharacters(in: .whitespaces)
        let size = argument?.utf8.count ?? 0
        guard let argument, case .object(let object)? = try? JSONValue(parsing: argument) else {
            core.warn("DSBridge: the argument of \"\(method)\" must be a JSON object string; got "
                      + BridgeLog.cut(argument ?? "nothing", to: 200))
            trace(core, .call, method, callbackId: nil, data: argument.map(JSONValue.string), size: size, outcome: "malformed")
            return failure
        }
        let data = object["data"]
        let stub = object["_dscbstub"]?.stringValue
        if method.hasPrefix("_dsb.") { return builtIn(String(method.dropFirst(5)), data, core: core, failure: failure, size: size) }
        let handler = core.state.withLock { state in
            state.handlers[method] ?? (state.isEchoEnabled && method == "echo" ? BridgeCore.echo : nil)
        }
        guard let handler else {
            core.warn("DSBridge: no native method \"\(method)\" (no handler or mock of that name)")
            trace(core, .call, method, callbackId: stub, data: data, size: size, outcome: BridgeError.handlerNotFound)
            return failure
        }
        trace(core, .call, method, callbackId: stub, data: data, size: size, outcome: "handled")
        let request = BridgeRequest(handlerName: method, page: page, payload: data.map { .value($0) }, bridge: .dsBridge)
        if let stub {
            handler(request, BridgeResponder(core: core, page: page, handlerName: method, callbackId: stub, sink: asyncAnswer(stub, method)))
            return #"{"code":0}"#
        }
        // Synchronous: the answer must come before the handler returns.
        let answer = LoopBoundBox<(payload: BridgePayload?, error: BridgeError?)?>(nil, loop: core.loop)
        let open = LoopBoundBox(true, loop: core.loop)
        let sink: BridgeResponder.Sink = { [weak core] payload, error, isFinal in
            guard isFinal else { return }
            guard core?.loop.isCurrent == true, open.value else {
                core?.warn("DSBridge: \"\(method)\" answered after the synchronous call returned; the page already got "
                           + "{code: -1}; ignored")
                return
            }
            answer.value = (payload, error)
        }
        handler(request, BridgeResponder(core: core, page: page, handlerName: method, callbackId: "sync", sink: sink))
        open.value = false
        guard let (payload, error) = answer.value else {
            core.warn("DSBridge: the synchronous call \"\(method)\" got no answer before its handler returned: a synchronous call "
                      + "needs a handler that answers at once (handleSynchronously, or a mock without delayMs); the page gets "
                      + "{code: -1}. Call it with a callback to make it asynchronous.")
            trace(core, .error, method, callbackId: nil, data: nil, size: 0,
                  error: BridgeError(code: BridgeError.synchronousAnswerMissing, message: "no answer before the handler returned"),
                  outcome: BridgeError.synchronousAnswerMissing)
            return failure
        }
        if let error {
            core.warn("DSBridge: \"\(method)\" failed: \(error.code): \(error.message); the page gets {code: -1}")
            trace(core, .error, method, callbackId: nil, data: nil, size: 0, error: error, outcome: "delivered")
            return failure
        }
        let text = #"{"code":0,"data":"# + (payload?.jsonText ?? "null") + "}"
        trace(core, .response, method, callbackId: nil, data: payload?.value, size: text.utf8.count, outcome: "delivered",
              direction: .nativeToJS)
        return text
    }

    /// An asynchronous answer: `window[stub](data)` in a task of its own, as the device's `evaluateJavascript`;
    /// the final one deletes the stub.
    private func asyncAnswer(_ stub: String, _ method: String) -> BridgeResponder.Sink {
        // Made on the runtime thread; answered from any thread.
        let weakCore = state.value.core.map { WeakBridgeCore($0) }
        return { [weak self] payload, error, isFinal in
            guard let self, let core = weakCore?.core else { return }
            let loop = core.loop
            let token = core.runtime.beginWork()
            loop.execute { [self] in
                defer { token.end() }
                guard let document = self.document else { return }
                if let error {
                    // DSBridge has no error answer: the device's handler would just not complete.
                    core.warn("DSBridge: \"\(method)\" failed: \(error.code): \(error.message); DSBridge has no error answer, "
                              + "so the page's callback is not called")
                    self.trace(core, .error, method, callbackId: stub, data: nil, size: 0, error: error, outcome: "dropped",
                               direction: .nativeToJS)
                    return
                }
                let value = payload?.value ?? .null
                self.trace(core, isFinal ? .response : .progress, method, callbackId: stub, data: value,
                           size: payload?.jsonText.utf8.count ?? 4, outcome: "delivered", direction: .nativeToJS, wire: stub)
                let context = document.context
                let callback = context.globalObject[stub]
                guard callback.isFunction else {
                    core.warn("DSBridge: the page has no callback \(stub) for \"\(method)\" (answered already?); ignored")
                    return
                }
                AdapterSupport.call(callback, [value], in: context)
                if isFinal { _ = try? context.evaluate("delete window[\(JSONValue.string(stub).jsonString)]") }
            }
        }
    }

    /// The `_dsb.*` methods of dsbridge.js.
    private func builtIn(_ name: String, _ data: JSONValue?, core: BridgeCore, failure: String, size: Int) -> String {
        trace(core, .call, "_dsb." + name, callbackId: nil, data: data, size: size, outcome: "handled")
        switch name {
        case "dsinit":
            if !state.value.initialised {
                state.value.initialised = true
                core.attach(self) {}
            }
            return #"{"code":0}"#
        case "hasNativeMethod":
            let method = data?["name"]?.stringValue?.trimmingCharacters(in: .whitespaces) ?? ""
            let type = data?["type"]?.stringValue ?? "all"
            let found = core.state.withLock { state -> Bool in
                let exists = state.handlers[method] != nil || (state.isEchoEnabled && method == "echo")
                // Any handler answers an asynchronous call; only one that answers at once a synchronous one.
                return type == "syn" ? exists && (state.synchronousHandlers.contains(method) || method == "echo") : exists
            }
            return #"{"code":0,"data":\#(found)}"#
        case "returnValue":
            guard let id = data?["id"].flatMap({ $0.stringValue ?? $0.intValue.map(String.init) }) else {
                core.warn("DSBridge: _dsb.returnValue without an id; ignored")
                return failure
            }
            let value = data?["data"]
            if data?["complete"]?.boolValue == false {
                trace(core, .progress, "_dsb.returnValue", callbackId: nil, data: value, size: size, outcome: "progress", responseId: id)
                return #"{"code":0}"#
            }
            core.receiveResponse(BridgeMessage(responseId: id, responseData: value.map { .value($0) }), responseId: id, size: size, page: page)
            return #"{"code":0}"#
        case "disableJavascriptDialogBlock":
            state.value.dialogsBlock = data?["disable"]?.boolValue == false
            return #"{"code":0}"#
        case "closePage":
            core.warn("DSBridge: the page asked to close (dsBridge.close / _dsb.closePage); a headless web view stays open")
            return #"{"code":0}"#
        default:
            core.warn("DSBridge: unknown built-in method _dsb.\(name)")
            return failure
        }
    }

    private func trace(_ core: BridgeCore, _ type: BridgeEvent.MessageType, _ method: String, callbackId: String?, data: JSONValue?,
                       size: Int, error: BridgeError? = nil, outcome: String, responseId: String? = nil,
                       direction: BridgeEvent.Direction = .jsToNative, wire: String? = nil) {
        core.trace {
            BridgeEvent(time: .now, page: page, direction: direction, type: type, handler: method, callbackId: callbackId,
                        responseId: responseId, data: data, size: size, error: error, outcome: outcome,
                        bridge: BridgeProtocolName.dsBridge.rawValue, wire: wire ?? wireForm(of: direction))
        }
    }
}
