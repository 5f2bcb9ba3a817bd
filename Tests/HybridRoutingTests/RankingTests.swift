import Testing
import HybridRouting

/// Ranking rules: deterministic always.
@Suite struct RankingTests {
    @Test func literalBeatsTypedBeatsUntypedBeatsCatchAll() throws {
        // Registered worst first, so registration order cannot explain the result.
        let router = try makeRouter("/u/*", "/u/<path:rest>", "/u/:name", "/u/<int:id>", "/u/me")
        #expect(router.matches("/u/me").map(\.pattern) == ["/u/me", "/u/:name", "/u/*", "/u/<path:rest>"])
        #expect(router.matches("/u/42").map(\.pattern) == ["/u/<int:id>", "/u/:name", "/u/*", "/u/<path:rest>"])
    }

    @Test func customConverterRanksAsTyped() throws {
        let router = URLRouter()
        try router.registerConverter(RouteConverter(name: "even") { Int($0).flatMap { $0 % 2 == 0 ? $0 : nil } })
        try router.register("/n/:any")
        try router.register("/n/<even:n>")
        #expect(router.match("/n/4")?.pattern == "/n/<even:n>")
        #expect(router.match("/n/5")?.pattern == "/n/:any")
    }

    @Test func rankIsComparedSegmentBySegmentFromTheLeft() throws {
        let router = try makeRouter("/:a/b", "/a/:b")
        #expect(router.matches("/a/b").map(\.pattern) == ["/a/:b", "/:a/b"])
    }

    @Test func exactLengthBeatsTrailingWildcardMatchingNothing() throws {
        let router = try makeRouter("/files/*", "/files")
        #expect(router.matches("/files").map(\.pattern) == ["/files", "/files/*"])
    }

    @Test func higherPriorityBeatsBetterRank() throws {
        let router = URLRouter()
        try router.register("/u/me")
        try router.register("/u/*", priority: 5)
        #expect(router.matches("/u/me").map(\.pattern) == ["/u/*", "/u/me"])
    }

    @Test func equalRankFallsBackToRegistrationOrder() throws {
        let router = try makeRouter("/a/:x", "/a/<y>", "/a/:x")
        #expect(router.matches("/a/1").map(\.route.id) == [0, 1, 2])
        #expect(router.matches("/a/1").map(\.parameters) == [["x": "1"], ["y": "1"], ["x": "1"]])
    }

    @Test func namespaceBeatsGlobalEvenWithLowerPriority() throws {
        let router = URLRouter()
        try router.register("/x", priority: 100)
        try router.register("/:anything", scheme: "tests", priority: -1)
        router.setFallsBackToGlobal(true, forScheme: "tests")
        #expect(router.matches("tests://x").map(\.scheme) == ["tests", nil])
    }

    @Test func rankingHoldsForPatternsLongerThanThirtyTwoSegments() throws {
        let prefix = (0..<39).map { "/:p\($0)" }.joined()
        let router = try router([prefix + "/:last", prefix + "/x"])
        let url = (0..<39).map { "/\($0)" }.joined() + "/x"
        #expect(router.matches(url).map(\.pattern) == [prefix + "/x", prefix + "/:last"])

        let literals = (0..<32).map { "/s\($0)" }.joined()
        let boundary = try self.router([literals + "/*", literals])
        #expect(boundary.matches(literals).map(\.pattern) == [literals, literals + "/*"])
    }

    @Test func rankingIsTheSameOnEveryRun() throws {
        let patterns = ["/a/:x/c", "/a/b/:y", "/:p/:q/:r", "/a/*", "/a/b/c", "/a/<int:n>/c", "/(a/)b/c"]
        let expected = try router(patterns).matches("/a/b/c").map(\.pattern)
        #expect(expected == ["/a/b/c", "/(a/)b/c", "/a/b/:y", "/a/:x/c", "/a/*", "/:p/:q/:r"])
        for _ in 0..<20 {
            #expect(try router(patterns).matches("/a/b/c").map(\.pattern) == expected)
        }
    }

    private func router(_ patterns: [String]) throws -> URLRouter {
        let router = URLRouter()
        for pattern in patterns { try router.register(pattern) }
        return router
    }
}
