import Synchronization

/// Routes URLs (`app://user/42?tab=posts`, `/api/user/42`) to handlers, with JLRoutes' and URLNavigator's pattern
/// syntax on one trie.
///
/// Safe to use from many threads at once: registration may happen while other threads match. Matching takes a
/// snapshot of the routing tables under a lock held only for a few reference-count increments, then walks it
/// without any lock, so readers never wait for each other nor for a long registration.
///
/// ```swift
/// let router = URLRouter()
/// try router.register("/user/view/:userID") { match in
///     print(match.parameters["userID"]!)
///     return true
/// }
/// router.route("myapp://user/view/joeldev")   // prints "joeldev", returns true
/// router.match("/user/view/42")?.parameters   // ["userID": "42"]
/// ```
public final class URLRouter: Sendable {
    /// A route's handler: returns whether it handled the URL; `false` lets the next candidate try.
    public typealias Handler = @Sendable (RouteMatch) -> Bool
    /// Called by `route(_:context:)` when no route handles a URL, with the URL and its query parameters.
    public typealias UnmatchedHandler = @Sendable (_ url: String, _ parameters: [String: [String]]) -> Void

    /// How URLs are split and literals compared; fixed at creation.
    public let options: URLRouterOptions

    private struct State {
        var tables = RouteTables()
        var entries: [RouteEntry] = []
        var converters = RouteConverter.builtIns
        var nextID = 0
        var unmatchedHandler: UnmatchedHandler?
    }

    private let state = Mutex(State())

    /// Creates an empty router.
    public init(options: URLRouterOptions = URLRouterOptions()) {
        self.options = options
    }

    // MARK: Registration

    /// Registers `pattern` in the `scheme` namespace (nil: the global routes, unless the pattern names its own
    /// scheme as in `myapp://user/<int:id>`).
    ///
    /// - Parameters:
    ///   - pattern: see the README's pattern syntax: `/user/:id`, `/user/<int:id>`, `/files/*`, `/a(/:b)`.
    ///   - scheme: the namespace; must agree with a scheme written in the pattern.
    ///   - priority: higher priorities are tried first (default 0).
    ///   - handler: runs when `route(_:context:)` picks this route; returns whether it handled the URL. The
    ///     default handles every URL, for routers used only through `match(_:context:)`.
    /// - Returns: the registered route.
    /// - Throws: ``RoutePatternError`` for a malformed pattern.
    @discardableResult
    public func register(_ pattern: String, scheme: String? = nil, priority: Int = 0,
                         handler: @escaping Handler = { _ in true }) throws(RoutePatternError) -> URLRoute {
        try state.withLock { state throws(RoutePatternError) in
            let (compiled, namespace) = try compile(pattern, scheme: scheme, converters: state.converters)
            let route = URLRoute(pattern: pattern, scheme: namespace, priority: priority, id: state.nextID)
            state.nextID += 1
            let entry = RouteEntry(route: route, compiled: compiled, handler: handler)
            if let namespace {
                state.tables.namespaces[namespace, default: RouteTable()].root.insert(entry, along: compiled.prefix[...])
            } else {
                state.tables.global.root.insert(entry, along: compiled.prefix[...])
            }
            state.entries.append(entry)
            return route
        }
    }

    /// Adds a custom converter for `<name:parameter>` placeholders. Register converters before the patterns that
    /// use them; registering a name again replaces the converter for patterns registered afterwards.
    /// - Throws: ``RoutePatternError`` with reason `invalidConverterName` for a built-in or malformed name.
    public func registerConverter(_ converter: RouteConverter) throws(RoutePatternError) {
        let name = converter.name
        guard !name.isEmpty, !RouteConverter.reservedNames.contains(name),
              !name.contains(where: { ":<>/()#".contains($0) }) else {
            throw RoutePatternError(pattern: "<\(name):>", reason: .invalidConverterName(name))
        }
        state.withLock { $0.converters[name] = converter }
    }

    /// Removes the routes registered with `pattern` in the `scheme` namespace (patterns compare after
    /// normalization, so `/a/b/` removes `/a/b`). Returns whether any route was removed.
    @discardableResult
    public func remove(_ pattern: String, scheme: String? = nil) -> Bool {
        state.withLock { state in
            guard let (compiled, namespace) = try? compile(pattern, scheme: scheme, converters: state.converters)
            else { return false }
            let canonical = compiled.canonical
            let removed: [RouteEntry]
            if let namespace {
                guard state.tables.namespaces[namespace] != nil else { return false }
                removed = state.tables.namespaces[namespace]!.root.remove(along: compiled.prefix[...]) {
                    $0.compiled.canonical == canonical
                }
            } else {
                removed = state.tables.global.root.remove(along: compiled.prefix[...]) {
                    $0.compiled.canonical == canonical
                }
            }
            if removed.isEmpty { return false }
            let ids = Set(removed.map(\.route.id))
            state.entries.removeAll { ids.contains($0.route.id) }
            return true
        }
    }

