import Bridge
import Foundation
import JavaScript
import Synchronization
import WebKitEngine

/// `native` of the test API on the WebKit engine, as ``NativeTestSide`` is on the headless one, over the view's message
/// handlers instead of calls into the page's context: each native handler the page may call is layered
/// (`WebViewJavascriptBridge.layer`) so that it asks the page's `__hybridNative.request(name, data, reply)` first (by
/// `evaluateJavaScript`), which records the call and, when the running test mocks the handler, answers it through the
/// message handler `__hybridNativeReply`; otherwise the handler underneath answers (the sidecar mock, a Swift handler, or
/// `handler_not_found`). `native.mock` layers a new name through `__hybridNativeCover`, and `native.call` calls the page's
/// handler through `__hybridNativeCall` (with a reply).
final class WebKitNativeSide: Sendable {
    let bridge: WebViewJavascriptBridge
    let view: WebKitWebView
    private struct State {
        var layered: Set<String> = []
        /// The calls the page's test API said it answers, by number, until it does.
        var waiting: [Int: BridgeResponder] = [:]
        var next = 1
    }
    private let state = Mutex(State())

    init(bridge: WebViewJavascriptBridge, view: WebKitWebView) {
        self.bridge = bridge
        self.view = view
    }

    /// What the page's `__hybridNativeControl` (``controlScript``) calls. Before the page loads.
    func install() async throws {
        try await view.addScriptMessageHandler(name: "__hybridNativeCover") { [weak self] message in
            if let name = message.body.stringValue { self?.layer(name) }
        }
        try await view.addScriptMessageHandler(name: "__hybridNativeReply") { [weak self] message in
            self?.reply(message.body)
        }
        try await view.addScriptMessageHandlerWithReply(name: "__hybridNativeCall") { [bridge] message in
            guard let name = message.body["name"]?.stringValue else { return nil }
            do {
                return ["ok": true, "value": try await bridge.call(name, message.body["data"]) ?? .null]
            } catch let error as BridgeError {
                return ["ok": false, "value": ["code": .string(error.code), "message": .string(error.message)]]
            }
        }
    }

    /// `__hybridNativeControl` in the page, over the message handlers of ``install()``: `cover`, `call` (to the test's own
    /// page: an opened page is a frame the bridge does not reach, see ``WebKitPages``), and `fire`
    /// (which needs the headless engine's container events).
    static let controlScript = """
        (function (global) {
          var handlers = global.webkit.messageHandlers;
          Object.defineProperty(global, "__hybridNativeControl", { value: {
            cover: function (name) { handlers.__hybridNativeCover.postMessage(String(name)); },
            call: function (name, data, done, page) {
              if (page) {
                done(false, { code: "unsupported", message: "native.call() reaches the test's own page only on --engine webkit: "
                  + "the pages page.open opened are frames of it, which the bridge does not reach (hybrid test --engine headless)" });
                return;
              }
              handlers.__hybridNativeCall.postMessage({ name: name, data: data === undefined ? null : data }).then(
                function (answer) { done(!!(answer && answer.ok), answer ? answer.value : null); },
                function (error) { done(false, { code: "handler_failed", message: String(error && error.message || error) }); });
            },
            fire: function (name, data, done) {
              done(false, { code: "unsupported", message: "native.fire() needs the headless engine (hybrid test --engine headless)" });
            }
          } });
          Object.defineProperty(global, "__hybridNativeReply", { value: function (id) {
            return function (ok, value) {
              handlers.__hybridNativeReply.postMessage({ id: id, ok: !!ok, value: value === undefined ? null : value });
            };
          } });
        })(globalThis);

        """

    /// Layers every handler registered now: the sidecar mocks and the Swift handlers of `runTestPage(_:configure:)`.
    func layerRegisteredHandlers() {
        for name in bridge.handlerNames { layer(name) }
    }

    /// Layers the handler `name` once.
    func layer(_ name: String) {
        guard state.withLock({ $0.layered.insert(name).inserted }) else { return }
        let view = view, runtime = bridge.runtime
        bridge.layer(name) { below in
            { [weak self] request, responder in
                guard let self else { return below(request, responder) }
                let id = self.state.withLock { state in
                    defer { state.next += 1 }
                    state.waiting[state.next] = responder
                    return state.next
                }
                let script = "__hybridNative.request(" + JSONValue.string(request.handlerName).jsonString + ", "
                    + (request.data ?? .null).jsonString + ", __hybridNativeReply(\(id)), "
                    + JSONValue.string(request.bridge.rawValue).jsonString + ")"
                Task {
                    // Not answered by the test (or no test API in the document): the handler underneath answers.
                    guard (try? await view.evaluateJavaScript(script)) != .bool(true),
                          let responder = self.state.withLock({ $0.waiting.removeValue(forKey: id) }) else { return }
                    runtime.loop.execute { below(request, responder) }
                }
            }
        }
    }

    /// The test's answer to call `id`.
    private func reply(_ body: JSONValue) {
        guard let id = body["id"]?.intValue,
              let responder = state.withLock({ $0.waiting.removeValue(forKey: id) }) else { return }
        let value = body["value"]
        bridge.runtime.loop.execute {
            if body["ok"] == .bool(true) {
                responder.respond(value == .null ? nil : value)
            } else {
                responder.fail(BridgeError(code: value?["code"]?.stringValue ?? BridgeError.handlerFailed,
                                           message: value?["message"]?.stringValue ?? ""))
            }
        }
    }
}
