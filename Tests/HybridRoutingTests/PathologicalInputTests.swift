import Testing
@testable import HybridRouting

/// Hostile input: never a crash, and work linear in the input, checked by counting steps (never by the clock).
@Suite struct PathologicalInputTests {
    /// Steps taken to split and match `url`.
    func steps(_ router: URLRouter, _ url: String) -> (steps: Int, matched: Bool) {
        var steps = 0
        let matched = !router.matches(url, context: nil, limit: Int.max, steps: &steps).isEmpty
        return (steps, matched)
    }

    /// Work at size 2n is at most about twice the work at size n: linear (or better), not quadratic or exponential.
    func expectLinear(_ small: Int, _ large: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let ratio = Double(large) / Double(small)
        #expect(ratio < 2.5, "steps \(small) → \(large), ratio \(ratio)", sourceLocation: sourceLocation)
    }

    func table() throws -> URLRouter {
        try makeRouter("/a/:x", "/files/*", "/p/<path:rest>", "/(x/)(y/):z", "/q/<int:n>/:s")
    }

    @Test func sixtyFourKiBURLIsHandledInLinearWork() throws {
        let router = try table()
        let half = steps(router, "app://files/" + String(repeating: "abcdefg/", count: 4_096))
        let full = steps(router, "app://files/" + String(repeating: "abcdefg/", count: 8_192))
        #expect(full.matched && half.matched)
        expectLinear(half.steps, full.steps)
        let oneSegment = router.match("/a/" + String(repeating: "z", count: 65_536))
        #expect(oneSegment?.parameters["x"]?.utf8.count == 65_536)
    }

    @Test func thousandSegmentsAreHandledInLinearWork() throws {
        let router = try table()
        let segments = (0..<1_000).map(String.init)
        let match = router.match("/p/" + segments.joined(separator: "/"))
        #expect(match?.parameters["rest"] == segments.joined(separator: "/"))
        #expect(router.match("/files/" + segments.joined(separator: "/"))?.wildcard == segments)
        let half = steps(router, "/a/" + segments.prefix(500).joined(separator: "/"))
        let full = steps(router, "/a/" + segments.joined(separator: "/"))
        #expect(!half.matched && !full.matched)
        expectLinear(half.steps, full.steps)
    }

    @Test func invalidEscapesEverywhereAreKeptAndCostLinearWork() throws {
        let router = try table()
        let match = router.match("/a/%%%zz%4%" + "?%=%&%%=%zz#%")
        #expect(match?.parameters["x"] == "%%%zz%4%")
        #expect(match?.query == ["%": ["%"], "%%": ["%zz"]])
        let half = steps(router, "/a/" + String(repeating: "%G", count: 16_384))
        let full = steps(router, "/a/" + String(repeating: "%G", count: 32_768))
        #expect(half.matched && full.matched)
        expectLinear(half.steps, full.steps)
    }

    @Test func garbageIsACleanNonMatch() throws {
        let router = try table()
        for url in ["", "://", ":", "?", "#", "%", "::::", "a://", "/\u{0}/\u{FFFF}", "\u{1F600}://\u{1F600}",
                    "[::1]", "http://[::1]:80/a/1", "a:b:c//d", "#/a/1", "?#?#", String(repeating: "/", count: 10_000)] {
            _ = router.match(url)
            _ = router.matches(url)
            _ = router.route(url)
        }
        #expect(router.match("http://[::1]:80/a/1")?.parameters == ["x": "1"])
    }

    @Test func twentyOptionalGroupsMatchWithoutExponentialWork() throws {
        // 20 groups of one placeholder each can split 10 segments in C(20,10) = 184,756 ways; a URL that fails
        // only at its last segment would make naive backtracking try them all.
        let pattern = "/start" + String(repeating: "(/:p)", count: 20) + "/end"
        let router = try makeRouter(pattern)
        let segments = (0..<10).map { "s\($0)" }
        #expect(router.match("/start/" + segments.joined(separator: "/") + "/end") != nil)
        let miss = steps(router, "/start/" + segments.joined(separator: "/") + "/nope")
        #expect(!miss.matched)
        #expect(miss.steps < 2_000, "\(miss.steps) steps")
    }

    @Test func optionalGroupWorkGrowsLinearlyWithTheURL() throws {
        let router = try makeRouter("/(a/)(:b/)*")
        let half = steps(router, "/" + String(repeating: "a/", count: 500) + "x")
        let full = steps(router, "/" + String(repeating: "a/", count: 1_000) + "x")
        #expect(half.matched && full.matched)
        expectLinear(half.steps, full.steps)

        let groups = try makeRouter("/s" + String(repeating: "(/a)", count: 20) + "/end")
        let fewer = steps(groups, "/s" + String(repeating: "/a", count: 250) + "/end")
        let more = steps(groups, "/s" + String(repeating: "/a", count: 500) + "/end")
        #expect(!fewer.matched && !more.matched)
        expectLinear(fewer.steps, more.steps)
    }

    @Test func deepPatternsRegisterAndMatch() throws {
        let pattern = (0..<1_000).map { "/:p\($0)" }.joined()
        let router = try makeRouter(pattern)
        let match = router.match((0..<1_000).map { "/\($0)" }.joined())
        #expect(match?.parameters["p999"] == "999")
    }
}
