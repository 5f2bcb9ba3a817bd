import HybridRouting
import Synchronization

/// The mock API routes: one `URLRouter` per method, and the handler of each route. Safe from any thread.
final class MockRoutes: Sendable {
    typealias Handler = @Sendable (MockRequest) throws -> MockResponse

    /// The outcome of looking a request up.
    enum Lookup {
        case handler(Handler, RouteMatch)
        /// The path has routes, but for other methods.
        case wrongMethod(allowed: [String])
        case none
    }

    private struct State {
        var routers: [String: URLRouter] = [:]
        var handlers: [String: [Int: Handler]] = [:]
    }

    private let state = Mutex(State())

    var isEmpty: Bool { state.withLock { $0.routers.isEmpty } }

    /// Adds a route. Throws `RoutePatternError` for a malformed pattern.
    func add(method: String, pattern: String, priority: Int, handler: @escaping Handler) throws {
        let method = method.uppercased()
        let router = state.withLock { state in
            if let router = state.routers[method] { return router }
            let router = URLRouter()
            state.routers[method] = router
            return router
        }
        let route = try router.register(pattern, priority: priority)
        state.withLock { $0.handlers[method, default: [:]][route.id] = handler }
    }

    /// The handler for `method` and `target` (path and query, as sent).
    func lookup(method: String, target: String) -> Lookup {
        let (routers, handlers) = state.withLock { ($0.routers, $0.handlers) }
        if routers.isEmpty { return .none }
        let effective = method == "HEAD" && routers["HEAD"] == nil ? "GET" : method
        if let match = routers[effective]?.match(target), let handler = handlers[effective]?[match.route.id] {
            return .handler(handler, match)
        }
        let allowed = routers.filter { $0.value.match(target) != nil }.map(\.key).sorted()
        return allowed.isEmpty ? .none : .wrongMethod(allowed: allowed)
    }
}
