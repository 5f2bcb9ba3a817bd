import Foundation
import JavaScript
import WebView

/// What one protocol whose container injects a JavaScript object into the page (WeChat's `WeixinJSBridge`, Alipay's
/// `AlipayJSBridge`) says in its own words; ``InjectedScriptBridgeAdapter`` does the rest on the shared core.
///
/// The protocol's script evaluates to a function of `post(json)` (the container's channel) and `hooks` (an object of
/// the container's that the page never sees: `hooks.listening()` names the events the page listens for, where the
/// protocol can tell), that makes the page's object, fires the ready event and returns `receive(message)` (false:
/// nobody took it), or returns null when the page already has the object.
protocol InjectedScriptDialect: Sendable {
    var protocolName: BridgeProtocolName { get }
    /// The container's name in log lines: `WeChat`, `Alipay`.
    var label: String { get }
    var script: ScriptResource { get }
    /// How a call reaches native and how answers and events reach the page, for transcripts.
    var callWire: String { get }
    var answerWire: String { get }
    /// A call from the page's `post` text: the API, its parameters and its callback id; nil when it is not one.
    func request(from message: JSONObject) -> (api: String, params: JSONValue?, callbackId: String?)?
    /// What the page's callback gets for a handler's answer (`payload`) or error, or for no handler at all
    /// (`handler_not_found`).
    func result(api: String, payload: JSONValue?, error: BridgeError?, page: InjectedScriptConnection) -> JSONValue
    /// The message `receive` gets for an answer to callback `callbackId` (`keep`: a part answer that keeps it).
    func answerMessage(callbackId: String, result: JSONValue, keep: Bool) -> JSONValue
    /// The message `receive` gets for a native call of the page's event `name`.
    func eventMessage(name: String, data: JSONValue?) -> JSONValue
    /// The document event the container fires once its object is in the page (`WeixinJSBridgeReady`).
    var readyEvent: String { get }
    /// The events the app fires into every page, as documented for the protocol (more may be fired when the page
    /// listens for them, where the protocol can tell).
    var eventNames: [String] { get }
    /// The events whose default the page may prevent (Alipay's `back`: the page stays).
    var cancelableEvents: Set<String> { get }
    /// The container's own answer to a call before any handler (nil: the handler answers); it may report divergences.
    func answerOfItsOwn(api: String, params: JSONValue?, page: InjectedScriptConnection, core: BridgeCore) -> JSONValue?
    /// The page got `result` for `api` (the container's state follows it, e.g. WeChat's verified `wx.config`).
    func delivered(api: String, result: JSONValue, page: InjectedScriptConnection)
}

extension InjectedScriptDialect {
    var cancelableEvents: Set<String> { [] }
    func answerOfItsOwn(api: String, params: JSONValue?, page: InjectedScriptConnection, core: BridgeCore) -> JSONValue? { nil }
    func delivered(api: String, result: JSONValue, page: InjectedScriptConnection) {}
}

/// A bridge the container injects as a JavaScript object once the page has loaded (``AfterLoadInjection``): in a task
/// after the `load` event, the protocol's script makes the object and fires its ready event (after `load`, never while
/// the page's scripts run, so pages take their `...Ready` listener path as on the phone); then the startup queue
/// (native calls made before) is delivered. Each answer reaches the page's callback in a task of its own.
enum InjectedScriptBridgeAdapter {
    static func injection(for bridge: WebViewJavascriptBridge, dialect: any InjectedScriptDialect) -> AfterLoadInjection<InjectedScriptConnection> {
        let core = bridge.core
        return AfterLoadInjection(runtime: bridge.runtime) { InjectedScriptConnection(document: $0, core: core, dialect: dialect) }
    }
}

/// The core's connection to one page with an injected script bridge. Runtime thread only.
final class InjectedScriptConnection: AfterLoadConnection {
    let page: Int
    let dialect: any InjectedScriptDialect
    private let state: LoopBoundBox<State>

