import JavaScript
import WebView

/// A protocol whose page posts strings to named native objects and is answered with `message` events (React Native's
/// `ReactNativeWebView`, Flutter's JavaScript channels), on the shared core.
///
/// On iOS each channel is a `webkit.messageHandlers` handler the page reaches through a global of the channel's name
/// (set up at document start by `setup`); on Android (``Transport/javaScriptInterface``) the global is itself the
/// app's JavaScript interface, whose `postMessage(string)` returns at once. A posted string goes, in a task after it
/// was posted, to the handler or mock named after the channel, as its data. Each answer
/// (``BridgeResponder/respond(_:)``, ``BridgeResponder/progress(_:)``) comes back as a `message` event whose `data` is
/// the answer's text (a string as is, other JSON as its JSON text), dispatched where the app dispatches it: on
/// `window` on iOS (`window.dispatchEvent(new MessageEvent(...))`), on `document` on Android (react-native-webview's
/// Android `postMessage`; such an event does not bubble, so a page listening on `window` does not get it);
/// ``WebViewJavascriptBridge/fireEvent(_:data:)`` with `message` posts one at any time
/// (``WebViewJavascriptBridge/postMessage(_:)``). These protocols have no error answer: a handler's error is logged.
final class StringChannelAdapter: DocumentObserver, ScriptMessageHandler, ContainerEventSource {
    /// How the page's messages reach native.
    enum Transport: Sendable {
        /// `webkit.messageHandlers.NAME` behind a global the `setup` script makes (iOS).
        case messageHandlers(setup: @Sendable (JSContext) throws -> Void)
        /// A JavaScript interface object named after the channel, with `postMessage(string)` (Android's
        /// `addJavascriptInterface`).
        case javaScriptInterface
    }

    private let shared: ScriptedProtocol
    let channels: [String]
    private let transport: Transport
    /// Where native's `message` events are dispatched: `window` (iOS) or `document` (Android).
    private let dispatchesOnDocument: Bool

    init(bridge: WebViewJavascriptBridge, protocol name: BridgeProtocolName, channels: [String],
         setup: @escaping @Sendable (JSContext) throws -> Void) {
        shared = ScriptedProtocol(bridge: bridge, name: name)
        self.channels = channels
        transport = .messageHandlers(setup: setup)
        dispatchesOnDocument = false
    }

    /// Channels that are Android JavaScript interfaces, answered by `message` events on `document`.
    init(bridge: WebViewJavascriptBridge, protocol name: BridgeProtocolName, javaScriptInterfaces channels: [String]) {
        shared = ScriptedProtocol(bridge: bridge, name: name)
        self.channels = channels
        transport = .javaScriptInterface
        dispatchesOnDocument = true
    }

    /// Installs the adapter's channels as the web view's script message handlers (a JavaScript interface needs none).
    func register(in controller: UserContentController) {
        guard case .messageHandlers = transport else { return }
        for channel in channels { controller.add(self, name: channel) }
    }

    func documentDidCreate(_ document: DocumentHandle) {
        shared.documentDidCreate(document)
        switch transport {
        case .messageHandlers(let setup):
            do {
                try setup(document.context)
            } catch {
                shared.warn("the channel script failed in page \(document.id): \(error)")
            }
        case .javaScriptInterface:
            let context = document.context
            let page = document.id
            for channel in channels {
                let object = JSValue(newObjectIn: context)
                // A JavaScript interface method takes a string: what else the page passes arrives as its text.
                object["postMessage"] = JSValue(function: { [weak self] args in
                    guard let self else { return nil }
                    let body = JSONValue.string(args.string(at: 0) ?? "undefined")
                    shared.inPage(page) { [self] _ in receive(channel, body: body, page: page) }
                    return nil
                }, name: "postMessage", in: context)
                context.globalObject[channel] = object
            }
        }
    }

    func documentWillClose(_ document: DocumentHandle) { shared.documentWillClose(document) }

    func userContentController(_ controller: UserContentController, didReceive message: ScriptMessage) {
        guard shared.isCurrent(message.page) else { return }
        receive(message.name, body: message.body, page: message.page)
    }

    /// A message the page posted to `channel`, in a task after it posted it. Runtime thread.
    private func receive(_ channel: String, body: JSONValue, page: Int) {
        let wire = "\(channel).postMessage"
        let text: String
        if case .string(let string) = body {
            text = string
        } else {
            // The native side takes strings only: what else the page posts arrives as its text.
            text = body.jsonString
            shared.warn("\(wire) takes a string; the page posted \(BridgeLog.cut(text, to: 100)), which native receives as text "
                        + "(call JSON.stringify first)")
        }
        let onDocument = dispatchesOnDocument
        let sink: BridgeResponder.Sink = { [shared] payload, error, _ in
            if let error {
                shared.warn("\(channel) failed: \(error.code): \(error.message); the protocol has no error answer, so the "
                            + "page gets nothing")
                return
            }
            let value = payload?.value ?? .null
            shared.inPage(page, gone: shared.pageGone(channel)) { document in
                Self.post(value, to: document, onDocument: onDocument, shared: shared, handler: channel)
            }
        }
        if !shared.call(channel, data: .string(text), page: page, callbackId: "message", size: text.utf8.count, wire: wire, sink: sink) {
            shared.warn("the page posted to \(channel), but no handler or mock of that name takes it; dropped")
        }
    }

    /// `window.dispatchEvent(new MessageEvent('message', {data}))` with the value's text (`document.dispatchEvent` on
    /// Android).
    private static func post(_ value: JSONValue, to document: DocumentHandle, onDocument: Bool, shared: ScriptedProtocol,
                             handler: String?) {
        let text = if case .string(let string) = value { string } else { value.jsonString }
        shared.trace(page: document.id, .nativeToJS, .event, handler ?? "message", data: .string(text), size: text.utf8.count,
                     outcome: "delivered", wire: onDocument ? "document message event" : "message event")
        let context = document.context
        let global = context.globalObject
        guard global["MessageEvent"].isFunction else { return }
        let initDict = JSValue(newObjectIn: context)
        initDict["data"] = JSValue(string: text, in: context)
        do {
            let event = try global["MessageEvent"].construct(arguments: ["message", initDict])
            shared.callPage(onDocument ? ["document", "dispatchEvent"] : ["dispatchEvent"], [event], in: document)
        } catch {
            shared.warn("could not make the message event: \(error)")
        }
    }

    func eventNames() -> [String] { shared.document == nil ? [] : ["message"] }

    func fire(_ name: String, data: JSONValue?) -> Bool {
        guard name == "message", let document = shared.document else { return false }
        Self.post(data ?? .string(""), to: document, onDocument: dispatchesOnDocument, shared: shared, handler: nil)
        return true
    }
}

extension WebViewJavascriptBridge {
    /// Posts `text` to a React Native or Flutter page: a `message` event whose `data` is `text`, on `window` as
    /// react-native-webview's `postMessage` does on iOS (on `document` on Android; a Flutter app does it with
    /// `runJavaScript`). Throws `unknown_event`
    /// in a container without those protocols.
    public func postMessage(_ text: String) async throws(BridgeError) {
        try await fireEvent("message", data: .string(text))
    }
}
