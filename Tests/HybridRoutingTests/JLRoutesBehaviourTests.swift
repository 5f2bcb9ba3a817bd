import Testing
import HybridRouting

/// JLRoutes' published routing behaviour, ported as cases of our own. Where our ranking differs from JLRoutes'
/// pure registration order, the test says so.
@Suite struct JLRoutesBehaviourTests {
    /// JLRoutes' basic routing table.
    func table() throws -> URLRouter {
        try makeRouter(
            "/", "/test", "/user/view/:userID", "/:object/:action/:primaryKey",
            "/interleaving/:param1/foo/:param2", "/xyz/wildcard/*", "/route/:param/*",
            "/required/:requiredParam(/optional/:optionalParam)(/moreOptional/:moreOptionalParam)")
    }

    @Test func rootPatternMatchesEmptyPaths() throws {
        let router = try table()
        #expect(router.match("tests:/")?.pattern == "/")
        #expect(router.match("tests://")?.pattern == "/")
        #expect(router.match("tests://?key=value")?.query == ["key": ["value"]])
    }

    @Test func literalRouteMatchesWithOrWithoutTrailingSlashOrEmptyQuery() throws {
        let router = try table()
        for url in ["tests://test", "tests://test/", "tests://test?", "/test"] {
            let match = router.match(url)
            #expect(match?.pattern == "/test", "\(url)")
            #expect(match?.parameters == [:], "\(url)")
        }
    }

    @Test func placeholderCapturesOneSegment() throws {
        let router = try table()
        #expect(router.match("tests://user/view/joeldev")?.parameters == ["userID": "joeldev"])
        #expect(router.match("tests://user/view/joeldev/")?.parameters == ["userID": "joeldev"])
    }

    @Test func queryParametersComeAlongsidePathParameters() throws {
        let match = try table().match("tests://user/view/joeldev?foo=bar&thing=stuff")
        #expect(match?.parameters == ["userID": "joeldev"])
        #expect(match?.query == ["foo": ["bar"], "thing": ["stuff"]])
    }

    @Test func fragmentQueryItemsAreMergedIntoTheQuery() throws {
        let match = try table().match("tests://user/view/joeldev#foo=bar&thing=stuff")
        #expect(match?.pattern == "/user/view/:userID")
        #expect(match?.query == ["foo": ["bar"], "thing": ["stuff"]])
    }

    @Test func pathParametersWinOverQueryParametersOfTheSameName() throws {
        let match = try table().match("tests://user/view/joeldev?userID=evilPerson")
        #expect(match?.parameters["userID"] == "joeldev")
        #expect(match?["userID"] == "joeldev")
        #expect(match?.query["userID"] == ["evilPerson"])
    }

    @Test func threePlaceholdersMatchAnyThreeSegments() throws {
        let match = try table().match("tests://post/edit/123")
        #expect(match?.pattern == "/:object/:action/:primaryKey")
        #expect(match?.parameters == ["object": "post", "action": "edit", "primaryKey": "123"])
    }

    @Test func interleavedPlaceholdersAndLiterals() throws {
        let match = try table().match("tests://interleaving/paramvalue1/foo/paramvalue2")
        #expect(match?.parameters == ["param1": "paramvalue1", "param2": "paramvalue2"])
    }

    @Test func trailingWildcardMatchesZeroSegments() throws {
        let match = try table().match("tests://xyz/wildcard")
        #expect(match?.pattern == "/xyz/wildcard/*")
        #expect(match?.wildcard == [])
    }

    @Test func trailingWildcardTakesTheRemainingSegments() throws {
        let match = try table().match("tests://xyz/wildcard/matches/with/extra/path")
        #expect(match?.wildcard == ["matches", "with", "extra", "path"])
    }

    @Test func placeholderThenWildcard() throws {
        let match = try table().match("tests://route/matches/path/components")
        #expect(match?.parameters == ["param": "matches"])
        #expect(match?.wildcard == ["path", "components"])
    }

    @Test func requiredPlusOptionalGroups() throws {
        let router = try table()
        let pattern = "/required/:requiredParam(/optional/:optionalParam)(/moreOptional/:moreOptionalParam)"
        let cases: [(String, [String: String], String)] = [
            ("tests://required/mustExist", ["requiredParam": "mustExist"], "/required/:requiredParam"),
            ("tests://required/mustExist/optional/mightExist",
             ["requiredParam": "mustExist", "optionalParam": "mightExist"],
             "/required/:requiredParam/optional/:optionalParam"),
            ("tests://required/mustExist/optional/mightExist/moreOptional/mightExistToo",
             ["requiredParam": "mustExist", "optionalParam": "mightExist", "moreOptionalParam": "mightExistToo"],
             "/required/:requiredParam/optional/:optionalParam/moreOptional/:moreOptionalParam"),
            ("tests://required/mustExist/moreOptional/mightExistToo",
             ["requiredParam": "mustExist", "moreOptionalParam": "mightExistToo"],
             "/required/:requiredParam/moreOptional/:moreOptionalParam"),
        ]
        for (url, parameters, expanded) in cases {
            let match = router.match(url)
            #expect(match?.pattern == pattern, "\(url)")
            #expect(match?.parameters == parameters, "\(url)")
            #expect(match?.expandedPattern == expanded, "\(url)")
        }
        #expect(router.match("tests://required") == nil)
        // An incomplete optional group does not match; the three-placeholder route takes the URL instead.
        #expect(router.match("tests://required/mustExist/optional")?.pattern == "/:object/:action/:primaryKey")
    }

