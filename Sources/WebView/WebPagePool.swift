internal import CSoup
import Foundation
import HybridLoop
import JavaScript

/// Pre-warmed pages for services that load a page per request: web views on one runtime whose first document
/// starts from a context prepared ahead, in the runtime's idle time.
///
/// A page's set-up is mostly the same for every page: a new context, the CommonJS loader and domino's modules
/// evaluated in it (about half of a load of a small page), then the window, the DOM layer and the web platform.
/// The pool does the first part before the page is known, when the runtime thread has nothing else to do, and keeps
/// up to ``capacity`` such contexts. ``makeWebView()`` hands out a new ``HeadlessWebView`` holding one; its first
/// load binds the URL, origin, user agent, device and cookies as any load does, so the page sees exactly what an
/// unpooled page sees. Each prepared context is used by one document only, and the pool starts preparing its
/// replacement once the runtime is idle again.
///
/// ```swift
/// let pool = WebPagePool(runtime: runtime, capacity: 4)
/// try await pool.prepare()                       // at start-up; otherwise it fills in idle time
/// let webView = try await pool.makeWebView()     // per request
/// try await webView.loadHTMLString(html, baseURL: base)
/// ...
/// await webView.close()
/// ```
///
/// A pool made with the ``url`` its pages load first (a service's page, or the base URL of its HTML) goes further:
/// it keeps whole web views whose first document has its window, DOM layer and web platform installed for that URL,
/// with the pool's configuration, so the load only parses the page and runs its scripts. A
/// first load of another URL, or after ``HeadlessWebView/setDevice(_:)``, closes that document and starts from a new
/// context. Such a prepared page holds about as much memory as an open page.
///
/// Web views from the pool are ordinary web views: later loads make their documents as usual, and closing the pool
/// leaves the web views it handed out working. A web view made when the pool is empty starts from nothing, as an
/// unpooled one; ``makeWebView()`` never waits for a preparation.
public final class WebPagePool: Sendable {
    /// The runtime of the pool's pages.
    public nonisolated let runtime: JavaScriptRuntime
    /// The configuration of the web views the pool makes.
    public let configuration: WebViewConfiguration
    /// How many prepared pages the pool keeps at most.
    public let capacity: Int
    /// The URL the pool's pages are prepared for, if given: their first load of it finds its document installed.
    public let url: URL?
    private let state: LoopBound<State>

    /// The pool's state on the runtime thread.
    private final class State {
        var prepared: [Prepared] = []
        var isClosed = false
        /// The idle callback that prepares the next page, while one is scheduled.
        var pendingFill: UnsafeMutablePointer<GSource>?
        var preparedTotal = 0
        /// Called once the pool is full, or closed, or a preparation failed (`untilFilled()`).
        var fillWaiters: [() -> Void] = []

        func resumeWaiters() {
            let waiters = fillWaiters
            fillWaiters.removeAll()
            for waiter in waiters { waiter() }
        }

        func close() {
            guard !isClosed else { return }
            isClosed = true
            defer { resumeWaiters() }
            if let pendingFill { LoopCallback.cancel(pendingFill) }
            pendingFill = nil
            for page in prepared {
                switch page {
                case .context(let page): page.context.close()
                case .webView(let webView): webView.core.value.close()
                }
            }
            prepared.removeAll()
        }
    }

    /// A prepared page: a context with domino loaded, or (a pool with a ``url``) a web view whose first document is
    /// installed for it.
    private enum Prepared {
        case context(PreparedPage)
        case webView(HeadlessWebView)
    }

    /// Makes a pool of up to `capacity` (at least 1) prepared pages on `runtime`, for web views with `configuration`,
    /// whose first load is of `url` if given (see ``url``). It starts filling once the runtime is idle.
    public init(runtime: JavaScriptRuntime, configuration: WebViewConfiguration = .init(), capacity: Int = 2,
                url: URL? = nil) {
        self.runtime = runtime
        self.configuration = configuration
        self.capacity = max(1, capacity)
        self.url = url
        state = LoopBound(sending: State(), loop: runtime.loop)
        let state = self.state, maker = Maker(configuration: configuration, url: url, capacity: self.capacity)
        runtime.loop.execute { Self.scheduleFill(state.value, runtime: runtime, maker: maker) }
    }

    /// What the pool prepares.
    private struct Maker: Sendable {
        let configuration: WebViewConfiguration
        let url: URL?
        let capacity: Int

