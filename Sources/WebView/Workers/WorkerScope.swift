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

    init(endpoint: WorkerEndpoint, context: JSContext) {
        self.context = context
        self.endpoint = endpoint
        requests = WorkerRequests(endpoint: endpoint, context: context)
        context.consoleSink = { [weak endpoint] message in endpoint?.console(message) }
        context.exceptionHandler = { [weak endpoint] _, value in endpoint?.reportUncaught(JSException(value)) }
        let native = makeNative(endpoint: endpoint)
        let internals = JSValue(newObjectIn: context)
        let global = context.globalObject
        do {
            for (_, script) in WebViewScripts.workerPlatform {
                try context.evaluate(script.script.get()).call(arguments: [global, native, internals])
            }
            try context.evaluate(WebViewScripts.workerSerialize.script.get()).call(arguments: [global, internals])
            receiver = try context.evaluate(WebViewScripts.workerScope.script.get()).call(arguments: [global, native, internals])
        } catch let error as JSException {
            endpoint.reportUncaught(error)
        } catch {
            endpoint.reportUncaught(JSException(name: "Error", message: "worker scope: \(error)"))
        }
    }

    /// Runs the worker's script; an uncaught error goes to the page's `error` event.
    func run(_ script: String, sourceURL: String) {
        guard receiver != nil else { return }
        do {
            try context.evaluate(script, sourceURL: sourceURL)
        } catch let error as JSException {
            endpoint?.reportUncaught(error)
        } catch {}
    }

    /// A message from the page: the worker's `message` event.
    func receive(_ message: WorkerMessage) {
        guard let receiver else { return }
        do {
            _ = try receiver.call(arguments: message.arguments(in: context))
        } catch let error as JSException {
            endpoint?.reportUncaught(error)
        } catch {}
    }

    private func makeNative(endpoint: WorkerEndpoint) -> JSValue {
        let native = PlatformNatives.makeBasics(in: context)
        func define(_ name: String, _ body: @escaping JSFunctionBody) {
            native.setValue(JSValue(function: body, name: name, in: context), forProperty: name)
        }
        native.setValue(endpoint.url.absoluteString, forProperty: "url")
        native.setValue(endpoint.name, forProperty: "name")
        native.setValue(endpoint.origin, forProperty: "origin")
        native.setValue(endpoint.userAgent, forProperty: "userAgent")
        native.setValue(endpoint.platform, forProperty: "platform")
        native.setValue(endpoint.language, forProperty: "language")
        native.setValue(ProcessInfo.processInfo.activeProcessorCount, forProperty: "hardwareConcurrency")
        define("report") { [weak endpoint] args in
            endpoint?.reportUncaught(JSException(args[0]))
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
        define("abort") { args in
            if let id = args.int(at: 0) { requests.abort(id) }
            return nil
        }
        // taskTimer(callback, delay, keepsBusy): the worker runtime's internal one-shot timer (blob reads, blob: URLs).
        let timers = context.internalTimerFunctions()
        native.setValue(timers.schedule, forProperty: "taskTimer")
        native.setValue(timers.cancel, forProperty: "cancelTaskTimer")
        CompressionNatives.install(on: native, in: context)
        define("evaluate") { args in
            try args.context.evaluate(args.string(at: 0) ?? "", sourceURL: args.string(at: 1))
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
