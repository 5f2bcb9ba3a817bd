import JavaScript
import Logging
import Synchronization

/// The answer callback of the reference API: called once with the other side's data.
public typealias WVJBResponseCallback = @Sendable (_ responseData: JSONValue?) -> Void
/// A native handler in the reference's shape: the page's data and the callback that answers it.
public typealias WVJBHandler = @Sendable (_ data: JSONValue?, _ responseCallback: @escaping WVJBResponseCallback) -> Void

/// WebViewJavascriptBridge: the `registerHandler` / `callHandler` message bus between a page's
/// JavaScript and native Swift, compatible with pages written for the iOS WebViewJavascriptBridge v6.0.3.
///
/// ```swift
/// let bridge = await WebViewJavascriptBridge(for: webView)
/// bridge.registerHandler("scanClick") { data, responseCallback in
///     responseCallback("scan result: www.example.com")
/// }
/// bridge.callHandler("changeBGColor", data: "orange")
/// let answer = try await bridge.call("testJavaScriptFunction", ["from": "Swift"], timeout: .seconds(2))
/// ```
///
/// Every method may be called from any thread or task; handlers and callbacks run on the page's
/// runtime thread. Message data is `JSONValue`; `Any` never crosses threads.
public final class WebViewJavascriptBridge: Sendable {
    let core: BridgeCore
    /// The runtime whose pages this bridge talks to.
    public let runtime: JavaScriptRuntime
    private let connections = Mutex<[ObjectIdentifier: ContextConnection]>([:])
    /// The page number the next bare context gets: -1, -2, ... (web views number their documents from 1).
    private let nextBarePage = Mutex(-1)

    /// A bridge not yet attached to a page. Use ``inject(into:page:)`` to attach it to a bare
    /// `JSContext`, or `WebViewJavascriptBridge(for:)` for a web view.
    public init(runtime: JavaScriptRuntime, logger: Logger = Logger(label: "WebViewJavascriptBridge")) {
        self.runtime = runtime
        core = BridgeCore(runtime: runtime, logger: logger)
    }

    /// Every message in either direction, as a ``BridgeEvent`` (while ``isTracingEnabled``): watch them
    /// with `events.observe { ... }` or `events.stream()`. A bridge made for a web view also puts them on
    /// the web view's events.
    public var events: EventPublisher<BridgeEvent> { core.events }

    // MARK: Handlers

    /// Registers (or replaces) the native handler `handlerName`.
    public func registerHandler(_ handlerName: String, handler: @escaping WVJBHandler) {
        setHandler(handlerName) { request, responder in
            handler(request.data) { responder.respond($0) }
        }
    }

    /// Registers (or replaces) a handler that sees the whole request and answers through a
    /// ``BridgeResponder`` (data or ``BridgeError``), now or later, from any thread.
    public func handle(_ handlerName: String, _ handler: @escaping @Sendable (BridgeRequest, BridgeResponder) -> Void) {
        setHandler(handlerName, handler)
    }

    /// Removes the native handler `handlerName`; an unknown name is a no-op.
    public func removeHandler(_ handlerName: String) {
        core.state.withLock { state in
            state.handlers.removeValue(forKey: handlerName)
            state.synchronousHandlers.remove(handlerName)
        }
    }

    func setHandler(_ name: String, _ handler: @escaping BridgeCore.Handler) {
        core.state.withLock { state in
            state.handlers[name] = handler
            state.synchronousHandlers.remove(name)
        }
    }

    /// The names of the registered native handlers, sorted.
    public var handlerNames: [String] {
        core.state.withLock { $0.handlers.keys.sorted() }
    }

    /// Whether the built-in handler `echo` (answers its data unchanged) is on. A registered
    /// handler named `echo` takes precedence. Off by default.
    public var isEchoEnabled: Bool {
        get { core.state.withLock { $0.isEchoEnabled } }
        set { core.state.withLock { $0.isEchoEnabled = newValue } }
    }

    // MARK: Calling the page (reference API)

    /// Calls the JavaScript handler `handlerName` with no data and no answer.
    public func callHandler(_ handlerName: String) {
        core.callHandler(handlerName, data: nil, waiter: nil)
    }

    /// Calls the JavaScript handler `handlerName` with `data` (nil: no data key), no answer.
    public func callHandler(_ handlerName: String, data: JSONValue?) {
        core.callHandler(handlerName, data: data.map { .value($0) }, waiter: nil)
    }

    /// Calls the JavaScript handler `handlerName`; `responseCallback` gets its answer (an
    /// `undefined` answer arrives as nil). It never sees an error: errors just forget the callback.
    public func callHandler(_ handlerName: String, data: JSONValue?, responseCallback: @escaping WVJBResponseCallback) {
        core.callHandler(handlerName, data: data.map { .value($0) }, waiter: .callback(responseCallback))
    }

    /// Forgets every pending response callback and restarts callback ids at `objc_cb_1`.
    public func reset() {
        core.reset()
    }

    /// Makes the page dispatch messages synchronously in `_handleMessageFromObjC` instead of in a
    /// task of their own (sends the reference's `_disableJavascriptAlertBoxSafetyTimeout` message).
    public func disableJavscriptAlertBoxSafetyTimeout() {
        callHandler("_disableJavascriptAlertBoxSafetyTimeout")
    }

