import Foundation
import JavaScript

extension HeadlessWebView {
    /// Evaluates `source` as an ES module of the current document at `url` (`ESModules`): its static imports and
    /// `import()` calls resolve against `url` (through the page's import maps), its dependencies are fetched and run
    /// first, and its top-level `await` is awaited. Returns the module's `default` export as JSON (a promise is awaited;
    /// `undefined`, functions and symbols become null, as ``callAsyncJavaScript(_:timeout:)`` returns a value), nil when the
    /// module has no default export or it is `undefined`. Throws what the module graph
    /// throws or rejects with (a `TypeError` when a module cannot be fetched, a `SyntaxError` naming `url` and the
    /// line), and ``WebViewError/documentClosed`` if the document goes away first. The module is not put in the
    /// page's module map: each call evaluates `source` again, while the modules it imports run once per page.
    public func evaluateModule(_ source: String, url: URL) async throws -> JSONValue? {
        let core = self.core
        let value = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<JSONValue, any Error>) in
            runtime.loop.execute {
                do {
                    let core = core.value
                    let document = try core.requireDocument()
                    guard let loader = ESModules.loader(for: document, resources: core.resources) else {
                        throw JSException(name: "Error", message: "cannot load ES modules", sourceURL: url.absoluteString)
                    }
                    // One call, so that the module's promise has its handler before JSC looks for unhandled ones;
                    // `[value]`, or `[]` for undefined: JSON has no undefined.
                    let evaluate = try document.context.evaluate("""
                        (function (loader, url, source) {
                          return loader.evaluateSource(url, source).then(function (ns) {
                            return Promise.resolve(ns['default']).then(function (v) { return v === undefined ? [] : [v]; });
                          }, function (error) { throw loader.mapError(error); });
                        })
                        """, sourceURL: "evaluateModule")
                    let promise = try document.awaited {
                        try evaluate.call(arguments: [loader, url.absoluteString, source])
                    }
                    document.await(promise) { continuation.resume(with: $0) }
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
        return value[0]
    }
}
