import JavaScript
import WebView

extension MockHandlers {
    /// Registers `window.webkit.messageHandlers.NAME` for each of `names` in `webView` (`hybrid run --message-handler`):
    /// a name these mocks answer is registered with reply, as WKWebView's `addScriptMessageHandlerWithReply`, so the
    /// page's `postMessage` returns a Promise of the mock's answer (rejected with an `Error` whose message is the mock
    /// error's message); any other name is a plain handler, whose `postMessage` returns `undefined`. Each message is on
    /// the web view's events either way (`.message`).
    ///
    /// `before` may answer a message first (a test's own mock): it returns true when it took the message, calling
    /// its reply closure now or later.
    public func registerMessageHandlers(
        _ names: [String], in webView: HeadlessWebView,
        before: (@Sendable (_ message: ScriptMessage, _ reply: @escaping @Sendable (Result<JSONValue?, BridgeError>) -> Void) -> Bool)? = nil
    ) {
        let runtime = webView.runtime
        for name in names {
            guard let list = lists[name] else {
                webView.userContentController.add(name: name) { message in _ = before?(message) { _ in } }
                continue
            }
            let turn = MockTurn(name: name, list: list)
            webView.userContentController.addScriptMessageHandler(MockReplyHandler { message, replyHandler in
                let reply: @Sendable (Result<JSONValue?, BridgeError>) -> Void = { result in
                    switch result {
                    case .success(let value): replyHandler(value ?? message.body, nil)
                    case .failure(let error): replyHandler(nil, MockReplyError(error).description)
                    }
                }
                if before?(message, reply) == true { return }
                turn.answer(message.body, runtime: runtime, warn: { _ in }, reply)
            }, name: name)
        }
    }
}

extension MockHandlers {
    /// Registers `window.webkit.messageHandlers.NAME` for each of `names` in a web view of either engine
    /// (`hybrid run --engine webkit --message-handler`), as ``registerMessageHandlers(_:in:before:)`` does in a
    /// headless web view: a name these mocks answer is registered with reply (the page's `postMessage` returns a
    /// Promise of the mock's answer, rejected with an `Error` whose message is the mock error's message), any other
    /// name as a plain handler. A mock's `delayMs` runs on `runtime`'s clock (the bridge's
    /// ``WebViewJavascriptBridge/runtime``). Throws what the engine throws (a name registered twice).
    public func registerMessageHandlers(_ names: [String], in engine: any WebViewEngine,
                                        runtime: JavaScriptRuntime) async throws {
        for name in names {
            guard let list = lists[name] else {
                try await engine.addScriptMessageHandler(name: name) { _ in }
                continue
            }
            let turn = MockTurn(name: name, list: list)
            try await engine.addScriptMessageHandlerWithReply(name: name) { message in
                try await withCheckedThrowingContinuation { continuation in
                    turn.answer(message.body, runtime: runtime, warn: { _ in }) { result in
                        continuation.resume(with: result.map { $0 ?? message.body }.mapError(MockReplyError.init))
                    }
                }
            }
        }
    }
}

/// A mock's error answer to a message handler with reply: the page's `Error` gets its message (its code without one).
private struct MockReplyError: Error, CustomStringConvertible {
    let description: String
    init(_ error: BridgeError) { description = error.message.isEmpty ? error.code : error.message }
}

/// A message handler with reply made of a closure.
private final class MockReplyHandler: ScriptMessageHandlerWithReply {
    let body: @Sendable (ScriptMessage, @escaping @Sendable (JSONValue?, String?) -> Void) -> Void

    init(_ body: @escaping @Sendable (ScriptMessage, @escaping @Sendable (JSONValue?, String?) -> Void) -> Void) {
        self.body = body
    }

    func userContentController(_ controller: UserContentController, didReceive message: ScriptMessage,
                               replyHandler: @escaping @Sendable (JSONValue?, String?) -> Void) {
        body(message, replyHandler)
    }
}
