import Foundation
import JavaScript
import WebView

/// Native handlers written in JavaScript (`--mock-script mocks.js`): a CommonJS module whose exported functions each
/// answer the page's calls to the native handler of their name.
///
/// ```js
/// module.exports = {
///   getUserInfo(data) { return { id: data.id, name: "Ann" }; },
///   async pay(data) { return data.amount > 0 ? { paid: true } : { error: { code: "invalid", message: "nothing to pay" } }; },
/// };
/// ```
/// The module runs in a JavaScript context of its own on the bridge's runtime thread, never in the page: it keeps
/// its state between calls, and the page cannot see it. A function gets the call's data and answers with what it
/// returns, or with what its promise resolves to (`async` functions too); an object whose only key is `error` is the
/// error answer `{code, message}`. A throw or a rejection is a `handler_failed` error answer with the error's message
/// (or the error's own `code`), and a warning naming the handler. A module that cannot be loaded is a
/// ``MockFileError`` naming the file and, for a syntax error, the line. ES module syntax (`export default {...}`,
/// `export function`, `import`) is not supported: the module runs outside any page, where there is no ES module
/// loader; such a file fails with an error that says so, at the line of its first `export` or `import`.
public enum MockScript {
    /// Loads the module at `path` and registers each exported function as a native handler of `bridge` (replacing
    /// handlers of the same name). Returns the handler names, sorted.
    @discardableResult
    public static func install(contentsOf path: String, into bridge: WebViewJavascriptBridge) async throws(MockFileError) -> [String] {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw MockFileError(file: path, message: "cannot read the mock script")
        }
        let core = bridge.core
        let result = await bridge.runtime.perform { runtime -> Result<[String], MockFileError> in
            let context = runtime.makeContext(name: "mock-script")
            let exports: JSValue
            do {
                let require = try CommonJSModules.makeRequire(in: context, directory: url.deletingLastPathComponent().path)
                exports = try require.call(arguments: [url.path])
            } catch let error as JSException {
                if error.name == "SyntaxError", let line = esModuleLine(url) {
                    return .failure(MockFileError(file: path, message: "is an ES module (export/import): a mock script is a "
                                                  + "CommonJS module, write module.exports = { handlerName(data) { ... } }",
                                                  line: line))
                }
                let place = error.sourceURL == url.path ? error.line : nil
                return .failure(MockFileError(file: path, message: (error.name.isEmpty ? "" : error.name + ": ") + error.message,
                                              line: place, column: place.flatMap { _ in error.column }))
            } catch {
                return .failure(MockFileError(file: path, message: "\(error)"))
            }
            let names = exports.isObject ? exports.propertyNames.filter { exports[$0].isFunction }.sorted() : []
            guard !names.isEmpty else {
                return .failure(MockFileError(file: path, message: "exports no functions: write module.exports = { handlerName(data) { ... } }"))
            }
            // Calls a function and takes its answer in the same entry into the engine: a promise gets its handlers
            // before the microtask checkpoint that would report its rejection as unhandled.
            let call: JSValue
            do {
                call = try context.evaluate("""
                    (function (exports, name, data, resolve, reject) {
                        var value;
                        try { value = exports[name](data); } catch (error) { reject(error); return; }
                        if (value !== null && typeof value === "object" && typeof value.then === "function") value.then(resolve, reject);
                        else resolve(value);
                    })
                    """, sourceURL: "hybrid:mock-script")
            } catch {
                return .failure(MockFileError(file: path, message: "\(error)"))
            }
            let bound = LoopBound((exports, call), loop: runtime.loop)
            for name in names {
                bridge.handle(name) { request, responder in
                    answer(name, request.data, exports: bound.value.0, call: bound.value.1, core: core) { result in
                        switch result {
                        case .success(let value): responder.respond(value)
                        case .failure(let error): responder.fail(error)
                        }
                    }
                }
                // A function that returns at once answers a synchronous call (DSBridge); an async one cannot.
                bridge.markSynchronous(name, true)
            }
            return .success(names)
        }
        return try result.get()
    }

    /// The line of the first top-level-looking `export` or `import` statement of the file at `url`, if any.
    private static func esModuleLine(_ url: URL) -> Int? {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("export ") || trimmed.hasPrefix("export{") || trimmed.hasPrefix("import ") || trimmed.hasPrefix("import{") {
                return index + 1
            }
        }
        return nil
    }

    /// Calls the exported function `name` with `data` and hands its answer to `done`. Runtime thread.
    private static func answer(_ name: String, _ data: JSONValue?, exports: JSValue, call: JSValue, core: BridgeCore,
                               _ done: @escaping @Sendable (Result<JSONValue?, BridgeError>) -> Void) {
        let context = exports.context
        let failed: (JSValue) -> Void = { thrown in
            let code = thrown.isObject && thrown["code"].isString ? thrown["code"].toString() : nil
            let message = (thrown.isObject && thrown["message"].isString ? thrown["message"].toString() : thrown.toString()) ?? "failed"
            core.warn("WebViewJavascriptBridge: the mock script's \(name) failed: \(message)")
            done(.failure(BridgeError(code: code ?? BridgeError.handlerFailed, message: message)))
        }
        let settle: (JSValue) -> Void = { value in
            do {
                let json = try value.toJSONValue()
                if case .object(let object)? = json, object.count == 1, let error = object["error"] {
                    done(.failure(BridgeError(json: error) ?? BridgeError(code: "error", message: error.stringValue ?? error.jsonString)))
                } else {
                    done(.success(json ?? .null))
                }
            } catch {
                failed(JSValue(string: "the answer of \(name) is not JSON data: \(error)", in: context))
            }
        }
        let resolve = JSValue(function: { args in settle(args[0]); return nil }, in: context)
        let reject = JSValue(function: { args in failed(args[0]); return nil }, in: context)
        let argument = data.map { JSValue($0, in: context) } ?? JSValue(undefinedIn: context)
        do {
            _ = try call.call(arguments: [exports, name, argument, resolve, reject])
        } catch {
            failed(JSValue(string: "\(error)", in: context))
        }
    }
}