        func prepare(on runtime: JavaScriptRuntime) throws -> Prepared {
            let page = try PageEnvironment.prepare(on: runtime, name: "prepared page")
            guard let url else { return .context(page) }
            let webView = HeadlessWebView(runtime: runtime, configuration: configuration)
            do {
                try webView.core.value.prepareDocument(for: url, from: page)
            } catch {
                webView.core.value.close()
                throw error
            }
            return .webView(webView)
        }
    }

    private var maker: Maker { Maker(configuration: configuration, url: url, capacity: capacity) }

    deinit {
        let state = self.state
        runtime.loop.execute { state.value.close() }
    }

    /// A new web view with ``configuration`` whose first document starts from a prepared page when the pool has one
    /// (it is taken out of the pool, and the pool prepares another in idle time). Throws ``WebViewError/closed``
    /// after ``close()``.
    public func makeWebView() async throws -> HeadlessWebView {
        let state = self.state, maker = self.maker
        return try await runtime.perform { runtime in
            let pool = state.value
            guard !pool.isClosed else { throw WebViewError.closed }
            defer { Self.scheduleFill(pool, runtime: runtime, maker: maker) }
            guard !pool.prepared.isEmpty else { return HeadlessWebView(runtime: runtime, configuration: maker.configuration) }
            switch pool.prepared.removeFirst() {
            case .context(let page):
                let webView = HeadlessWebView(runtime: runtime, configuration: maker.configuration)
                webView.core.value.preparedPage = page
                return webView
            case .webView(let webView):
                return webView
            }
        }
    }

    /// Fills the pool to ``capacity`` now, on the runtime thread (at a service's start-up, so the first requests get
    /// prepared pages); returns at once when it is full. Throws the preparation's error if a page cannot be prepared,
    /// and ``WebViewError/closed`` after ``close()``.
    public func prepare() async throws {
        let state = self.state, maker = self.maker
        try await runtime.perform { runtime in
            let pool = state.value
            guard !pool.isClosed else { throw WebViewError.closed }
            while pool.prepared.count < maker.capacity {
                pool.prepared.append(try maker.prepare(on: runtime))
                pool.preparedTotal += 1
            }
        }
    }

    /// How many prepared pages the pool holds now.
    public var preparedCount: Int {
        get async { let state = self.state; return await runtime.perform { _ in state.value.prepared.count } }
    }

    /// How many pages the pool prepared since it was made (handed out, held or closed).
    public var preparedTotal: Int {
        get async { let state = self.state; return await runtime.perform { _ in state.value.preparedTotal } }
    }

    /// Returns once the idle-time filling has filled the pool, stopped on a failed preparation, or the pool closed.
    func untilFilled() async {
        let state = self.state, capacity = self.capacity
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            runtime.loop.execute {
                let pool = state.value
                if pool.isClosed || pool.prepared.count >= capacity || pool.pendingFill == nil {
                    continuation.resume()
                } else {
                    pool.fillWaiters.append { continuation.resume() }
                }
            }
        }
    }

    /// Closes the prepared pages and stops preparing; ``makeWebView()`` and ``prepare()`` throw
    /// ``WebViewError/closed`` afterwards. Web views already handed out are not affected. Idempotent.
    public func close() async {
        let state = self.state
        await runtime.perform { _ in state.value.close() }
    }

    /// Prepares one page when the runtime thread is idle (a GLib idle source), then schedules the next until the pool
    /// is full. A failed preparation stops the filling until the next ``makeWebView()`` (no busy retry loop); a
    /// ``prepare()`` reports it.
    private static func scheduleFill(_ pool: State, runtime: JavaScriptRuntime, maker: Maker) {
        let capacity = maker.capacity
        guard !pool.isClosed, pool.pendingFill == nil, pool.prepared.count < capacity else { return }
        let bound = LoopBound(pool, loop: runtime.loop)
        pool.pendingFill = LoopCallback.scheduleCancellable(on: runtime.loop.mainContext) {
            let pool = bound.value
            if let source = pool.pendingFill { g_source_unref(source) }
            pool.pendingFill = nil
            guard !pool.isClosed, pool.prepared.count < capacity else { return pool.resumeWaiters() }
            do {
                pool.prepared.append(try maker.prepare(on: runtime))
                pool.preparedTotal += 1
            } catch {
                return pool.resumeWaiters()
            }
            scheduleFill(pool, runtime: runtime, maker: maker)
            if pool.pendingFill == nil { pool.resumeWaiters() }
        }
    }
}
