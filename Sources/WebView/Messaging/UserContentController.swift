import Foundation
import JavaScript
import Synchronization

/// The page-facing half of the native API, like `WKUserContentController`: script message handlers
/// (`window.webkit.messageHandlers.NAME`) and user scripts. Thread-safe; changes apply at once
/// (handlers) or to the next document (user scripts).
public final class UserContentController: Sendable {
    enum Handler: Sendable {
        case plain(any ScriptMessageHandler)
        case reply(any ScriptMessageHandlerWithReply)
    }
    private struct State {
        var handlers: [String: Handler] = [:]
        var userScripts: [UserScript] = []
    }
    private let state = Mutex(State())

    init() {}

    /// Makes `window.webkit.messageHandlers[name].postMessage(body)` deliver to `handler`.
    /// Replaces a handler of the same name.
    public func add(_ handler: any ScriptMessageHandler, name: String) {
        state.withLock { $0.handlers[name] = .plain(handler) }
    }

    /// Registers a handler whose `postMessage` returns a Promise of its reply.
    public func addScriptMessageHandler(_ handler: any ScriptMessageHandlerWithReply, name: String) {
        state.withLock { $0.handlers[name] = .reply(handler) }
    }

    /// Registers a closure as the handler `name`.
    public func add(name: String, _ body: @escaping @Sendable (ScriptMessage) -> Void) {
        add(ClosureMessageHandler(body), name: name)
    }

    /// Registers a closure whose return value is the reply (a thrown error rejects the page's Promise).
    public func addWithReply(name: String, _ body: @escaping @Sendable (ScriptMessage) throws -> JSONValue) {
        addScriptMessageHandler(ClosureReplyHandler(body), name: name)
    }

    /// Removes the handler `name`; the page's `messageHandlers[name]` becomes undefined.
    public func removeScriptMessageHandler(forName name: String) {
        _ = state.withLock { $0.handlers.removeValue(forKey: name) }
    }

    /// Removes every handler (``HeadlessWebView/close()`` does this, releasing what they captured).
    public func removeAllScriptMessageHandlers() {
        state.withLock { $0.handlers.removeAll() }
    }

    /// Adds a script run in every new document.
    public func addUserScript(_ script: UserScript) {
        state.withLock { $0.userScripts.append(script) }
    }

    /// Removes every user script.
    public func removeAllUserScripts() {
        state.withLock { $0.userScripts.removeAll() }
    }

    /// The user scripts, in the order added.
    public var userScripts: [UserScript] { state.withLock { $0.userScripts } }

    func handler(named name: String) -> Handler? { state.withLock { $0.handlers[name] } }
}
