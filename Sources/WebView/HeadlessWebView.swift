import Foundation
import JavaScript

/// A headless web view: loads HTML pages into a real DOM (Debian's domino) and runs their scripts,
/// events, dialogs and WKWebView-style script messages on a `JavaScriptRuntime`.
///
/// Each document gets its own `JSContext` in the runtime's machine, whose global object is the
/// window. Many web views can share one runtime. Delegates, handlers and observers run on the
/// runtime thread.
///
/// ```swift
/// let runtime = JavaScriptRuntime()
/// let webView = HeadlessWebView(runtime: runtime)
/// webView.userContentController.add(name: "native") { message in print(message.body) }
/// try await webView.load(URL(fileURLWithPath: "web/examples/dom.html"))
/// try await webView.click("#go")
/// print(try await webView.text(of: "#status"))
/// await webView.close()
/// ```
public final class HeadlessWebView: Sendable {
    /// The runtime the pages run on.
    public nonisolated let runtime: JavaScriptRuntime
    /// Script message handlers and user scripts.
    public let userContentController: UserContentController
    /// How the web view was set up (a copy: changing it changes nothing, but its ``WebViewConfiguration/services``
    /// is the web view's own).
    public let configuration: WebViewConfiguration
    /// The state on the runtime thread.
    let core: LoopBound<WebViewCore>

    /// Makes a web view on `runtime`. Nothing is loaded until ``load(_:)``.
    public init(runtime: JavaScriptRuntime, configuration: WebViewConfiguration = .init()) {
        self.runtime = runtime
        userContentController = UserContentController()
        self.configuration = configuration
        core = LoopBound(sending: WebViewCore(runtime: runtime, configuration: configuration,
                                              userContentController: userContentController,
                                              events: events),
                         loop: runtime.loop)
    }

    deinit {
        let core = self.core
        runtime.loop.execute { core.value.close() }
    }

    /// Runs `body` on the runtime thread with the core.
    func withCore<T: Sendable>(_ body: @Sendable (WebViewCore) throws -> T) async rethrows -> T {
        let core = self.core
        return try await runtime.perform { _ in try body(core.value) }
    }

    // MARK: Loading

    /// Loads `url` (a `file:` URL; `http(s)` once the platform's session is available) and returns
    /// when its `load` event fired. Throws if it cannot be fetched or another navigation replaced it.
    public func load(_ url: URL) async throws {
        try await startLoad(.url(url.absoluteURL), type: .other)
    }

    /// Loads `html` as a document with `baseURL` (relative URLs resolve against it; `about:blank` if nil).
    public func loadHTMLString(_ html: String, baseURL: URL?) async throws {
        try await startLoad(.html(html, baseURL: baseURL), type: .other)
    }

    /// Loads the current document again (a new context).
    public func reload() async throws {
        guard let target = await withCore({ $0.lastTarget }) else { throw WebViewError.noDocument }
        try await startLoad(target, type: .reload)
    }