    // MARK: Settings

    /// Turns on the reference's `WVJB SEND: ...` / `WVJB RCVD: ...` log lines (swift-log, info level).
    public func enableLogging(_ enabled: Bool = true) {
        core.state.withLock { $0.log.isEnabled = enabled }
    }

    /// The longest logged message text; longer ones end with ` [...]`. Default 500.
    public func setLogMaxLength(_ length: Int) {
        core.state.withLock { $0.log.maxLength = length }
    }

    /// The largest message, in UTF-8 bytes of its JSON text, either way; larger ones are refused with
    /// `payload_too_large`. Default 256 MiB: above what WKWebView delivers in practice (a 17 MiB message
    /// arrives there), so a page that works on a phone is not refused here. A service may set it lower.
    public var maximumMessageSize: Int {
        get { core.state.withLock { $0.maxMessageSize } }
        set { core.state.withLock { $0.maxMessageSize = max(0, newValue) } }
    }

    /// How deeply the data of a message from the page may nest, the outermost array or object
    /// counting as 1: 512, the limit of `JSONValue`'s parser (`JSONParseError.maximumDepth`),
    /// so a Swift handler can always read the data it gets. A deeper message is refused alone with
    /// `too_deep` (its caller gets that error); the messages queued with it are delivered.
    public static let maximumNestingDepth = RawJSONScanner.maximumDepth

    /// Where a page would fail on the device: ``BridgeCompatibility/device`` (the default) behaves as the
    /// device does, ``BridgeCompatibility/lenient`` as earlier versions did. Both report every
    /// ``BridgeDivergence``. Read when the bridge is injected into a page: set it before the page loads.
    public var compatibility: BridgeCompatibility {
        get { core.state.withLock { $0.compatibility } }
        set { core.state.withLock { $0.compatibility = newValue } }
    }

    /// When the bridge reaches a page and how long native's messages take to arrive: ``BridgeTiming/device`` (the
    /// default) adds nothing to the device rule; a seeded timing (``BridgeTiming/explore(seed:)``) delays each
    /// injection and each delivery by amounts drawn from its seed, the same in every run with that seed, to find pages
    /// that race with the bridge. Use it on a virtual clock for exact delays. Setting it restarts the draws.
    public var timing: BridgeTiming {
        get { core.state.withLock { $0.timing.timing } }
        set { core.state.withLock { $0.timing = BridgeTimingDraws(newValue) } }
    }

    /// Every place where a page would behave differently on an iPhone (see ``BridgeDivergence``): watch
    /// them with `divergences.observe { ... }`. A bridge made for a web view also puts them on the web
    /// view's events as `.custom(kind: "divergence", fields:)`.
    public var divergences: EventPublisher<BridgeDivergence> { core.divergences }

    /// Whether messages are reported as ``events``. On by default.
    public var isTracingEnabled: Bool {
        get { core.state.withLock { $0.isTracingEnabled } }
        set { core.state.withLock { $0.isTracingEnabled = newValue } }
    }

    // MARK: Bare contexts

    /// Injects the bridge into a JavaScript context and attaches it as page `page` (by default a
    /// number of its own): the page's `WVJBCallbacks` run in the next task, then queued messages
    /// are delivered. Like a web view, the bridge talks to one page at a time: the page it was
    /// attached to before is gone for it (calls waiting on it fail with `page_gone`, and answers
    /// to that page are dropped). Call on the runtime thread. Returns false when the context
    /// already has a bridge.
    @discardableResult
    public func inject(into context: JSContext, page: Int? = nil) -> Bool {
        inject(into: context, page: page, contentLoaded: false)
    }

    /// ``inject(into:page:)`` for a document whose `DOMContentLoaded` dispatch has begun (`contentLoaded`), which the
    /// script cannot always tell by itself.
    @discardableResult
    func inject(into context: JSContext, page: Int?, contentLoaded: Bool) -> Bool {
        precondition(runtime.loop.isCurrent, "WebViewJavascriptBridge.inject must run on the runtime thread")
        let page = page ?? nextBarePage.withLock { next in
            defer { next -= 1 }
            return next
        }
        guard let connection = ContextConnection.inject(into: context, page: page, core: core, contentLoaded: contentLoaded) else { return false }
        let old = connections.withLock { $0.updateValue(connection, forKey: ObjectIdentifier(context)) }
        old?.close()
        return true
    }

    /// Detaches from `context` (closing, navigating away): calls waiting on it fail with
    /// `page_gone` and the startup queue holds new messages for the next page. Runtime thread.
    public func detach(from context: JSContext) {
        precondition(runtime.loop.isCurrent, "WebViewJavascriptBridge.detach must run on the runtime thread")
        let connection = connections.withLock { $0.removeValue(forKey: ObjectIdentifier(context)) }
        connection?.close()
    }

    /// Reads the page's queue now instead of in the next task (the reference's flush on a
    /// `https://__wvjb_queue_message__` navigation). Runtime thread.
    public func flushMessageQueue(of context: JSContext) {
        precondition(runtime.loop.isCurrent, "WebViewJavascriptBridge.flushMessageQueue must run on the runtime thread")
        connections.withLock { $0[ObjectIdentifier(context)] }?.fetch()
    }
}