    private struct State {
        weak var core: BridgeCore?
        weak var document: DocumentHandle?
        /// The page's `receive(message)`, once the script ran.
        var receive: JSValue?
        /// The container's own object the script was given (`listening()`).
        var hooks: JSValue?
        var verification = Verification.notRequested
        var reported: Set<String> = []
    }

    init(document: DocumentHandle, core: BridgeCore, dialect: any InjectedScriptDialect) {
        page = document.id
        self.dialect = dialect
        state = LoopBoundBox(State(core: core, document: document), loop: core.loop)
    }

    var document: DocumentHandle? { state.value.document.flatMap { $0.isClosed ? nil : $0 } }
    var core: BridgeCore? { state.value.core }
    var protocolName: BridgeProtocolName? { dialect.protocolName }
    var platform: ContainerProfile.Platform { state.value.core?.state.withLock { $0.container.platform } ?? .iOS }

    /// Where the page's configuration is with the container (WeChat's `wx.config`).
    enum Verification { case notRequested, pending, verified, failed }

    /// Where the page's configuration is with the container (WeChat's `wx.config`).
    var verification: Verification {
        get { state.value.verification }
        set { state.value.verification = newValue }
    }

    /// Divergences already reported on this page, by code.
    var reported: Set<String> {
        get { state.value.reported }
        set { state.value.reported = newValue }
    }

    func wireForm(of direction: BridgeEvent.Direction) -> String? {
        direction == .jsToNative ? dialect.callWire : dialect.answerWire
    }

    /// Runs the protocol's script (the page's object and its ready event), then attaches to the core. Once per page.
    func inject() {
        guard state.value.receive == nil, let document, let core = state.value.core else { return }
        let context = document.context
        let post = JSValue(function: { [weak self] args in
            self?.received(args.string(at: 0))
            return nil
        }, name: "post", in: context)
        let hooks = JSValue(newObjectIn: context)
        let receive: JSValue
        do {
            receive = try context.evaluate(dialect.script.script.get()).call(arguments: [post, hooks])
        } catch {
            if let thrown = context.lastThrownValue { context.reportException(thrown) }
            core.warn("\(dialect.label): the bridge script failed in page \(page): \(error)")
            return
        }
        guard receive.isFunction else {
            core.warn("\(dialect.label): page \(page) already has its own bridge object; the container's script did nothing")
            return
        }
        state.value.receive = receive
        state.value.hooks = hooks
        core.attach(self) {}
    }

    /// Whether the protocol's script has made the page's object.
    var isInjected: Bool { state.value.receive != nil }

    /// The events the page listens for, where the protocol can tell (WeChat's `WeixinJSBridge.on`).
    func listenedEvents() -> [String] {
        guard let hooks = state.value.hooks, hooks["listening"].isFunction, let document,
              let names = AdapterSupport.call(hooks["listening"], [], in: document.context),
              case .array(let values)? = try? names.toJSONValue() else { return [] }
        return values.compactMap(\.stringValue)
    }

    /// Fires the app's event `name` into the page, as the app does (`_handleMessageFromWeixin` for a `WeixinJSBridge.on`
    /// listener, a document event in Alipay): whether a listener of the page took it (nil before the script ran), and
    /// whether the page prevented the event's default (`back` in Alipay).
    func fire(_ name: String, data: JSONValue?, cancelable: Bool) -> (taken: Bool, prevented: Bool)? {
        guard let core = state.value.core, let receive = state.value.receive, let document else { return nil }
        var message = dialect.eventMessage(name: name, data: data)
        if cancelable, case .object(var fields) = message {
            fields["cancelable"] = true
            message = .object(fields)
        }
        let context = document.context
        let value = JSValue(message, in: context)
        // Traced before the page runs, so what its listener does comes after the event in the transcript.
        let listening = state.value.hooks?["listening"].isFunction == true ? listenedEvents().contains(name) : true
        trace(core, .event, name, callbackId: nil, data: data, size: data?.jsonString.utf8.count ?? 0,
              outcome: listening ? "delivered" : "no_listener", direction: .nativeToJS)
        let taken = AdapterSupport.call(receive, [value], in: context)?.toBool() ?? false
        let prevented = value["defaultPrevented"].toBool()
        if prevented {
            // What the app reads back from the dispatch: the page keeps the default from happening (it stays).
            trace(core, .response, name, callbackId: nil, data: ["defaultPrevented": true], size: 0, outcome: "prevented")
        }
        return (taken, prevented)
    }