    /// Removes a scheme namespace whole: its routes and its fallback setting. Returns whether it existed.
    @discardableResult
    public func removeScheme(_ scheme: String) -> Bool {
        let namespace = scheme.lowercased()
        return state.withLock { state in
            guard state.tables.namespaces.removeValue(forKey: namespace) != nil else { return false }
            state.entries.removeAll { $0.route.scheme == namespace }
            return true
        }
    }

    /// Sets whether URLs of `scheme` that none of its namespace's routes handle go on to the global routes
    /// (JLRoutes' `shouldFallbackToGlobalRoutes`; off by default). Creates the namespace if needed.
    public func setFallsBackToGlobal(_ fallsBack: Bool, forScheme scheme: String) {
        state.withLock { $0.tables.namespaces[scheme.lowercased(), default: RouteTable()].fallsBackToGlobal = fallsBack }
    }

    /// Every registered route, in registration order.
    public var routes: [URLRoute] {
        state.withLock { $0.entries.map(\.route) }
    }

    /// Gets the URL and its query parameters when `route(_:context:)` finds no route that handles it.
    public var unmatchedHandler: UnmatchedHandler? {
        get { state.withLock { $0.unmatchedHandler } }
        set { state.withLock { $0.unmatchedHandler = newValue } }
    }

    // MARK: Matching

    /// Runs the handlers of the routes matching `url` in ranking order until one returns true.
    ///
    /// When none does (or none matches), the ``unmatchedHandler`` gets the URL and `route` returns false.
    /// An invalid URL is a clean non-match.
    @discardableResult
    public func route(_ url: String, context: (any Sendable)? = nil) -> Bool {
        let (tables, unmatched) = state.withLock { ($0.tables, $0.unmatchedHandler) }
        guard let split = URLSplitter.split(url, options: options) else {
            unmatched?(url, [:])
            return false
        }
        var steps = 0
        for candidate in tables.candidates(for: split, options: options, steps: &steps)
        where candidate.entry.handler(candidate.match(url: url, split: split, context: context)) {
            return true
        }
        unmatched?(url, split.query)
        return false
    }

    /// The best route matching `url`, without running handlers. Works with path-only URLs (`/api/user/42`).
    public func match(_ url: String, context: (any Sendable)? = nil) -> RouteMatch? {
        let tables = state.withLock { $0.tables }
        guard let split = URLSplitter.split(url, options: options) else { return nil }
        var steps = 0
        return tables.candidates(for: split, options: options, steps: &steps).first?
            .match(url: url, split: split, context: context)
    }

    /// Every route matching `url`, best first, without running handlers.
    public func matches(_ url: String, context: (any Sendable)? = nil) -> [RouteMatch] {
        var steps = 0
        return matches(url, context: context, limit: Int.max, steps: &steps)
    }

    /// Whether some route matches `url` (handlers are not run, so this cannot know whether one would decline).
    public func canRoute(_ url: String) -> Bool {
        match(url) != nil
    }

    /// Matching with a count of the work done, for the tests that check matching is linear in its input.
    func matches(_ url: String, context: (any Sendable)?, limit: Int, steps: inout Int) -> [RouteMatch] {
        let tables = state.withLock { $0.tables }
        guard let split = URLSplitter.split(url, options: options, steps: &steps) else { return [] }
        let candidates = tables.candidates(for: split, options: options, steps: &steps)
        return candidates.prefix(limit).map { $0.match(url: url, split: split, context: context) }
    }

    private func compile(_ pattern: String, scheme: String?,
                         converters: [String: RouteConverter]) throws(RoutePatternError) -> (CompiledPattern, String?) {
        let parsed = try PatternParser(options: options, converters: converters).parse(pattern)
        let argument = scheme?.lowercased()
        if let named = parsed.scheme, let argument, named != argument {
            throw RoutePatternError(pattern: pattern, reason: .conflictingScheme(pattern: named, argument: argument))
        }
        return (CompiledPattern(parsed), parsed.scheme ?? argument)
    }
}

extension URLRouter {
    /// The decoded path segments this router matches `url` on (host included when it is a path component),
    /// or nil for input that is not a URL. Useful to debug a routing table, and to feed other routers the same
    /// segments in benchmarks.
    public func segments(of url: String) -> [String]? {
        URLSplitter.split(url, options: options)?.segments
    }
}
