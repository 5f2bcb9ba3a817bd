import JavaScript
import WebView

/// A protocol whose page posts strings to named native objects and is answered with `message` events (React Native's
/// `ReactNativeWebView`, Flutter's JavaScript channels), on the shared core.
///
/// Each channel is a `webkit.messageHandlers` handler the page reaches through a global of the channel's name (set up
/// at document start by `setup`). A posted string goes, in a task after it was posted, to the handler or mock named
/// after the channel, as its data. Each answer (``BridgeResponder/respond(_:)``, ``BridgeResponder/progress(_:)``)
/// comes back as a `message` event on `window` whose `data` is the answer's text (a string as is, other JSON as its
/// JSON text), as the native app's `postMessage` or injected `window.dispatchEvent(new MessageEvent(...))` does;
/// ``WebViewJavascriptBridge/fireEvent(_:data:)`` with `message` posts one at any time
/// (``WebViewJavascriptBridge/postMessage(_:)``). These protocols have no error answer: a handler's error is logged.
final class StringChannelAdapter: DocumentObserver, ScriptMessageHandler, ContainerEventSource {
    private let shared: ScriptedProtocol
    let channels: [String]
    private let setup: @Sendable (JSContext) throws -> Void

    init(bridge: WebViewJavascriptBridge, protocol name: BridgeProtocolName, channels: [String],
         setup: @escaping @Sendable (JSContext) throws -> Void) {
        shared = ScriptedProtocol(bridge: bridge, name: name)
        self.channels = channels
        self.setup = setup
    }

    /// Installs the adapter's channels as the web view's script message handlers.
    func register(in controller: UserContentController) {
        for channel in channels { controller.add(self, name: channel) }
    }

    func documentDidCreate(_ document: DocumentHandle) {
        shared.documentDidCreate(document)
        do {
            try setup(document.context)
        } catch {
            shared.warn("the channel script failed in page \(document.id): \(error)")
        }
    }

    func documentWillClose(_ document: DocumentHandle) { shared.documentWillClose(document) }

    func userContentController(_ controller: UserContentController, didReceive message: ScriptMessage) {
        let page = message.page
        guard shared.isCurrent(page) else { return }
        let wire = "\(message.name).postMessage"
        let text: String
        if case .string(let string) = message.body {
            text = string
        } else {
            // The native side takes strings only: what else the page posts arrives as its text.
            text = message.body.jsonString
            shared.warn("\(wire) takes a string; the page posted \(BridgeLog.cut(text, to: 100)), which native receives as text "
                        + "(call JSON.stringify first)")
        }
        let sink: BridgeResponder.Sink = { [shared] payload, error, _ in
            if let error {
                shared.warn("\(message.name) failed: \(error.code): \(error.message); the protocol has no error answer, so the "
                            + "page gets nothing")
                return
            }
            let value = payload?.value ?? .null
            shared.inPage(page, gone: shared.pageGone(message.name)) { document in
                Self.post(value, to: document, shared: shared, handler: message.name)
            }
        }
        if !shared.call(message.name, data: .string(text), page: page, callbackId: "message", size: text.utf8.count, wire: wire, sink: sink) {
            shared.warn("the page posted to \(message.name), but no handler or mock of that name takes it; dropped")
        }
    }

    /// `window.dispatchEvent(new MessageEvent('message', {data}))` with the value's text.
    private static func post(_ value: JSONValue, to document: DocumentHandle, shared: ScriptedProtocol, handler: String?) {
        let text = if case .string(let string) = value { string } else { value.jsonString }
        shared.trace(page: document.id, .nativeToJS, .event, handler ?? "message", data: .string(text), size: text.utf8.count,
                     outcome: "delivered", wire: "message event")
        let context = document.context
        let global = context.globalObject
        guard global["MessageEvent"].isFunction else { return }
        let initDict = JSValue(newObjectIn: context)
        initDict["data"] = JSValue(string: text, in: context)
        do {
            let event = try global["MessageEvent"].construct(arguments: ["message", initDict])
            AdapterSupport.call(global["dispatchEvent"], [event], in: context)
        } catch {
            shared.warn("could not make the message event: \(error)")
        }
    }

    func eventNames() -> [String] { shared.document == nil ? [] : ["message"] }

    func fire(_ name: String, data: JSONValue?) -> Bool {
        guard name == "message", let document = shared.document else { return false }
        Self.post(data ?? .string(""), to: document, shared: shared, handler: nil)
        return true
    }
}

extension WebViewJavascriptBridge {
    /// Posts `text` to a React Native or Flutter page: a `message` event on `window` whose `data` is `text`, as
    /// react-native-webview's `postMessage` does (a Flutter app does it with `runJavaScript`). Throws `unknown_event`
    /// in a container without those protocols.
    public func postMessage(_ text: String) async throws(BridgeError) {
        try await fireEvent("message", data: .string(text))
    }
}
