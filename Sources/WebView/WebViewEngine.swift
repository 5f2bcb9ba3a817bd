import Foundation
import JavaScript

/// A web view on either engine: ``HeadlessWebView`` (this module's, the default) or `WebKitWebView` (the
/// WebKitEngine module's real WebKit). Code written against it runs the same pages, scripts, message handlers,
/// dialogs and bridge on both; where an engine cannot do something, the call throws
/// ``WebViewEngineUnsupportedError``, never a silent no-op.
///
/// Each engine keeps its own richer API; this is what they share, in WKWebView's terms. The conformance costs the
/// headless engine nothing until it is used: its methods forward to the headless web view's own.
///
/// ```swift
/// func title(of page: URL, in view: any WebViewEngine) async throws -> JSONValue? {
///     try await view.load(page)
///     return try await view.value(of: "document.title")
/// }
/// ```
public protocol WebViewEngine: AnyObject, Sendable {
    /// The engine's name for messages and reports: `headless` or `webkit`.
    var engineName: String { get }
    /// Loads `url` and waits until the page has loaded.
    func load(_ url: URL) async throws
    /// Loads `html` as a page whose URL is `baseURL` (`about:blank` when nil) and waits until it has loaded.
    func loadHTMLString(_ html: String, baseURL: URL?) async throws
    /// Evaluates `script` in the main frame, as WKWebView's `evaluateJavaScript(_:completionHandler:)`: its
    /// completion value as JSON (nil or `null` for `undefined`), or the error it threw. Calls made one after
    /// another from one thread run in that order.
    func evaluateJavaScript(_ script: String,
                            completionHandler: @escaping @Sendable (Result<JSONValue?, any Error>) -> Void)
    /// Evaluates `script` and, when its value is a promise, waits for it: what it resolves to, or what it rejects
    /// with as an error.
    func callAsyncJavaScript(_ script: String,
                             completionHandler: @escaping @Sendable (Result<JSONValue?, any Error>) -> Void)
    /// Makes `window.webkit.messageHandlers[name].postMessage(body)` call `handler`, as
    /// `WKUserContentController.add(_:name:)`; `postMessage` returns `undefined`.
    func addScriptMessageHandler(name: String, _ handler: @escaping @Sendable (ScriptMessage) -> Void) async throws
    /// Makes `postMessage` return a promise of `handler`'s answer, as `WKScriptMessageHandlerWithReply`: resolved
    /// with the value it returns (`null` for nil), rejected with an `Error` whose message is the error it throws.
    func addScriptMessageHandlerWithReply(name: String,
                                          _ handler: @escaping @Sendable (ScriptMessage) async throws -> JSONValue?)
        async throws
    /// Adds a script run in every new document, as `WKUserScript` (`forMainFrameOnly` false: in iframes too).
    func addUserScript(_ script: UserScript, forMainFrameOnly: Bool) async throws
    /// Answers the page's `alert`, `confirm` and `prompt` with `handler` (nil: the engine's defaults: an alert is
    /// dismissed, a confirm answers true, a prompt its default text).
    func setDialogHandler(_ handler: (@Sendable (JavaScriptDialog) -> JavaScriptDialogAnswer)?) async throws
    /// Ignores every navigation (of any frame) whose URL begins with one of `prefixes` (compared without case),
    /// calling `handler` with the URL instead: how a native side sees a page's signal URLs, as a WKWebView
    /// navigation delegate that cancels them.
    func interceptNavigations(toURLsStartingWith prefixes: [String], _ handler: @escaping @Sendable (String) -> Void)
        async throws
    /// Calls `observer` with each ``WebViewEvent`` of the page: loads (`start` when a new document is committed,
    /// `load` when it has loaded), console messages, uncaught exceptions, dialogs and script messages, and on the
    /// WebKit engine `.custom(kind: "webProcessTerminated", fields: ["reason": ...])`.
    func observeEvents(_ observer: @escaping @Sendable (WebViewEvent) -> Void) -> EventObservation
    /// The visible page as PNG data at the device's viewport size. The headless engine throws
    /// ``WebViewEngineUnsupportedError``.
    func takeSnapshot() async throws -> Data
    /// Closes the view; later calls fail.
    func close() async

    // Cookies set and read from Swift, as an app's native side does (HttpOnly ones too).