    @Test func interleavedOptionalGroups() throws {
        let router = try makeRouter("/(rest/):object/(app/):id")
        #expect(router.match("/rest/user/app/42")?.parameters == ["object": "user", "id": "42"])
        #expect(router.match("/rest/user/app/42")?.expandedPattern == "/rest/:object/app/:id")
        #expect(router.match("/user/42")?.expandedPattern == "/:object/:id")
        #expect(router.match("/rest/user/42")?.expandedPattern == "/rest/:object/:id")
        #expect(router.match("/user/app/42")?.expandedPattern == "/:object/app/:id")
        #expect(router.match("/user") == nil)
    }

    @Test func nestedOptionalGroups() throws {
        let router = try makeRouter("/a(/b(/c/:c))")
        #expect(router.match("/a")?.expandedPattern == "/a")
        #expect(router.match("/a/b")?.expandedPattern == "/a/b")
        #expect(router.match("/a/b/c/1")?.parameters == ["c": "1"])
        #expect(router.match("/a/c/1") == nil)
    }

    @Test func fragmentPathContinuationMatchesPatternsWithHash() throws {
        let router = try makeRouter("/user#/view/:userID", "/user")
        let match = router.match("tests://user#/view/joeldev?foo=bar")
        #expect(match?.pattern == "/user#/view/:userID")
        #expect(match?.parameters == ["userID": "joeldev"])
        #expect(match?.query == ["foo": ["bar"]])
        #expect(router.match("tests://user/view/joeldev") == nil)
        #expect(router.match("tests://user#section")?.pattern == "/user")
    }

    @Test func catchAllsDoNotRunAcrossTheFragmentBoundary() throws {
        let router = try makeRouter("/user/*", "/user#/*")
        #expect(router.match("app://user/a/b")?.pattern == "/user/*")
        let match = router.match("app://user#/view/joe")
        #expect(match?.pattern == "/user#/*")
        #expect(match?.wildcard == ["view", "joe"])
        #expect(match?.expandedPattern == "/user#/*")
    }

    @Test func patternMatchingInSeveralWaysTakesOptionalGroupsGreedilyLeftToRight() throws {
        let match = try makeRouter("/a(/:x)(/:y)").match("/a/1")
        #expect(match?.expandedPattern == "/a/:x")
        #expect(match?.parameters == ["x": "1"])
    }

    @Test func eachReservedCharacterCanBePercentEncodedInAValue() throws {
        let router = try table()
        let cases = ["%20": " ", "%2F": "/", "%3F": "?", "%23": "#", "%26": "&", "%2E": ".", "%3D": "=",
                     "%2B": "+", "%3A": ":", "%25": "%", "%40": "@", "%21": "!", "%2C": ","]
        for (escape, character) in cases {
            #expect(router.match("tests://user/view/joel\(escape)levin")?.parameters["userID"]
                    == "joel\(character)levin", "\(escape)")
        }
    }

    @Test func urlsAsParameterValues() throws {
        let router = try makeRouter("/web/:url")
        #expect(router.match("tests://web/http%3A%2F%2Ffoobar.com%2Fbaz")?.parameters["url"] == "http://foobar.com/baz")
        #expect(router.match("tests://web/x?next=http%3A%2F%2Ffoobar.com%2Fbaz%3Fa%3Db")?.query["next"]
                == ["http://foobar.com/baz?a=b"])
    }

    @Test func plusDecodesToSpaceByDefault() throws {
        let router = try table()
        #expect(router.match("tests://user/view/joel+levin")?.parameters["userID"] == "joel levin")
        #expect(router.match("tests://user/view/joel?foo=bar+baz")?.query["foo"] == ["bar baz"])
        #expect(router.match("tests://user/view/joel?foo=bar%2Bbaz")?.query["foo"] == ["bar+baz"])
    }

    @Test func plusStaysWhenDecodePlusIsOff() throws {
        let router = try makeRouter("/user/view/:userID", options: URLRouterOptions(decodePlus: false))
        #expect(router.match("tests://user/view/joel+levin")?.parameters["userID"] == "joel+levin")
        #expect(router.match("tests://user/view/joel?foo=bar+baz")?.query["foo"] == ["bar+baz"])
    }

    @Test func repeatedQueryKeysGiveAllValues() throws {
        let match = try table().match("tests://test?foo=bar&foo=baz&single=1")
        #expect(match?.query == ["foo": ["bar", "baz"], "single": ["1"]])
        #expect(match?["foo"] == "bar")
    }

    @Test func networkHostIsNotAComponentUnlessHostAsPath() throws {
        #expect(try table().match("tests://www.test.com/test")?.pattern == "/test")
        let hostAsPath = try makeRouter("/test", "/www.test.com/test", options: URLRouterOptions(hostAsPath: true))
        #expect(hostAsPath.match("tests://www.test.com/test")?.pattern == "/www.test.com/test")
    }

    /// JLRoutes tries routes in registration order, so `/:object/:action` registered first would win. Our
    /// ranking prefers the literal route whatever the order.
    @Test func literalRouteBeatsEarlierPlaceholderRoute_differsFromJLRoutes() throws {
        let router = try makeRouter("/:object/:action", "/user/view")
        #expect(router.match("tests://user/view")?.pattern == "/user/view")
    }

    @Test func higherPriorityWinsOverRegistrationOrderAndRank() throws {
        let router = URLRouter()
        try router.register("/test/priority/:level")
        try router.register("/:a/:b/:c", priority: 20)
        #expect(router.match("tests://test/priority/high")?.pattern == "/:a/:b/:c")
    }

    @Test func removedRouteNoLongerMatches() throws {
        let router = try table()
        #expect(router.remove("/user/view/:userID"))
        #expect(router.match("tests://user/view/joeldev")?.pattern == "/:object/:action/:primaryKey")
        #expect(!router.remove("/user/view/:userID"))
    }
}
