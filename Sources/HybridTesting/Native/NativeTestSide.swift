import Bridge
import Foundation
import JavaScript
import Synchronization
import WebView

/// The native side of a test file's `native` object (`hybrid-native-api.js`): per-test mocks over the file's mocks,
/// the calls the page made, and calls from native to the page's JavaScript handlers.
///
/// Each native handler the page may call is layered (`WebViewJavascriptBridge.layer`): the layer asks the calling
/// document's `__hybridNative.request(name, data, reply)` first, which records the call and answers it when the
/// running test mocks the handler; otherwise the handler underneath answers (the file's mock, a Swift handler, or
/// `handler_not_found`). The layer sits in the bridge's shared core, so it answers calls from every protocol the page
/// uses. Handlers registered when the page starts loading are layered then; a name the test mocks is layered when it
/// does.
///
/// The pages a test opens (`page.open`) have bridges of their own: each is adopted (``adopt(_:opener:)``), its
/// handlers layered the same way but asking the test document that opened it, so the running test's `native` mocks
/// answer and record their calls too; their requests ask the same `network` mocks (``intercept(_:)``). `native.call` and
/// `native.fire` reach the test's own bridge, or an adopted page's by its page number.
final class NativeTestSide: Sendable {
    let bridge: WebViewJavascriptBridge
    /// The names layered, and the opened pages' bridges with the test document each asks.
    private struct Layers {
        var names: Set<String> = []
        var opened: [(bridge: WebViewJavascriptBridge, opener: Int, page: Int)] = []
    }
    private let layers = Mutex(Layers())
    /// Whether a URL is one of the test folder's files (they pass when no `network` mock matches them).
    private let isLocalFile: @Sendable (URL) -> Bool
    /// The documents that may call, by page number, for the layers to reach their test API. Runtime thread.
    private let documents: LoopBoundBox<[Int: JSContext]>

    init(bridge: WebViewJavascriptBridge, isLocalFile: @escaping @Sendable (URL) -> Bool = { _ in false }) {
        self.bridge = bridge
        self.isLocalFile = isLocalFile
        documents = LoopBoundBox(sending: [:], loop: bridge.runtime.loop)
    }

    /// Layers every handler registered now: the file's mocks and the Swift handlers of `runTestPage(_:configure:)`.
    func layerRegisteredHandlers() {
        for name in bridge.handlerNames { layer(name) }
    }

    /// Layers the handler `name` once, on the test page's bridge and on every opened page's.
    func layer(_ name: String) {
        let opened = layers.withLock { layers in layers.names.insert(name).inserted ? layers.opened : nil }
        guard let opened else { return }
        layer(name, on: bridge, opener: nil)
        for page in opened { layer(name, on: page.bridge, opener: page.opener) }
    }

    /// Takes the bridge of a page a test opened (`page`, its number for `native.call`), its handlers registered:
    /// every name layered so far and each of its handlers is layered on it, asking the test document `opener` (its
    /// page number). Before the page loads.
    func adopt(_ pageBridge: WebViewJavascriptBridge, opener: Int, page: Int) {
        let (known, new) = layers.withLock { layers in
            layers.opened.append((pageBridge, opener, page))
            let new = pageBridge.handlerNames.filter { !layers.names.contains($0) }
            return (layers.names, new)
        }
        for name in known { layer(name, on: pageBridge, opener: opener) }
        for name in new { layer(name) }
    }

    /// Lets go of an opened page's bridge (the page closed).
    func release(_ pageBridge: WebViewJavascriptBridge) {
        layers.withLock { $0.opened.removeAll { $0.bridge === pageBridge } }
    }

    private func layer(_ name: String, on bridge: WebViewJavascriptBridge, opener: Int?) {
        bridge.layer(name) { below in
            { [weak self] request, responder in
                guard let self, self.answer(request, page: opener ?? request.page, responder) else { return below(request, responder) }
            }
        }
    }

    /// Asks test document `page`'s test API; true when the test answers the call. Runtime thread.
    private func answer(_ request: BridgeRequest, page: Int, _ responder: BridgeResponder) -> Bool {
        ask(request.handlerName, page: page, data: request.data, bridge: request.bridge.rawValue) { result in
            switch result {
            case .success(let value): responder.respond(value)
            case .failure(let error): responder.fail(error)
            }
        }
    }

    /// Asks document `page`'s test API about a call to `name` (a bridge handler or a message handler): it records the
    /// call, and returns true when the running test answers it through `reply`, now or later. Runtime thread.
    func ask(_ name: String, page: Int, data: JSONValue?, bridge: String? = nil,
             reply: @escaping @Sendable (Result<JSONValue?, BridgeError>) -> Void) -> Bool {
        guard let context = documents.value[page] else { return false }
        let hooks = context.globalObject["__hybridNative"]
        guard hooks.isObject else { return false }
        let replyFunction = JSValue(function: { args in
            if args.bool(at: 0) {
                reply(.success((try? args.json(at: 1)) ?? nil))
            } else {
                let error: JSONValue? = (try? args.json(at: 1)) ?? nil
                reply(.failure(BridgeError(code: error?["code"]?.stringValue ?? BridgeError.handlerFailed,
                                           message: error?["message"]?.stringValue ?? "")))
            }
            return nil
        }, name: "reply", in: context)
        let value = data.map { JSValue($0, in: context) } ?? JSValue(undefinedIn: context)
        do {
            let protocolName = bridge.map { JSValue(string: $0, in: context) } ?? JSValue(undefinedIn: context)
            return try hooks.invokeMethod("request", arguments: [name, value, replyFunction, protocolName]).toBool()
        } catch {
            if let thrown = context.lastThrownValue { context.reportException(thrown) }
            return false
        }
    }

