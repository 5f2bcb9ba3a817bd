import Bridge
import Foundation
import JavaScript
import WebView

/// A page hosting a `HeadlessWebView` and its WebViewJavascriptBridge (the hybrid page of an app).
///
/// - Loads its URL in `viewDidLoad`; ``loaded()`` waits for that load.
/// - `window.hybridRoute = {url, pattern, params, query, context}` is defined before the document's first script.
/// - While not visible (covered, in an unselected tab, the window hidden, the app in the background) its JS
///   timers and `requestAnimationFrame` are paused and `document.visibilityState` is `hidden`; on appear, overdue
///   timers fire once each, in deadline order. Bridge deliveries are never paused.
/// - Its bridge answers the built-in handlers of ``PageCommands`` (`router.open`, `page.finish`, ...).
/// - When it is deallocated its handlers are removed and its web view closed (its context goes away), even if
///   nobody removed them.
@MainActor
open class WebPage: Page, PageScriptChannel {
    /// The web view showing the page.
    public nonisolated let webView: HeadlessWebView
    /// The page's bridge. As with `WebViewJavascriptBridge(for:)`, a document gets it when it asks for it (the
    /// `setupWebViewJavascriptBridge` snippet), after its `DOMContentLoaded` listeners have run, as on the phone.
    public nonisolated let bridge: WebViewJavascriptBridge
    /// The URL loaded in `viewDidLoad` (the route's query appended).
    public let pageURL: URL
    /// What the page learns as `window.hybridRoute`.
    public let route: HybridRoute
    /// The built-in handlers' state (nil until the view loaded).
    public private(set) var commands: PageCommands?

    private weak var shell: AppShell?
    private var loadTask: Task<Result<Void, any Error>, Never>?
    private var visibility: Task<Void, Never>?
    private var isShownVisible = false
    private var appObservers: [NotificationToken] = []

    /// A web page for `url` in `shell`, on `runtime`. `route` defaults to the URL opened without a route.
    public init(url: URL, route: HybridRoute? = nil, shell: AppShell, runtime: JavaScriptRuntime,
                name: String? = nil) {
        pageURL = url
        self.route = route ?? HybridRoute(url: url.absoluteString)
        self.shell = shell
        let webView = HeadlessWebView(runtime: runtime)
        self.webView = webView
        // Bridge messages are events of the page's web view, as with `WebViewJavascriptBridge(for:)`,
        // so transcripts of whole flows show them too.
        bridge = WebViewJavascriptBridge(runtime: runtime)
        bridge.events.observe { [weak webView] event in
            webView?.events.emit(WebViewEvent(time: event.time, page: event.page, kind: .custom(kind: "bridge", fields: event.fields)))
        }
        super.init(name: name ?? "WebPage(\(url.lastPathComponent))")
        self.url = self.route.url
    }

    deinit {
        // Runs on whatever thread released the page: only Sendable members are touched.
        let webView = self.webView, bridge = self.bridge
        for name in PageCommands.names { bridge.removeHandler(name) }
        Task { await webView.close() }
    }

    open override func viewDidLoad() {
        guard let shell else { return }
        commands = PageCommands(page: self, shell: shell, channel: self)
        let target = WeakWebPage(self)
        for name in PageCommands.names {
            bridge.handle(name) { request, responder in
                Task { @MainActor in
                    guard let commands = target.page?.commands else {
                        responder.fail(BridgeError(code: BridgeError.pageGone, message: "the page was closed"))
                        return
                    }
                    do throws(PageCommandError) {
                        responder.respond(try await commands.handle(name, request.data))
                    } catch {
                        responder.fail(error)
                    }
                }
            }
        }
        // The app going to the background hides the page; coming back shows it again if it is on screen.
        appObservers = [
            shell.notifications.observe(HybridApplicationEvent.didEnterBackground.notificationName, owner: self) { page, _ in
                page.applyVisibility(false)
            },
            shell.notifications.observe(HybridApplicationEvent.willEnterForeground.notificationName, owner: self) { page, _ in
                page.applyVisibility(page.appearanceState.isVisible)
            },
        ]
        let webView = self.webView, bridge = self.bridge, pageURL = self.pageURL
        let routeScript = "window.hybridRoute = " + route.json.jsonString + ";"
        webView.userContentController.addUserScript(
            UserScript(source: routeScript, injectionTime: .atDocumentStart, sourceURL: "hybrid://route.js"))
        let setup = Task {
            // As on the phone: the bridge comes when the page asks for it, after its navigation-delegate round trip.
            await bridge.attachDocuments(of: webView)
            await webView.setVisible(false)
        }
        visibility = setup
        loadTask = Task {
            await setup.value
            do {
                try await webView.load(pageURL)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
    }

    open override func viewWillAppear(_ animated: Bool) { applyVisibility(true) }
    open override func viewDidDisappear(_ animated: Bool) { applyVisibility(false) }

    /// Waits until the web view has the visibility the page's appearance asks for.
    public func visibilityApplied() async {
        await visibility?.value
    }

    /// Waits for the load started in `viewDidLoad` (loads the view first if needed). Throws the load's error.
    public func loaded() async throws {
        loadViewIfNeeded()
        try await loadTask?.value.get()
        await visibility?.value
    }

    /// Calls the page's JavaScript handler `name` through the bridge (never paused).
    public func send(_ name: String, _ data: JSONValue) {
        bridge.callHandler(name, data: data)
    }

    private func applyVisibility(_ visible: Bool) {
        let shown = visible && (shell?.application.state ?? .active) != .background
            && shell?.application.state != .suspended
        guard shown != isShownVisible || visibility == nil else { return }
        isShownVisible = shown
        let previous = visibility, webView = self.webView
        // Chained so visibility changes reach the web view in order.
        visibility = Task {
            await previous?.value
            await webView.setVisible(shown)
        }
    }
}

/// A weak reference to a web page that bridge handlers (runtime thread) can carry.
final class WeakWebPage: Sendable {
    weak let page: WebPage?
    init(_ page: WebPage) { self.page = page }
}
