import JavaScript
import WebView

/// What the protocols whose page posts messages to native and gets its answers by script share (Capacitor, Cordova,
/// React Native, Flutter): the current page, calls to the core's handlers and mocks, answers in tasks of their own,
/// and the transcript, each event naming the protocol and its wire form.
final class ScriptedProtocol: Sendable {
    let bridge: WebViewJavascriptBridge
    let name: BridgeProtocolName
    private let current: LoopBoundBox<DocumentHandle?>

    init(bridge: WebViewJavascriptBridge, name: BridgeProtocolName) {
        self.bridge = bridge
        self.name = name
        current = LoopBoundBox(sending: nil, loop: bridge.runtime.loop)
    }

    var core: BridgeCore { bridge.core }

    /// The page the protocol talks to, unless it has closed. Runtime thread.
    var document: DocumentHandle? { current.value.flatMap { $0.isClosed ? nil : $0 } }

    func documentDidCreate(_ document: DocumentHandle) { current.value = document }

    func documentWillClose(_ document: DocumentHandle) {
        if current.value === document { current.value = nil }
    }

    /// Whether `page` is the current page. Runtime thread.
    func isCurrent(_ page: Int) -> Bool { document?.id == page }

    /// Calls the native handler (or mock) `handlerName` for `page`; its answers go to `sink`. False, with a warning
    /// and a `handler_not_found` event, when there is none.
    func call(_ handlerName: String, data: JSONValue?, page: Int, callbackId: String?, size: Int, wire: String,
              sink: @escaping BridgeResponder.Sink) -> Bool {
        let handler = core.state.withLock { state in
            state.handlers[handlerName] ?? (state.isEchoEnabled && handlerName == "echo" ? BridgeCore.echo : nil)
        }
        guard let handler else {
            trace(page: page, .jsToNative, .call, handlerName, callbackId: callbackId, data: data, size: size,
                  outcome: BridgeError.handlerNotFound, wire: wire)
            return false
        }
        trace(page: page, .jsToNative, .call, handlerName, callbackId: callbackId, data: data, size: size, outcome: "handled", wire: wire)
        handler(BridgeRequest(handlerName: handlerName, page: page, payload: data.map { .value($0) }, bridge: name),
                BridgeResponder(core: core, page: page, handlerName: handlerName, callbackId: callbackId, sink: sink))
        return true
    }

    /// Runs `body` in the page `page` in a task of its own (as the device's `evaluateJavaScript`), from any thread;
    /// nothing runs when that page has gone by then (`gone` runs instead, on the runtime thread).
    func inPage(_ page: Int, gone: @escaping @Sendable () -> Void = {}, _ body: @escaping @Sendable (DocumentHandle) -> Void) {
        let token = bridge.runtime.beginWork()
        bridge.runtime.loop.execute { [self] in
            defer { token.end() }
            guard let document, document.id == page else { return gone() }
            body(document)
        }
    }

    /// A warning that the answer for `handlerName` found its page gone.
    func pageGone(_ handlerName: String) -> @Sendable () -> Void {
        let core = self.core
        let name = self.name
        return { core.warn("\(name.rawValue): the page that called \(handlerName) has gone; its answer is dropped") }
    }

    func warn(_ text: @autoclosure () -> String) {
        core.warn("\(name.rawValue): " + text())
    }

    func trace(page: Int, _ direction: BridgeEvent.Direction, _ type: BridgeEvent.MessageType, _ handler: String?,
               callbackId: String? = nil, responseId: String? = nil, data: JSONValue?, size: Int? = nil, error: BridgeError? = nil,
               outcome: String, wire: String) {
        core.trace {
            BridgeEvent(time: .now, page: page, direction: direction, type: type, handler: handler, callbackId: callbackId,
                        responseId: responseId, data: data, size: size ?? data.map { $0.jsonString.utf8.count } ?? 0, error: error,
                        outcome: outcome, bridge: name.rawValue, wire: wire)
        }
    }

    /// Calls the page's function at `path` (`["Capacitor", "fromNative"]`) with `arguments`; false with a warning when
    /// the page has no such function. What it throws is the page's uncaught error.
    @discardableResult
    func callPage(_ path: [String], _ arguments: [any JSValueConvertible], in document: DocumentHandle) -> Bool {
        let context = document.context
        var value = context.globalObject
        var this = value
        for key in path {
            this = value
            value = value[key]
        }
        guard value.isFunction else {
            warn("page \(document.id) has no \(path.joined(separator: ".")); message dropped")
            return false
        }
        do {
            _ = try value.call(arguments: arguments, this: this)
        } catch {
            if let thrown = context.lastThrownValue { context.reportException(thrown) }
        }
        return true
    }
}

extension WrongContainerProbe {
    /// The protocol a page's `TypeError` or `ReferenceError` shows it used without its container: React Native's
    /// `window.ReactNativeWebView` or Cordova's `cordova` global (`cordova.exec`).
    static func scriptedBridge(in message: String) -> BridgeProtocolName? {
        if message.contains("ReactNativeWebView") { return .reactNative }
        if message.contains("Can't find variable: cordova") || message.contains("'cordova.exec") || message.contains("window.cordova") {
            return .cordova
        }
        return nil
    }
}