    /// Gives a new document its `__hybridNativeControl` (what `native.mock` and `native.call` need). Runtime thread.
    func documentDidCreate(_ document: DocumentHandle) {
        let context = document.context
        documents.value[document.id] = context
        let control = JSValue(newObjectIn: context)
        control.setValue(JSValue(function: { [weak self] args in
            if let name = args.string(at: 0) { self?.layer(name) }
            return nil
        }, name: "cover", in: context), forProperty: "cover")
        let runtime = bridge.runtime
        // The bridge of page `args[3]` (0 or none: the test's own), or why there is none.
        let target = { [weak self] (args: JSArguments) throws -> WebViewJavascriptBridge in
            guard let self else { throw JSException(name: "Error", message: "the test's native side is gone") }
            let page = args.int(at: 3) ?? 0
            guard page != 0 else { return self.bridge }
            guard let opened = self.layers.withLock({ $0.opened.first { $0.page == page }?.bridge }) else {
                throw JSException(name: "Error", message: "the page is closed")
            }
            return opened
        }
        control.setValue(JSValue(function: { args in
            guard let name = args.string(at: 0) else { return nil }
            let data = try args.json(at: 1)
            let bridge = try target(args)
            let done = LoopBound(args[2], loop: runtime.loop)
            let token = runtime.beginWork()
            bridge.call(name, data) { result in
                runtime.loop.execute {
                    defer { token.end() }
                    let done = done.value
                    switch result {
                    case .success(let value):
                        _ = try? done.call(arguments: [true, value ?? .null])
                    case .failure(let error):
                        _ = try? done.call(arguments: [false, JSONValue.object(["code": .string(error.code), "message": .string(error.message)])])
                    }
                }
            }
            return nil
        }, name: "call", in: context), forProperty: "call")
        control.setValue(JSValue(function: { args in
            guard let name = args.string(at: 0) else { return nil }
            let data = try args.json(at: 1)
            let bridge = try target(args)
            let done = LoopBound(args[2], loop: runtime.loop)
            let token = runtime.beginWork()
            Task {
                let failure: BridgeError?
                do throws(BridgeError) { try await bridge.fireEvent(name, data: data); failure = nil } catch { failure = error }
                runtime.loop.execute {
                    defer { token.end() }
                    let error = failure.map { JSONValue.object(["code": .string($0.code), "message": .string($0.message)]) }
                    _ = try? done.value.call(arguments: [failure == nil, error ?? .null])
                }
            }
            return nil
        }, name: "fire", in: context), forProperty: "fire")
        context.globalObject["__hybridNativeControl"] = control
        // The web view's one session: its requests ask the tests' `network` mocks first.
        intercept(document.session)
    }

    /// Makes `session`'s requests (the test page's, or an opened page's) ask the tests' `network` mocks first, then
    /// the HAR being replayed. Runtime thread.
    func intercept(_ session: WebSession) {
        session.interceptor = { [weak self] request, respond in
            self?.askNetwork(request, respond) ?? false
        }
    }

    /// Answers the requests no test mock takes (`--replay-har`), with the page server's base URL (which passes).
    let replay = Mutex<(har: HARReplay, passThrough: String?)?>(nil)

    /// Asks each document's test API whether its running test answers `request` (`network.mock`), then the HAR being
    /// replayed. Runtime thread.
    private func askNetwork(_ request: WebRequest, _ respond: @escaping (Result<LoadedResource, WebLoadError>) -> Void) -> Bool {
        let url = request.url
        // A file of the test's folder (an opened page's script, its next page) passes when no mock matches it.
        let local = request.method == "GET" && isLocalFile(url)
        for (_, context) in documents.value.sorted(by: { $0.key < $1.key }) {
            let hooks = context.globalObject["__hybridNative"]
            guard hooks.isObject else { continue }
            let headers = JSONValue.object(JSONObject(Dictionary(request.headers.map { ($0.0.lowercased(), JSONValue.string($0.1)) },
                                                                 uniquingKeysWith: { first, _ in first })))
            let body: JSONValue = request.body.map { .string(String(decoding: $0, as: UTF8.self)) } ?? .null
            let wire: JSONValue = ["url": .string(url.absoluteString), "method": .string(request.method), "headers": headers,
                                   "body": body, "local": .bool(local)]
            let reply = JSValue(function: { args in
                guard args.bool(at: 0) else {
                    respond(.failure(WebLoadError(url: url.absoluteString, message: args.string(at: 1) ?? "network.mock failed")))
                    return nil
                }
                let answer: JSONValue? = (try? args.json(at: 1)) ?? nil
                var headers: [(String, String)] = []
                if case .object(let fields)? = answer?["headers"] {
                    for (name, value) in fields { headers.append((name, value.stringValue ?? value.jsonString)) }
                }
                let text = answer?["body"]?.stringValue ?? ""
                respond(.success(LoadedResource(url: url, status: answer?["status"]?.intValue ?? 200,
                                                statusText: answer?["statusText"]?.stringValue ?? "",
                                                mimeType: headers.first { $0.0 == "content-type" }?.1, body: Array(text.utf8),
                                                headers: headers)))
                return nil
            }, name: "reply", in: context)
            do {
                if try hooks.invokeMethod("fetch", arguments: [JSValue(wire, in: context), reply]).toBool() { return true }
            } catch {
                if let thrown = context.lastThrownValue { context.reportException(thrown) }
            }
        }
        guard let replay = replay.withLock({ $0 }) else { return false }
        return replay.har.answer(request, passThrough: replay.passThrough, respond)
    }

    /// The document went away: its layers answer through the handlers underneath from now on. Runtime thread.
    func documentWillClose(_ document: DocumentHandle) {
        documents.value[document.id] = nil
    }
}
