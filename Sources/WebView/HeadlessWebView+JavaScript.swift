import Foundation
import JavaScript

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
    /// ``WebViewError/documentClosed`` if the document goes away first.
    public func callAsyncJavaScript(_ script: String) async throws -> JSONValue {
        try await callAsyncJavaScript(script, sourceURL: "callAsyncJavaScript")
    }

    /// ``callAsyncJavaScript(_:)`` with `sourceURL` naming the script in errors and stacks (`--eval:1:5`),
    /// so a tool can point at the code its user wrote.
    public func callAsyncJavaScript(_ script: String, sourceURL: String) async throws -> JSONValue {
        let core = self.core
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<JSONValue, any Error>) in
            runtime.loop.execute {
                do {
                    let document = try core.value.requireDocument()
                    let value = try document.evaluateAwaited(script, sourceURL: sourceURL)
                    guard value.isObject, value["then"].isFunction else {
                        continuation.resume(returning: try value.toJSONValue() ?? .null)
                        return
                    }
                    document.await(value) { continuation.resume(with: $0) }
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
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
