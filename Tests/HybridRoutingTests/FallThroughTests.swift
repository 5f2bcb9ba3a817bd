import Testing
import Synchronization
import HybridRouting

/// Handlers and the unmatched handler.
@Suite struct FallThroughTests {
    @Test func handlerReturningFalseLetsTheNextCandidateTry() throws {
        let router = URLRouter()
        let log = CallLog()
        try router.register("/user/:id") { _ in log.append("placeholder"); return true }
        try router.register("/user/me") { _ in log.append("literal"); return false }
        #expect(router.route("app://user/me"))
        #expect(log.all == ["literal", "placeholder"])
    }

    @Test func firstHandlerThatHandlesStopsRouting() throws {
        let router = URLRouter()
        let log = CallLog()
        try router.register("/user/:id") { _ in log.append("placeholder"); return true }
        try router.register("/user/me") { _ in log.append("literal"); return true }
        #expect(router.route("app://user/me"))
        #expect(log.all == ["literal"])
    }

    @Test func whenNobodyHandlesTheUnmatchedHandlerGetsURLAndParameters() throws {
        let router = URLRouter()
        let log = CallLog()
        try router.register("/user/:id") { _ in log.append("declined"); return false }
        router.unmatchedHandler = { url, parameters in log.append("unmatched \(url) \(parameters)") }
        #expect(!router.route("app://user/1?a=b"))
        #expect(log.all == ["declined", "unmatched app://user/1?a=b [\"a\": [\"b\"]]"])
    }

    @Test func unmatchedURLGoesToTheUnmatchedHandler() {
        let router = URLRouter()
        let log = CallLog()
        router.unmatchedHandler = { url, _ in log.append(url) }
        #expect(!router.route("app://nowhere"))
        #expect(!router.route(""))
        #expect(log.all == ["app://nowhere", ""])
    }

    @Test func routeReturnsFalseWithoutUnmatchedHandler() throws {
        let router = try makeRouter("/a")
        #expect(!router.route("/b"))
        #expect(router.route("/a"))
    }

    @Test func handlerReceivesTheFullMatchAndTheCallersContext() throws {
        let router = URLRouter()
        let seen = Mutex<RouteMatch?>(nil)
        try router.register("/user/<int:id>(/posts/*)", scheme: "app", priority: 3) { match in
            seen.withLock { $0 = match }
            return true
        }
        let url = "APP://user/42/posts/2024/05?tab=top&tab=new"
        #expect(router.route(url, context: "from-test"))
        let match = try #require(seen.withLock { $0 })
        #expect(match.pattern == "/user/<int:id>(/posts/*)")
        #expect(match.expandedPattern == "/user/<int:id>/posts/*")
        #expect(match.scheme == "app")
        #expect(match.priority == 3)
        #expect(match.parameters == ["id": "42"])
        #expect(match.value("id", as: Int.self) == 42)
        #expect(match.query == ["tab": ["top", "new"]])
        #expect(match.wildcard == ["2024", "05"])
        #expect(match.url == url)
        #expect(match.context as? String == "from-test")
    }

    @Test func handlersMayUseTheRouterWithoutDeadlock() throws {
        let router = URLRouter()
        try router.register("/login") { _ in
            (try? router.register("/welcome")) != nil && router.remove("/login") && router.canRoute("/welcome")
        }
        #expect(router.route("/login"))
        #expect(router.routes.map(\.pattern) == ["/welcome"])
    }

    @Test func matchDoesNotRunHandlers() throws {
        let router = URLRouter()
        let log = CallLog()
        try router.register("/a") { _ in log.append("ran"); return true }
        #expect(router.match("/a") != nil)
        #expect(router.matches("/a").count == 1)
        #expect(router.canRoute("/a"))
        #expect(!router.canRoute("/b"))
        #expect(log.all.isEmpty)
    }
}
