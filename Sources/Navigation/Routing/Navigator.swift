import HybridRouting

/// Opens pages by URL: a `URLRouter` picks the route, the route's handler builds the page and says how to show it
/// (push, present, tab), and the opener gets a ``PageHandle`` for the page's result.
///
/// ```swift
/// let navigator = Navigator(window: window)
/// try navigator.register("/user/<int:id>", page: UserPage.self)            // a RoutablePage, pushed
/// try navigator.register("/compose") { match in RouteDestination(page: ComposePage(), show: .present()) }
/// let picked = try await navigator.open("app://user/42?tab=posts", context: draft).result
/// ```
/// Handlers are tried in the router's ranking order; a handler returning nil lets the next matching route try
/// (JLRoutes' fall-through). URLs no route handles go to ``fallback`` (the web layer opens http(s) and file URLs
/// as web pages there).
@MainActor
public final class Navigator {
    /// Builds the destination for a match; nil declines (the next matching route tries).
    public typealias Handler = @MainActor (RouteMatch) throws -> RouteDestination?
    /// Builds a destination for a URL no route handled; nil declines.
    public typealias Fallback = @MainActor (_ url: String, _ context: (any Sendable)?) throws -> RouteDestination?

    /// The routing table (match-only: the handlers live here, on the main actor).
    public let router: URLRouter
    /// The window whose pages this navigator changes.
    public let window: Window
    /// Called for URLs that no route handles.
    public var fallback: Fallback?

    private var handlers: [Int: Handler] = [:]

    /// Creates a navigator for `window`.
    public init(window: Window, router: URLRouter = URLRouter()) {
        self.window = window
        self.router = router
    }

    // MARK: Routes

    /// Registers `pattern` (see the router's pattern syntax) with a handler that builds the page.
    @discardableResult
    public func register(_ pattern: String, scheme: String? = nil, priority: Int = 0,
                         handler: @escaping Handler) throws(RoutePatternError) -> URLRoute {
        let route = try router.register(pattern, scheme: scheme, priority: priority)
        handlers[route.id] = handler
        return route
    }

    /// Registers `pattern` to build a ``RoutablePage`` of type `type`, shown with `show`.
    @discardableResult
    public func register<P: RoutablePage>(_ pattern: String, scheme: String? = nil, priority: Int = 0,
                                          page type: P.Type, show: ShowMode = .push) throws(RoutePatternError)
        -> URLRoute {
        try register(pattern, scheme: scheme, priority: priority) { match in
            RouteDestination(page: type.init(match: match, context: match.context), show: show)
        }
    }

    /// Whether some route or the fallback would be asked about `url`.
    public func canOpen(_ url: String) -> Bool {
        router.matches(url).contains { handlers[$0.route.id] != nil } || fallback != nil
    }

    // MARK: Opening

    /// Opens `url`: the best matching route whose handler builds a page shows it; `context` reaches the handler
    /// (as `match.context`) and a ``RoutablePage``'s initializer. The page's ``Page/url`` is set to `url`.
    /// - Throws: ``NavigationError/noRoute(_:)`` when no handler (nor the fallback) builds a page, the
    ///   handler's error, or the error of showing the page (``NavigationError/noNavigationStack``, ...).
    @discardableResult
    public func open(_ url: String, context: (any Sendable)? = nil, animated: Bool = true) throws -> PageHandle {
        guard let destination = try destination(for: url, context: context) else { throw NavigationError.noRoute(url) }
        if destination.page.url == nil { destination.page.url = url }
        return try show(destination, animated: animated)
    }

    /// The destination `url` leads to, without showing it.
    public func destination(for url: String, context: (any Sendable)? = nil) throws -> RouteDestination? {
        for match in router.matches(url, context: context) {
            guard let handler = handlers[match.route.id] else { continue }
            if let destination = try handler(match) { return destination }
        }
        return try fallback?(url, context)
    }

    /// Shows `destination` as it says.
    @discardableResult
    public func show(_ destination: RouteDestination, animated: Bool = true) throws -> PageHandle {
        switch destination.show {
        case .push: return try push(destination.page, animated: animated)
        case .present(let style): return try present(destination.page, style: style, animated: animated)
        case .tab: return try showTab(destination.page, animated: animated)
        }
    }

    /// Pushes `page` on the visible navigation stack.
    /// - Throws: ``NavigationError/noNavigationStack``, ``NavigationError/alreadyShown(_:)``.
    @discardableResult
    public func push(_ page: Page, animated: Bool = true) throws -> PageHandle {
        guard let stack = visibleStack else { throw NavigationError.noNavigationStack }
        guard page.parent == nil, page.presentingPage == nil else { throw NavigationError.alreadyShown(page.name) }
        let handle = PageHandle(page: page)
        stack.push(page, animated: animated)
        return handle
    }

    /// Presents `page` over the top page, wrapped in a new ``NavigationStack`` unless `wrap` is false.
    @discardableResult
    public func present(_ page: Page, style: PresentationStyle = .fullScreen, wrap: Bool = true,
                        animated: Bool = true) throws -> PageHandle {
        guard let top = window.topPage else { throw NavigationError.noRootPage }
        guard page.parent == nil, page.presentingPage == nil else { throw NavigationError.alreadyShown(page.name) }
        let handle = PageHandle(page: page)
        let presented = wrap ? NavigationStack(root: page, name: "NavigationStack(\(page.name))") : page
        presented.modalPresentationStyle = style
        try top.present(presented, animated: animated)
        return handle
    }

    /// Shows `page` as a tab of the visible tab container: selects the tab already showing `page.url`, else adds
    /// `page` as a tab and selects it.
    @discardableResult
    public func showTab(_ page: Page, animated: Bool = false) throws -> PageHandle {
        guard let tabs = visibleTabs else { throw NavigationError.noTabContainer }
        if let url = page.url, let existing = tabs.pages.first(where: { $0.url == url || $0.tabRootURL == url }) {
            tabs.select(existing, animated: animated)
            return PageHandle(page: existing)
        }
        let handle = PageHandle(page: page)
        tabs.select(tabs.addTab(page), animated: animated)
        return handle
    }

    // MARK: Closing

    /// Pops the top page of the visible stack. Returns it.
    @discardableResult
    public func pop(animated: Bool = true) -> Page? {
        visibleStack?.pop(animated: animated)
    }

    /// Dismisses the top presented page. Returns whether there was one.
    @discardableResult
    public func dismiss(animated: Bool = true) -> Bool {
        guard let top = window.topPage, top.presentingStorage != nil else { return false }
        top.dismiss(animated: animated)
        return true
    }
}

extension Page {
    /// For a tab that is a stack: its root page's URL (so a tab route finds the tab it built).
    var tabRootURL: String? { (self as? NavigationStack)?.rootPage?.url }
}