    /// Stores a cookie as a response from `url` (an `http` or `https` URL) carrying `Set-Cookie: header` would:
    /// `sid=1; Path=/; HttpOnly` is sent with the requests to `url` (fetches, XHR, navigations) and is not in its
    /// pages' `document.cookie`. Throws ``InvalidCookieError`` when `header` is not a cookie that `url` may set
    /// (malformed, for another domain, or a URL that is not `http` or `https`).
    func setCookie(fromHeader header: String, for url: URL) async throws
    /// The `Cookie` header a request to `url` sends, HttpOnly cookies included (`a=1; sid=2`); nil when there is
    /// none. ``WebViewEngine/cookieString()`` is what the page sees.
    func cookieHeader(for url: URL) async throws -> String?
}

/// A cookie that ``WebViewEngine/setCookie(fromHeader:for:)`` cannot set: its header and the URL, in a sentence.
public struct InvalidCookieError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The `Set-Cookie` header that was given.
    public let header: String
    /// The URL it was given for.
    public let url: String

    public init(header: String, url: String) {
        self.header = header
        self.url = url
    }

    public var description: String {
        "the cookie \(header.debugDescription) cannot be set for \(url): it is malformed or for another domain, "
            + "or the URL is not http or https"
    }
}

/// What an engine cannot do: the operation and the engine, in a sentence.
public struct WebViewEngineUnsupportedError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The engine (`headless`, `webkit`).
    public let engine: String
    /// What was asked.
    public let operation: String

    public init(engine: String, operation: String) {
        self.engine = engine
        self.operation = operation
    }

    public var description: String { "\(operation) is not supported by the \(engine) engine" }
}

/// A dialog a page opened with `alert`, `confirm` or `prompt`.
public struct JavaScriptDialog: Sendable, Equatable {
    public var type: DialogType
    /// The text the page shows.
    public var message: String
    /// A prompt's default text; nil for the others.
    public var defaultText: String?
    /// The page's URL.
    public var pageURL: URL?

    public init(type: DialogType, message: String, defaultText: String? = nil, pageURL: URL? = nil) {
        self.type = type
        self.message = message
        self.defaultText = defaultText
        self.pageURL = pageURL
    }
}

/// How a dialog is answered: `confirm` returns true for ``ok`` and ``text(_:)``, `prompt` returns the text
/// (``ok``: its default text; ``cancel``: null). An alert is dismissed whatever the answer.
public enum JavaScriptDialogAnswer: Sendable, Equatable {
    case ok
    case cancel
    case text(String)
}

extension WebViewEngine {
    /// ``evaluateJavaScript(_:completionHandler:)`` awaited.
    public func value(of script: String) async throws -> JSONValue? {
        try await withCheckedThrowingContinuation { continuation in
            evaluateJavaScript(script) { continuation.resume(with: $0) }
        }
    }

    /// ``callAsyncJavaScript(_:completionHandler:)`` awaited.
    public func awaitedValue(of script: String) async throws -> JSONValue? {
        try await withCheckedThrowingContinuation { continuation in
            callAsyncJavaScript(script) { continuation.resume(with: $0) }
        }
    }

    /// The page's cookies as `document.cookie` shows them (`a=1; b=2`; HttpOnly cookies are not among them).
    public func cookieString() async throws -> String {
        try await value(of: "document.cookie")?.stringValue ?? ""
    }

    /// Sets a cookie as `document.cookie = cookie` does (`name=value; path=/; max-age=60`).
    public func setCookie(_ cookie: String) async throws {
        _ = try await value(of: "document.cookie = \(JSONValue.string(cookie).jsonString); undefined")
    }

    /// The page's `localStorage.getItem(key)`.
    public func localStorageItem(_ key: String) async throws -> String? {
        try await value(of: "localStorage.getItem(\(JSONValue.string(key).jsonString))")?.stringValue
    }

    /// The page's `localStorage.setItem(key, value)`.
    public func setLocalStorageItem(_ key: String, _ value: String) async throws {
        _ = try await self.value(of: "localStorage.setItem(\(JSONValue.string(key).jsonString), "
            + "\(JSONValue.string(value).jsonString)); undefined")
    }
}

// MARK: The headless engine

extension HeadlessWebView {
    /// Stores the cookie in the web view's `WebSession` cookie jar (``CookieJar/setCookie(fromHeader:for:)``).
    public func setCookie(fromHeader header: String, for url: URL) async throws {
        let stored = await withCore { $0.resources.session.cookies.setCookie(fromHeader: header, for: url) }
        guard stored else { throw InvalidCookieError(header: header, url: url.absoluteString) }
    }

    /// The `Cookie` header of the web view's `WebSession` for `url` (``CookieJar/cookieHeader(for:)``).
    public func cookieHeader(for url: URL) async throws -> String? {
        await withCore { $0.resources.session.cookies.cookieHeader(for: url) }
    }
}