    func close() {
        state.value.core?.detach(self)
        state.value.document = nil
        state.value.receive = nil
        state.value.hooks = nil
    }

    var canDeliver: Bool { document != nil && state.value.receive != nil }

    /// A native call: the page's event (its listener answers `null`; without one the call fails `handler_not_found`).
    func deliver(_ json: String) -> Bool {
        guard let core = state.value.core, let receive = state.value.receive, let document else { return false }
        guard case .object(let message)? = try? JSONValue(parsing: json), let name = message["handlerName"]?.stringValue else {
            core.warn("\(dialect.label): dropped a message the protocol has no form for: \(BridgeLog.cut(json, to: 200))")
            return true
        }
        let taken = AdapterSupport.call(receive, [dialect.eventMessage(name: name, data: message["data"])], in: document.context)?
            .toBool() ?? false
        guard let id = message["callbackId"]?.stringValue else { return true }
        if taken {
            core.receiveResponse(BridgeMessage(responseId: id, responseData: .value(.null)), responseId: id, size: 4, page: page)
        } else {
            core.warn("\(dialect.label): the page listens for no event \"\(name)\"")
            core.receiveResponse(BridgeMessage(responseId: id, responseData: nil,
                                               error: BridgeError(code: BridgeError.handlerNotFound,
                                                                  message: "the page listens for no event \"\(name)\"")),
                                 responseId: id, size: 0, page: page)
        }
        return true
    }

    // MARK: Calls from the page

    private func received(_ text: String?) {
        guard let core = state.value.core else { return }
        let size = text?.utf8.count ?? 0
        guard let text, case .object(let message)? = try? JSONValue(parsing: text),
              let (api, params, callbackId) = dialect.request(from: message) else {
            core.warn("\(dialect.label): ignored a message that is not a call: \(BridgeLog.cut(text ?? "nothing", to: 200))")
            trace(core, .call, nil, callbackId: nil, data: text.map(JSONValue.string), size: size, outcome: "malformed")
            return
        }
        if let own = dialect.answerOfItsOwn(api: api, params: params, page: self, core: core) {
            trace(core, .call, api, callbackId: callbackId, data: params, size: size, outcome: "answered_by_container")
            if let callbackId { answer(api, callbackId: callbackId, own, keep: false) }
            return
        }
        let handler = core.state.withLock { state in
            state.handlers[api] ?? (state.isEchoEnabled && api == "echo" ? BridgeCore.echo : nil)
        }
        guard let handler else {
            core.warn("\(dialect.label): no native handler \"\(api)\" (no handler or mock of that name)")
            trace(core, .call, api, callbackId: callbackId, data: params, size: size, outcome: BridgeError.handlerNotFound)
            if let callbackId {
                let error = BridgeError(code: BridgeError.handlerNotFound, message: "no native handler named \"\(api)\"")
                answer(api, callbackId: callbackId, dialect.result(api: api, payload: nil, error: error, page: self), keep: false)
            }
            return
        }
        trace(core, .call, api, callbackId: callbackId, data: params, size: size, outcome: "handled")
        let weakCore = WeakBridgeCore(core)
        let sink: BridgeResponder.Sink = { [weak self] payload, error, isFinal in
            guard let self, let core = weakCore.core else { return }
            let token = core.runtime.beginWork()
            core.loop.execute { [self] in
                defer { token.end() }
                guard let callbackId else { return }
                answer(api, callbackId: callbackId, dialect.result(api: api, payload: payload?.value, error: error, page: self),
                       keep: !isFinal, error: error)
            }
        }
        handler(BridgeRequest(handlerName: api, page: page, payload: params.map { .value($0) }, bridge: dialect.protocolName),
                BridgeResponder(core: core, page: page, handlerName: api, callbackId: callbackId, sink: sink))
    }

