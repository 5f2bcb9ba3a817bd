import Foundation
import JavaScript
import Synchronization

extension HeadlessWebView {
    /// Evaluates `script` in the current document and returns its completion value as JSON data
    /// (`undefined`, functions and symbols become null). Throws the `JSException` it raised.
    public func evaluateJavaScript(_ script: String) async throws -> JSONValue {
        try await withCore { core in
            let document = try core.requireDocument()
            return try document.context.evaluate(document.routingImports(script), sourceURL: "evaluateJavaScript").toJSONValue() ?? .null
        }
    }

    /// Evaluates `script` and decodes its completion value as `T`.
    public func evaluateJavaScript<T: Decodable & Sendable>(_ script: String, as type: T.Type) async throws -> T {
        try await withCore { core in
            let document = try core.requireDocument()
            return try document.context.evaluate(document.routingImports(script), sourceURL: "evaluateJavaScript").decode(type)
        }
    }

    /// Evaluates `script`; when its value is a Promise (or thenable), waits for it and returns what
    /// it resolves to, or throws what it rejects with. That rejection is the caller's: it is not also an
    /// unhandled rejection of the page (no `unhandledrejection`, no exception event). Throws
    /// ``WebViewError/documentClosed`` if the document goes away first, and
    /// ``WebViewError/timedOut(waitingFor:after:)`` when the promise has not settled after `timeout` of real time, so
    /// that a page that broke fails the caller instead of holding it forever (nil, the default, waits as long as it
    /// takes: a promise that waits for a worker or the network can rightly take long on a loaded machine). Past `timeout` the call fails once the page has nothing in flight that could
    /// still settle the promise (a load, a fetch, a one-shot timer, a worker's or a bridge message, see
    /// ``runUntilIdle(timeout:)``), so a slow, loaded machine fails no call that is progressing; after ten times
    /// `timeout` it fails in any case.
    public func callAsyncJavaScript(_ script: String, timeout: Duration? = nil) async throws -> JSONValue {
        try await callAsyncJavaScript(script, sourceURL: "callAsyncJavaScript", timeout: timeout)
    }

    /// ``callAsyncJavaScript(_:timeout:)`` with `sourceURL` naming the script in errors and stacks (`--eval:1:5`),
    /// so a tool can point at the code its user wrote.
    public func callAsyncJavaScript(_ script: String, sourceURL: String,
                                    timeout: Duration? = nil) async throws -> JSONValue {
        let core = self.core
        let answer = AwaitedAnswer()
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<JSONValue, any Error>) in
            answer.start(continuation)
            let runtime = self.runtime
            runtime.loop.execute {
                do {
                    let document = try core.value.requireDocument()
                    let value = try document.evaluateAwaited(script, sourceURL: sourceURL)
                    guard value.isObject, value["then"].isFunction else {
                        answer.finish(.success(try value.toJSONValue() ?? .null))
                        return
                    }
                    if let timeout {
                        let awaited = script.count > 60 ? String(script.prefix(60)) + "…" : script
                        answer.fail(after: timeout, unlessBusy: runtime, with: .timedOut(waitingFor: awaited, after: timeout))
                    }
                    document.await(value) { answer.finish($0) }
                } catch {
                    answer.finish(.failure(error))
                }
            }
        }
    }
}

/// The answer of one ``HeadlessWebView/callAsyncJavaScript(_:sourceURL:timeout:)``: given once, by the promise or by
/// its time limit, whichever comes first.
private final class AwaitedAnswer: Sendable {
    private let state = Mutex<(continuation: CheckedContinuation<JSONValue, any Error>?, timer: Task<Void, Never>?)>((nil, nil))

    func start(_ continuation: CheckedContinuation<JSONValue, any Error>) {
        state.withLock { $0.continuation = continuation }
    }

    /// Fails the call with `error` once `timeout` of real time has passed and `runtime` is idle (nothing in flight
    /// could still answer), or after ten times `timeout` in any case, unless it was answered first.
    func fail(after timeout: Duration, unlessBusy runtime: JavaScriptRuntime, with error: WebViewError) {
        let timer = Task { [weak self] in
            let end = ContinuousClock.now + timeout * 10
            guard (try? await Task.sleep(for: timeout)) != nil else { return }
            while ContinuousClock.now < end, await !runtime.isIdle {
                guard (try? await Task.sleep(for: .milliseconds(250))) != nil else { return }
            }
            self?.finish(.failure(error))
        }
        state.withLock { $0.timer = timer }
    }

    func finish(_ result: Result<JSONValue, any Error>) {
        let (continuation, timer) = state.withLock { state in
            defer { state = (nil, nil) }
            return state
        }
        timer?.cancel()
        continuation?.resume(with: result)
    }
}

extension WebViewCore {
    func requireDocument() throws -> DocumentHandle {
        if isClosed { throw WebViewError.closed }
        guard let document, document.env != nil else { throw WebViewError.noDocument }
        return document
    }
}

extension DocumentHandle {
    /// Evaluates `script`, whose value the caller awaits. JSC reports the rejections still unhandled as the
    /// evaluation ends, before the caller can attach its handlers: a rejected promise that is the value is the
    /// caller's (it gets the rejection), not an unhandled one, so it is not reported; any other is, as usual.
    func evaluateAwaited(_ script: String, sourceURL: String) throws -> JSValue {
        try awaited { try context.evaluate(routingImports(script), sourceURL: sourceURL) }
    }

    /// What `body` returns, a value the caller awaits, with the rejections JSC reports as `body` ends held as
    /// ``evaluateAwaited(_:sourceURL:)`` holds them: a rejection of the value itself is not reported.
    func awaited(_ body: () throws -> JSValue) throws -> JSValue {
        heldRejections = []
        var value: JSValue?
        defer {
            let held = heldRejections ?? []
            heldRejections = nil
            for rejection in held where value.map({ !rejection.promise.isEqual(to: $0) }) ?? true {
                core?.uncaught(rejection.reason, rejectedPromise: rejection.promise, in: self)
            }
        }
        value = try body()
        return value!
    }

    /// `script` with its `import()` calls routed to the page's module loader, resolving against the document's base
    /// URL, as the page's own classic scripts are (``ESModules/translateClassic(_:base:loader:)``); the script as it
    /// is when it has none.
    func routingImports(_ script: String) -> String {
        guard ESModules.mayImport(script), let resources = core?.resources,
              let loader = ESModules.loader(for: self, resources: resources) else { return script }
        return ESModules.translateClassic(script, base: baseURL.absoluteString, loader: loader) ?? script
    }

    /// Calls `completion` once with what `thenable` settles to, or with ``WebViewError/documentClosed``.
    func await(_ thenable: JSValue, completion: @escaping (Result<JSONValue, any Error>) -> Void) {
        nextWaitID += 1
        let id = nextWaitID
        pendingWaits[id] = completion
        let fulfilled = JSValue(function: { [weak self] args in
            guard let wait = self?.pendingWaits.removeValue(forKey: id) else { return nil }
            wait(Result { try args[0].toJSONValue() ?? .null })
            return nil
        }, in: context)
        let rejected = JSValue(function: { [weak self] args in
            guard let wait = self?.pendingWaits.removeValue(forKey: id) else { return nil }
            wait(.failure(JSException(args[0])))
            return nil
        }, in: context)
        do {
            try thenable.invokeMethod("then", arguments: [fulfilled, rejected])
        } catch {
            pendingWaits.removeValue(forKey: id)?(.failure(error))
        }
    }
}