extension HeadlessWebView: WebViewEngine {
    public var engineName: String { "headless" }

    public func evaluateJavaScript(_ script: String,
                                   completionHandler: @escaping @Sendable (Result<JSONValue?, any Error>) -> Void) {
        let core = self.core
        runtime.loop.execute {
            do {
                let document = try core.value.requireDocument()
                let value = try document.context.evaluate(document.routingImports(script), sourceURL: "evaluateJavaScript")
                completionHandler(.success(try value.toJSONValue() ?? .null))
            } catch {
                completionHandler(.failure(error))
            }
        }
    }

    /// ``callAsyncJavaScript(_:timeout:)`` without a limit, as a completion handler.
    public func callAsyncJavaScript(_ script: String,
                                    completionHandler: @escaping @Sendable (Result<JSONValue?, any Error>) -> Void) {
        Task {
            do {
                let value: JSONValue = try await self.callAsyncJavaScript(script)
                completionHandler(.success(value))
            } catch {
                completionHandler(.failure(error))
            }
        }
    }

    public func addScriptMessageHandler(name: String, _ handler: @escaping @Sendable (ScriptMessage) -> Void) {
        userContentController.add(name: name, handler)
    }

    public func addScriptMessageHandlerWithReply(
        name: String, _ handler: @escaping @Sendable (ScriptMessage) async throws -> JSONValue?
    ) {
        userContentController.addScriptMessageHandler(AsyncReplyHandler(handler), name: name)
    }

    public func addUserScript(_ script: UserScript, forMainFrameOnly: Bool) throws {
        guard forMainFrameOnly else {
            throw WebViewEngineUnsupportedError(engine: engineName, operation: "a user script for every frame")
        }
        userContentController.addUserScript(script)
    }

    public func setDialogHandler(_ handler: (@Sendable (JavaScriptDialog) -> JavaScriptDialogAnswer)?) async {
        await setUIDelegate(handler.map(DialogHandlerDelegate.init))
    }

    public func interceptNavigations(toURLsStartingWith prefixes: [String],
                                     _ handler: @escaping @Sendable (String) -> Void) async {
        let prefixes = prefixes.map { $0.lowercased() }
        await addNavigationInterceptor { action in
            let lowered = action.rawURL.lowercased()
            guard prefixes.contains(where: { lowered.hasPrefix($0) }) else { return false }
            handler(action.rawURL)
            return true
        }
    }

    public func observeEvents(_ observer: @escaping @Sendable (WebViewEvent) -> Void) -> EventObservation {
        events.observe(observer)
    }

    public func takeSnapshot() throws -> Data {
        throw WebViewEngineUnsupportedError(engine: engineName, operation: "takeSnapshot()")
    }
}

/// A reply handler whose answer is awaited.
private final class AsyncReplyHandler: ScriptMessageHandlerWithReply {
    let body: @Sendable (ScriptMessage) async throws -> JSONValue?
    init(_ body: @escaping @Sendable (ScriptMessage) async throws -> JSONValue?) { self.body = body }
    func userContentController(_ controller: UserContentController, didReceive message: ScriptMessage,
                               replyHandler: @escaping @Sendable (JSONValue?, String?) -> Void) {
        Task {
            do { replyHandler(try await body(message) ?? .null, nil) } catch { replyHandler(nil, "\(error)") }
        }
    }
}

/// The dialog handler as the headless web view's UI delegate.
private final class DialogHandlerDelegate: UIDelegate {
    let handler: @Sendable (JavaScriptDialog) -> JavaScriptDialogAnswer
    init(_ handler: @escaping @Sendable (JavaScriptDialog) -> JavaScriptDialogAnswer) { self.handler = handler }

    func runJavaScriptAlertPanel(message: String, pageURL: URL?) {
        _ = handler(JavaScriptDialog(type: .alert, message: message, pageURL: pageURL))
    }

    func runJavaScriptConfirmPanel(message: String, pageURL: URL?) -> Bool {
        handler(JavaScriptDialog(type: .confirm, message: message, pageURL: pageURL)) != .cancel
    }

    func runJavaScriptTextInputPanel(prompt: String, defaultText: String?, pageURL: URL?) -> String? {
        switch handler(JavaScriptDialog(type: .prompt, message: prompt, defaultText: defaultText ?? "",
                                        pageURL: pageURL)) {
        case .ok: defaultText ?? ""
        case .cancel: nil
        case .text(let text): text
        }
    }
}