    private func startLoad(_ target: WebViewCore.LoadTarget, type: NavigationType) async throws {
        let core = self.core
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            runtime.loop.execute {
                core.value.load(target, type: type) { continuation.resume(with: $0) }
            }
        }
    }

    /// Whether the session history has an entry before the current one (this document's or an earlier document's),
    /// as `WKWebView.canGoBack`.
    public var canGoBack: Bool { get async { await withCore { $0.canTraverse(by: -1) } } }

    /// Whether the session history has an entry after the current one, as `WKWebView.canGoForward`.
    public var canGoForward: Bool { get async { await withCore { $0.canTraverse(by: 1) } } }

    /// Goes back one entry, as `history.back()` does, in a later task: an entry of this document fires `popstate`
    /// (and `hashchange`), an entry of another document loads that document (a ``NavigationType/backForward``
    /// navigation request first). False when there is no entry before the current one. Run the page
    /// (``runUntilIdle(timeout:)``) to let it happen.
    @discardableResult
    public func goBack() async -> Bool { await traverse(by: -1) }

    /// Goes forward one entry, as `history.forward()` does (see ``goBack()``). False when there is none.
    @discardableResult
    public func goForward() async -> Bool { await traverse(by: 1) }

    private func traverse(by delta: Int) async -> Bool {
        await withCore { core in
            guard core.canTraverse(by: delta), let env = core.document?.env else { return false }
            _ = try? env.invokeMethod("historyGo", arguments: [delta])
            return true
        }
    }

    /// Stops the load in progress (its pending fetches and scripts); a waiting ``load(_:)`` throws.
    public func stopLoading() async {
        await withCore { $0.stopLoading() }
    }

    /// Closes the web view: the document's context closes (its timers never fire, pending loads are
    /// cancelled), delegates, handlers and hooks are released, event streams end. Idempotent.
    public func close() async {
        await withCore { $0.close() }
    }

    /// The current document's URL.
    public var url: URL? { get async { await withCore { $0.document?.url } } }

    /// The current document's title.
    public var title: String? {
        get async { await withCore { $0.document?.env?["document"]["title"].toString() } }
    }

    /// True from the start of a load until its `load` event (or failure).
    public var isLoading: Bool { get async { await withCore { $0.isLoading } } }

    /// Shows or hides the page: hidden pauses its timers and `requestAnimationFrame`, sets
    /// `document.visibilityState` to `hidden` and fires `visibilitychange`.
    public func setVisible(_ visible: Bool) async {
        await withCore { core in
            guard core.isVisible != visible else { return }
            core.isVisible = visible
            if let document = core.document { core.setVisible(visible, on: document) }
        }
    }

    /// Runs the runtime until the page is idle: no one-shot timer, animation frame, load, fetch or script
    /// message in flight, or until `timeout`. Repeating timers do not count, and a `requestAnimationFrame`
    /// loop stops counting after ``WebViewConfiguration/animationSettleTime`` (<doc:AnimationsAndIdle>).
    /// On a runtime with a virtual clock, timers and frames jump to their time instead of waiting.
    public func runUntilIdle(timeout: Duration? = nil) async -> IdleOutcome {
        await runtime.runUntilIdle(timeout: timeout)
    }

    // MARK: Delegates and hooks

    /// Sets the navigation delegate (held strongly until ``close()``).
    public func setNavigationDelegate(_ delegate: (any NavigationDelegate)?) async {
        await withCore { $0.navigationDelegate = delegate }
    }

    /// Sets the UI delegate for `alert`, `confirm` and `prompt`.
    public func setUIDelegate(_ delegate: (any UIDelegate)?) async {
        await withCore { $0.uiDelegate = delegate }
    }

    /// Called with every uncaught exception and unhandled rejection that `window.onerror` or an
    /// `error`/`unhandledrejection` listener did not handle, with its position in the document.
    public func setExceptionHandler(_ handler: (@Sendable (JSException) -> Void)?) async {
        await withCore { $0.exceptionHandler = handler }
    }

    /// Adds a native hook on every document's creation and end (see ``DocumentObserver``).
    /// If a document exists already, `documentDidCreate` is not called for it.
    public func addDocumentObserver(_ observer: any DocumentObserver) async {
        await withCore { $0.observers.append(observer) }
    }

    /// Adds a navigation interceptor: it runs before the navigation delegate; returning true consumes
    /// the request (it is cancelled and the delegate never sees it).
    public func addNavigationInterceptor(_ interceptor: @escaping @Sendable (NavigationAction) -> Bool) async {
        await withCore { $0.interceptors.append(interceptor) }
    }

    /// Runs `body` on the runtime thread with the web view's ``WebSession`` (made now if no document made it yet), so a
    /// recorder or an interceptor set there hears every request from the first document's own on.
    package func withSession(_ body: @Sendable (WebSession) -> Void) async {
        await withCore { body($0.resources.session) }
    }

    /// Isolated access to the current document on the runtime thread; nil when there is none.
    public func withDocument<T: Sendable>(_ body: @Sendable (DocumentHandle) throws -> T) async throws -> T? {
        try await withCore { core in
            guard let document = core.document else { return nil }
            return try body(document)
        }
    }

    // MARK: Events

    // Held here, not by the core: it is thread-safe, and the core may only be touched on the runtime thread.
    /// The web view's events (console, dialogs, exceptions, navigations, messages, load milestones, and
    /// other modules' `custom` events): `events.observe { ... }` calls a closure in order as they happen,
    /// on the emitting thread (usually the runtime thread); `events.stream()` iterates them with a bounded
    /// buffer. Streams end when the web view closes. Other modules add their own with `events.emit(_:)`.
    public let events = EventPublisher<WebViewEvent>()
}
