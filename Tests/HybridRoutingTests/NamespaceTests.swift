import Testing
import HybridRouting

/// Scheme namespaces, fallback, removal and listing.
@Suite struct NamespaceTests {
    @Test func schemeURLsMatchTheirNamespaceRoutes() throws {
        let router = URLRouter()
        try router.register("/test", scheme: "namespaceTest1")
        try router.register("/test")
        #expect(router.match("namespaceTest1://test")?.scheme == "namespacetest1")
        #expect(router.match("other://test")?.scheme == nil)
    }

    @Test func namespaceWithoutFallbackDoesNotUseGlobalRoutes() throws {
        let router = URLRouter()
        try router.register("/user/view/:userID")
        try router.register("/test", scheme: "namespaceTest2")
        #expect(router.match("namespaceTest2://user/view/joeldev") == nil)
    }

    @Test func namespaceWithFallbackUsesGlobalRoutesAfterItsOwn() throws {
        let router = URLRouter()
        try router.register("/user/view/:userID")
        try router.register("/test", scheme: "namespaceTest2")
        router.setFallsBackToGlobal(true, forScheme: "NamespaceTest2")
        let match = router.match("namespaceTest2://user/view/joeldev")
        #expect(match?.pattern == "/user/view/:userID")
        #expect(match?.scheme == nil)
    }

    @Test func schemeWithoutNamespaceUsesGlobalRoutes() throws {
        #expect(try makeRouter("/a").match("unknown://a") != nil)
    }

    @Test func pathOnlyURLUsesGlobalRoutes() throws {
        let router = URLRouter()
        try router.register("/api/user/:id")
        try router.register("/api/user/:id", scheme: "get")
        #expect(router.match("/api/user/42")?.scheme == nil)
        #expect(router.match("/api/user/42")?.parameters == ["id": "42"])
    }

    @Test func patternWithSchemeNamesItsNamespace() throws {
        let router = try makeRouter("myapp://user/<int:id>")
        #expect(router.routes.first?.scheme == "myapp")
        #expect(router.match("myapp://user/1") != nil)
        #expect(router.match("/user/1") == nil)
    }

    @Test func removeByPatternInANamespace() throws {
        let router = URLRouter()
        try router.register("/a", scheme: "s")
        try router.register("/a")
        #expect(!router.remove("/a", scheme: "other"))
        #expect(router.remove("/a", scheme: "S"))
        #expect(router.match("s://a") == nil)
        #expect(router.match("/a") != nil)
    }

    @Test func removeComparesNormalizedPatterns() throws {
        let router = try makeRouter("//a//b/(:c)/")
        #expect(router.remove("/a/b(/:c)"))
        #expect(router.routes.isEmpty)
        #expect(router.match("/a/b") == nil)
    }

    @Test func removeAnUnknownOrMalformedPatternReturnsFalse() throws {
        let router = try makeRouter("/a")
        #expect(!router.remove("/b"))
        #expect(!router.remove("/a(("))
        #expect(router.match("/a") != nil)
    }

    @Test func removingOneRouteKeepsItsSiblings() throws {
        let router = try makeRouter("/a/:x", "/a/:x/b", "/a/:x/c")
        #expect(router.remove("/a/:x/b"))
        #expect(router.match("/a/1")?.pattern == "/a/:x")
        #expect(router.match("/a/1/c")?.pattern == "/a/:x/c")
        #expect(router.match("/a/1/b") == nil)
    }

    @Test func removeSchemeRemovesTheNamespaceWhole() throws {
        let router = URLRouter()
        try router.register("/a", scheme: "s")
        try router.register("/b", scheme: "s")
        try router.register("/a")
        router.setFallsBackToGlobal(true, forScheme: "s")
        #expect(router.removeScheme("S"))
        #expect(!router.removeScheme("s"))
        #expect(router.routes.map(\.pattern) == ["/a"])
        #expect(router.match("s://b") == nil)
        #expect(router.match("s://a")?.scheme == nil)
    }

    @Test func routesAreListedInRegistrationOrder() throws {
        let router = URLRouter()
        try router.register("/z")
        try router.register("/a", scheme: "s", priority: 2)
        try router.register("/m")
        #expect(router.routes.map(\.description) == ["/z", "[s] /a (priority 2)", "/m"])
        #expect(router.routes.map(\.id) == [0, 1, 2])
    }

    @Test func pathLiteralsAreCaseSensitiveByDefault() throws {
        let router = try makeRouter("/user/View")
        #expect(router.match("/user/View") != nil)
        #expect(router.match("/user/view") == nil)
    }

    @Test func caseInsensitiveOptionComparesLiteralsIgnoringCase() throws {
        let router = try makeRouter("/user/View/:id", options: URLRouterOptions(caseInsensitivePaths: true))
        let match = router.match("/USER/view/AbC")
        #expect(match?.parameters == ["id": "AbC"])
    }

    @Test func trailingSlashOnThePatternStillMatches() throws {
        let router = try makeRouter("/user/view/:userID/")
        #expect(router.match("tests://user/view/joeldev")?.parameters == ["userID": "joeldev"])
    }
}
