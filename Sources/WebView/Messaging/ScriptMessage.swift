import Foundation
import JavaScript

/// A message a page posted with `window.webkit.messageHandlers.NAME.postMessage(body)`, like `WKScriptMessage`.
public struct ScriptMessage: Sendable {
    /// The handler's name.
    public var name: String
    /// The body, as JSON data (functions and `undefined` become null).
    public var body: JSONValue
    /// The document that posted it (``DocumentHandle/id``).
    public var page: Int
    /// The URL of that document.
    public var pageURL: URL?

    /// A message as an engine delivers it.
    public init(name: String, body: JSONValue, page: Int, pageURL: URL?) {
        self.name = name
        self.body = body
        self.page = page
        self.pageURL = pageURL
    }
}

/// Receives script messages, like `WKScriptMessageHandler`. Called on the runtime thread, one
/// message at a time, as a task after `postMessage` returned.
public protocol ScriptMessageHandler: AnyObject, Sendable {
    func userContentController(_ controller: UserContentController, didReceive message: ScriptMessage)
}

/// Receives script messages and replies, like `WKScriptMessageHandlerWithReply`: the page's
/// `postMessage` returns a Promise resolved with the reply, or rejected with an `Error` whose message
/// is the error text. Call `replyHandler` exactly once, from any thread, now or later.
public protocol ScriptMessageHandlerWithReply: AnyObject, Sendable {
    func userContentController(_ controller: UserContentController, didReceive message: ScriptMessage,
                               replyHandler: @escaping @Sendable (JSONValue?, String?) -> Void)
}

/// A script that runs in every new document, like `WKUserScript`.
public struct UserScript: Sendable {
    /// When it runs.
    public enum InjectionTime: Sendable {
        /// After the web platform is installed, before the first script of the page.
        case atDocumentStart
        /// When the document is parsed, before the `DOMContentLoaded` listeners.
        case atDocumentEnd
    }
    public var source: String
    public var injectionTime: InjectionTime
    /// The name the script has in stacks and errors.
    public var sourceURL: String

    public init(source: String, injectionTime: InjectionTime, sourceURL: String = "user-script") {
        self.source = source
        self.injectionTime = injectionTime
        self.sourceURL = sourceURL
    }
}

/// Closure-based handlers, for ``UserContentController/add(name:_:)``.
final class ClosureMessageHandler: ScriptMessageHandler {
    let body: @Sendable (ScriptMessage) -> Void
    init(_ body: @escaping @Sendable (ScriptMessage) -> Void) { self.body = body }
    func userContentController(_ controller: UserContentController, didReceive message: ScriptMessage) { body(message) }
}

/// Closure-based reply handlers, for ``UserContentController/addWithReply(name:_:)``.
final class ClosureReplyHandler: ScriptMessageHandlerWithReply {
    let body: @Sendable (ScriptMessage) throws -> JSONValue
    init(_ body: @escaping @Sendable (ScriptMessage) throws -> JSONValue) { self.body = body }
    func userContentController(_ controller: UserContentController, didReceive message: ScriptMessage,
                               replyHandler: @escaping @Sendable (JSONValue?, String?) -> Void) {
        do { replyHandler(try body(message), nil) } catch { replyHandler(nil, "\(error)") }
    }
}
