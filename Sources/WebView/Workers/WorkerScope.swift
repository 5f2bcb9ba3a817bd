import Foundation
import JavaScript

/// A dedicated worker's global scope on the worker's own runtime thread: the platform scripts a worker gets
/// (``WebViewScripts/workerPlatform``), the serializer and `workers/scope.js`, with the natives they call. Worker-thread
/// only; the endpoint drops it when the worker is terminated.
final class WorkerScope {
    let context: JSContext
    private weak var endpoint: WorkerEndpoint?
    /// `scope.js`' function that turns a serialized message into a `message` event.
    private var receiver: JSValue?
    /// The worker's `fetch` and `XMLHttpRequest` requests in flight.
    let requests: WorkerRequests
    /// The worker's WebSockets and `EventSource` streams.
    let connections: WorkerConnections
    /// The worker's module loader (`modules.js`, as a page's), made for a module worker or a classic script's first
    /// `import()`.
    private var loader: JSValue?
    /// A module worker's own script and, when the page gave it, its text (see ``runModule(_:source:started:)``).
    private var topModule: URL?, topSource: String?

    init(endpoint: WorkerEndpoint, context: JSContext) {
        self.context = context
        self.endpoint = endpoint
        requests = WorkerRequests(endpoint: endpoint, context: context)
        connections = WorkerConnections(endpoint: endpoint, context: context)
        context.consoleSink = { [weak endpoint] message in endpoint?.console(message) }
        let native = makeNative(endpoint: endpoint)
        let internals = JSValue(newObjectIn: context)
        let global = context.globalObject
        do {
            for (_, script) in WebViewScripts.workerPlatform {
                try context.evaluate(script.script.get()).call(arguments: [global, native, internals])
            }
            try context.evaluate(WebViewScripts.workerSerialize.script.get()).call(arguments: [global, internals])
            receiver = try context.evaluate(WebViewScripts.workerScope.script.get()).call(arguments: [global, native, internals])
            try context.evaluate(WebViewScripts.nativeCode.script.get()).call(arguments: [global, native, internals])
        } catch let error as JSException {
            endpoint.reportUncaught(error)
        } catch {
            endpoint.reportUncaught(JSException(name: "Error", message: "worker scope: \(error)"))
        }
        context.exceptionHandler = { [weak self, weak endpoint] _, value in
            endpoint?.reportUncaught(self?.exception(value) ?? JSException(value))
        }
    }

    /// A thrown value as an exception, its positions in ES modules mapped into the modules' texts (`ESModules`).
    private func exception(_ value: JSValue) -> JSException {
        if let loader { _ = try? loader.invokeMethod("mapError", arguments: [value]) }
        return JSException(value)
    }

    /// Runs the worker's script; an uncaught error goes to the page's `error` event.
    func run(_ script: String, sourceURL: String) {
        guard receiver != nil else { return }
        do {
            try context.evaluate(translatingImports(script, base: sourceURL), sourceURL: sourceURL)
        } catch let error as JSException {
            endpoint?.reportUncaught(error)
        } catch {}
    }

    /// Runs a module worker's script at `url` and what it imports, fetched through the page's network, as a page runs
    /// `<script type="module" src>`; `started(true)` once it began to run (its errors go to the page's `error` event),
    /// `started(false)` when a module could not be fetched. `source`: the script's text, when the page has it.
    func runModule(_ url: URL, source: String?, started: @escaping (Bool) -> Void) {
        guard receiver != nil, let loader = moduleLoader() else { return started(false) }
        topModule = url
        topSource = source
        let loaded = JSValue(function: { args in
            let outcome = try loader.invokeMethod("run", arguments: [args[0]])
            started(outcome.toString() != "network")
            return nil
        }, name: "loaded", in: context)
        do {
            try loader.invokeMethod("load", arguments: [url.absoluteString, JSValue(nullIn: context), 0, 0, loaded])
        } catch let error as JSException {
            endpoint?.reportUncaught(error)
            started(true)
        } catch {
            started(false)
        }
    }

    /// `script` with its `import()` calls routed to the worker's module loader, as ``ESModules`` does a page's.
    private func translatingImports(_ script: String, base: String) -> String {
        guard ESModules.mayImport(script), let loader = moduleLoader() else { return script }
        return ESModules.translateClassic(script, base: base, loader: loader) ?? script
    }

