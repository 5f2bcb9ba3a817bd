import Foundation
import JavaScript
@testable import WebView
import TestSupport

/// A page stand-in for platform tests: a context of the runtime with a plain `document` object,
/// the platform installed, errors recorded. Runtime-thread only.
final class FakePlatformHost: WebPlatformHost {
    var documentURL: URL
    let session: WebSession
    let sessionStorage = WebStorageArea()
    let runtime: JavaScriptRuntime
    private(set) var reported: [JSException] = []
    private(set) var tokens: [WorkToken] = []
    let context: JSContext
    private(set) var platform: WebPlatformInstance!

    /// A page at `url`; `context` (with its own `document`) or a new context with a plain `document` object.
    init(_ runtime: isolated JavaScriptRuntime, url: URL, session: WebSession? = nil, context: JSContext? = nil) {
        self.runtime = runtime
        documentURL = url
        self.session = session ?? WebSession(mainContext: runtime.loop.mainContext)
        self.context = context ?? runtime.makeContext(name: "page")
        self.context.exceptionHandler = { [weak self] _, value in self?.reported.append(JSException(value)) }
        if context == nil { try! self.context.evaluate("globalThis.document = {}; globalThis.window = globalThis;") }
        platform = WebPlatform.install(in: self.context, host: self)
    }

    func beginWork() -> WorkToken {
        let token = runtime.beginWork()
        tokens.append(token)
        return token
    }

    func report(_ error: JSException) { reported.append(error) }

    /// Evaluates `script`, runs until idle, then returns `JSON.stringify(resultExpression)`.
    func run(_ script: String, result resultExpression: String = "out", isolation: isolated JavaScriptRuntime) async throws -> String {
        try context.evaluate(script, sourceURL: "test.js")
        await isolation.runUntilIdle(timeout: .generous)
        return try context.evaluate("JSON.stringify(\(resultExpression))").toString() ?? "undefined"
    }
}

extension JavaScriptRuntime {
    /// Makes a fake page at `url`, runs `script` in it until idle and returns `JSON.stringify(result)`
    /// and the errors the page reported.
    func runPage(at url: URL, _ script: String, result: String = "out") async throws -> (String, [String]) {
        try await isolated { rt in
            let page = FakePlatformHost(rt, url: url)
            let value = try await page.run(script, result: result, isolation: rt)
            return (value, page.reported.map(\.description))
        }
    }
}