    /// Hands `result` to the page's callback, in a task of its own as the container's `evaluateJavascript`.
    private func answer(_ api: String, callbackId: String, _ result: JSONValue, keep: Bool, error: BridgeError? = nil) {
        guard let document, let core = state.value.core else { return }
        AdapterSupport.task(in: document, runtime: core.runtime) { [weak self] document in
            guard let self, let receive = state.value.receive, let core = state.value.core else { return }
            trace(core, keep ? .progress : (error == nil ? .response : .error), api, callbackId: nil, data: result,
                  size: result.jsonString.utf8.count, error: error, outcome: "delivered", responseId: callbackId, direction: .nativeToJS)
            if !keep { dialect.delivered(api: api, result: result, page: self) }
            let message = dialect.answerMessage(callbackId: callbackId, result: result, keep: keep)
            if AdapterSupport.call(receive, [message], in: document.context)?.toBool() != true {
                core.warn("\(dialect.label): the page has no callback \(callbackId) for \"\(api)\" (answered already?); ignored")
            }
        }
    }

    func trace(_ core: BridgeCore, _ type: BridgeEvent.MessageType, _ api: String?, callbackId: String?, data: JSONValue?,
               size: Int, error: BridgeError? = nil, outcome: String, responseId: String? = nil,
               direction: BridgeEvent.Direction = .jsToNative) {
        core.trace {
            BridgeEvent(time: .now, page: page, direction: direction, type: type, handler: api, callbackId: callbackId,
                        responseId: responseId, data: data, size: size, error: error, outcome: outcome,
                        bridge: dialect.protocolName.rawValue, wire: wireForm(of: direction))
        }
    }
}

/// A core held weakly, to be captured by an answer that may come from any thread.
final class WeakBridgeCore: Sendable {
    weak let core: BridgeCore?
    init(_ core: BridgeCore) { self.core = core }
}

/// The app's events of a bridge injected as a JavaScript object (WeChat, Alipay), for
/// ``WebViewJavascriptBridge/fireEvent(_:data:)``: the documented ones, those the page listens for, and the ready event
/// (which fires once: firing it before the page's `load` brings the bridge in early).
final class InjectedScriptEvents: ContainerEventSource {
    /// Weak: the web view keeps the injection, and the core keeps this, so a strong reference would keep the core
    /// alive through the injection's connections.
    private weak let injection: AfterLoadInjection<InjectedScriptConnection>?
    private let dialect: any InjectedScriptDialect

    init(injection: AfterLoadInjection<InjectedScriptConnection>, dialect: any InjectedScriptDialect) {
        self.injection = injection
        self.dialect = dialect
    }

    func eventNames() -> [String] {
        guard let connection = injection?.current.value, connection.document != nil else { return [] }
        guard connection.isInjected else { return [dialect.readyEvent] }
        var names = [dialect.readyEvent] + dialect.eventNames
        for name in connection.listenedEvents() where !names.contains(name) { names.append(name) }
        return names
    }

    func fire(_ name: String, data: JSONValue?) -> Bool {
        guard let connection = injection?.current.value, connection.document != nil else { return false }
        if name == dialect.readyEvent {
            if connection.isInjected {
                connection.core?.warn("\(dialect.label): \(name) has fired already in page \(connection.page); it fires once")
            } else {
                connection.inject()
            }
            return true
        }
        let documented = dialect.eventNames.contains(name)
        guard documented || connection.listenedEvents().contains(name) else { return false }
        guard let outcome = connection.fire(name, data: data, cancelable: dialect.cancelableEvents.contains(name)) else {
            // Before the bridge is in the page there is nothing to fire into: as on the device, the event is lost.
            connection.core?.warn("\(dialect.label): \(name) fired before \(dialect.readyEvent) in page \(connection.page); "
                                  + "the page has no bridge yet, so nothing receives it")
            return true
        }
        if !outcome.taken { connection.core?.warn("\(dialect.label): the page listens for no \(name); nothing ran") }
        return true
    }
}