    /// The worker's module loader: modules fetched through the page's network (``WorkerRequests``); nil when it cannot
    /// be made (the error goes to the page's `error` event).
    private func moduleLoader() -> JSValue? {
        if let loader { return loader }
        let requests = self.requests
        let fetch: JSFunctionBody = { [weak self] args in
            let callback = args[1]
            guard let url = args.string(at: 0).flatMap(URL.init(string:)) else {
                _ = try? callback.call(arguments: ["invalid URL"])
                return nil
            }
            let isTop = url == self?.topModule
            if isTop, let source = self?.topSource {   // the page's own blob
                _ = try? callback.call(arguments: [JSValue(nullIn: callback.context), source])
                return nil
            }
            // The worker's own script is the page's request (its Referer the page's URL), its imports the worker's.
            let documentURL = isTop ? self?.endpoint?.documentURL : nil
            _ = requests.start(WebRequest(url: url), referrer: documentURL.map { .url($0, policy: nil) } ?? .client(policy: nil)) { result in
                switch result {
                case .success(let resource) where resource.status >= 400:
                    _ = try? callback.call(arguments: ["HTTP status \(resource.status)"])
                case .success(let resource):
                    // The media type is checked for what a module worker imports, not for its own script, as WebKit does.
                    let type: JSValue = isTop ? JSValue(undefinedIn: callback.context)
                        : JSValue(string: resource.mimeType ?? "", in: callback.context)
                    _ = try? callback.call(arguments: [JSValue(nullIn: callback.context), resource.text, type])
                case .failure(let error): _ = try? callback.call(arguments: [error.message])
                }
            }
            return nil
        }
        let report: JSFunctionBody = { [weak endpoint] args in
            endpoint?.reportUncaught(JSException(args[0]))
            return nil
        }
        do {
            loader = try ESModules.makeLoader(in: context, env: JSValue(newObjectIn: context), fetch: fetch, report: report)
        } catch let error as JSException {
            endpoint?.reportUncaught(error)
        } catch {
            endpoint?.reportUncaught(JSException(name: "Error", message: "cannot load ES modules: \(error)"))
        }
        return loader
    }

    /// A message from the page: the worker's `message` event.
    func receive(_ message: WorkerMessage) {
        guard let receiver else { return }
        do {
            _ = try receiver.call(arguments: message.arguments(in: context))
        } catch let error as JSException {
            endpoint?.reportUncaught(loader != nil ? context.lastThrownValue.map(exception) ?? error : error)
        } catch {}
    }

    private func makeNative(endpoint: WorkerEndpoint) -> JSValue {
        let native = PlatformNatives.makeBasics(in: context)
        func define(_ name: String, _ body: @escaping JSFunctionBody) {
            native.setValue(JSValue(function: body, name: name, in: context), forProperty: name)
        }
        native.setValue(endpoint.url.absoluteString, forProperty: "url")
        native.setValue(endpoint.name, forProperty: "name")
        native.setValue(endpoint.isModule, forProperty: "isModule")
        native.setValue(endpoint.origin, forProperty: "origin")
        native.setValue(endpoint.userAgent, forProperty: "userAgent")
        native.setValue(endpoint.platform, forProperty: "platform")
        native.setValue(endpoint.language, forProperty: "language")
        native.setValue(ProcessInfo.processInfo.activeProcessorCount, forProperty: "hardwareConcurrency")
        // `crypto` (`platform/crypto.js`): `subtle` in a secure context, which a worker is when its origin is (the
        // page's: a worker is same-origin; a blob: URL's origin is its inner URL's).
        CryptoNatives.install(on: native, secure: CryptoNatives.isSecureContext(URL(string: endpoint.origin) ?? endpoint.url),
                              in: context)
        define("report") { [weak self, weak endpoint] args in
            endpoint?.reportUncaught(self?.exception(args[0]) ?? JSException(args[0]))
            return nil
        }
        define("resolveURL") { [weak endpoint] args in
            let raw = args.string(at: 0) ?? ""
            guard let base = endpoint?.url, let url = PlatformNatives.resolve(raw, against: base) else {
                throw JSException(name: "SyntaxError", message: "Invalid URL: '\(raw)'")
            }
            return url.absoluteString
        }
        define("post") { [weak endpoint] args in
            endpoint?.send(.message(try WorkerMessage(args, from: 0)))
            return nil
        }
        define("close") { [weak endpoint] _ in
            endpoint?.terminate(interruptingScript: false)
            return nil
        }
        define("fetchScript") { [weak endpoint] args in
            guard let url = args.string(at: 0).flatMap(URL.init(string:)) else { return nil }
            return endpoint?.fetchScriptSynchronously(url)
        }
        // The network (`xmlhttprequest-send.js`, and `fetch` over it): through the page's, see ``WorkerNetwork``.
        let requests = self.requests
        define("send") { args in requests.send(args) }
        // sendSync(method, url, headers, body, timeout): a synchronous XHR; the worker waits, the page's thread sends.
        define("sendSync") { args in requests.sendSynchronously(args) }
        define("abort") { args in
            if let id = args.int(at: 0) { requests.abort(id) }
            return nil
        }
        // taskTimer(callback, delay, keepsBusy): the worker runtime's internal one-shot timer (blob reads, blob: URLs).
        let timers = context.internalTimerFunctions()
        native.setValue(timers.schedule, forProperty: "taskTimer")
        native.setValue(timers.cancel, forProperty: "cancelTaskTimer")
        CompressionNatives.install(on: native, in: context)
        WebSocketNatives.install(on: native, owner: connections, in: context)
        EventSourceNatives.install(on: native, owner: connections, in: context)
        define("evaluate") { [weak self] args in
            let text = args.string(at: 0) ?? "", url = args.string(at: 1) ?? ""
            return try args.context.evaluate(self?.translatingImports(text, base: url) ?? text, sourceURL: url)
        }
        return native
    }
}

extension WorkerEndpoint {
    /// An uncaught error in the worker: the page's `error` event on the `Worker` (not once terminated: a terminated
    /// worker's interrupted script is no error of the page's).
    func reportUncaught(_ error: JSException) {
        guard !isTerminated else { return }
        let message = error.name.isEmpty ? error.message : "\(error.name): \(error.message)"
        send(.error(message: message, filename: error.sourceURL ?? url.absoluteString, line: error.line ?? 0, column: error.column ?? 0))
    }
}
