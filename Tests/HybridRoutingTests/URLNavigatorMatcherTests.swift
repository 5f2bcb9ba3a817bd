import Foundation
import Testing
import HybridRouting

/// URLNavigator's matcher behaviour, ported as cases of our own.
@Suite struct URLNavigatorMatcherTests {
    @Test func intPlaceholderConvertsTheValue() throws {
        let match = try makeRouter("myapp://user/<int:id>").match("myapp://user/123")
        #expect(match?.value("id", as: Int.self) == 123)
        #expect(match?.parameters["id"] == "123")
        #expect(match?.scheme == "myapp")
    }

    @Test func converterThatRejectsMakesNoMatch() throws {
        let router = try makeRouter("myapp://user/<int:id>")
        #expect(router.match("myapp://user/abc") == nil)
        #expect(router.match("myapp://user/12.5") == nil)
    }

    @Test func converterRejectionFallsToTheNextCandidate() throws {
        let router = try makeRouter("myapp://user/<int:id>", "myapp://user/<name>")
        #expect(router.match("myapp://user/123")?.pattern == "myapp://user/<int:id>")
        #expect(router.match("myapp://user/devxoul")?.pattern == "myapp://user/<name>")
    }

    @Test func floatAndUUIDPlaceholders() throws {
        let router = try makeRouter("/point/<float:x>", "/item/<uuid:id>")
        #expect(router.match("/point/1.5")?.value("x", as: Double.self) == 1.5)
        #expect(router.match("/point/nan") == nil)
        #expect(router.match("/point/inf") == nil)
        let uuid = UUID()
        #expect(router.match("/item/\(uuid.uuidString)")?.value("id", as: UUID.self) == uuid)
        #expect(router.match("/item/not-a-uuid") == nil)
    }

    @Test func stringPlaceholderIsAnUntypedPlaceholder() throws {
        let match = try makeRouter("/user/<string:name>").match("/user/devxoul")
        #expect(match?.parameters == ["name": "devxoul"])
        #expect(match?.typed.isEmpty == true)
    }

    @Test func angleBracketPlaceholderIsLikeColon() throws {
        #expect(try makeRouter("/user/<id>").match("/user/abc")?.parameters == ["id": "abc"])
    }

    @Test func customConverterIsUsedByName() throws {
        let router = URLRouter()
        try router.registerConverter(RouteConverter(name: "hex") { UInt8($0, radix: 16) })
        try router.register("/color/<hex:red>")
        #expect(router.match("/color/ff")?.value("red", as: UInt8.self) == 255)
        #expect(router.match("/color/zz") == nil)
    }

    @Test func literalBeatsPlaceholder() throws {
        let router = try makeRouter("myapp://user/<id>", "myapp://user/me")
        #expect(router.match("myapp://user/me")?.pattern == "myapp://user/me")
        #expect(router.match("myapp://user/you")?.pattern == "myapp://user/<id>")
    }

    @Test func pathPlaceholderJoinsOneOrMoreRemainingSegments() throws {
        let router = try makeRouter("myapp://file/<path:path>")
        #expect(router.match("myapp://file/a/b/c")?.parameters["path"] == "a/b/c")
        #expect(router.match("myapp://file/a")?.parameters["path"] == "a")
        #expect(router.match("myapp://file") == nil)
    }

    @Test func queryIsIgnoredForMatching() throws {
        let router = try makeRouter("myapp://alert")
        #expect(router.match("myapp://alert?title=hello&message=world")?.query
                == ["title": ["hello"], "message": ["world"]])
    }

    @Test func extraSegmentsMakeNoMatch() throws {
        #expect(try makeRouter("myapp://hello").match("myapp://hello/world") == nil)
    }

    @Test func schemeMismatchMakesNoMatch() throws {
        #expect(try makeRouter("myapp://user/<int:id>").match("yourapp://user/1") == nil)
    }

    @Test func schemeAndHostCompareCaseInsensitively() throws {
        let router = try makeRouter("MyApp://User/<int:id>")
        #expect(router.match("myapp://user/1")?.scheme == "myapp")
        #expect(router.match("MYAPP://USER/1") != nil)
    }

    @Test func foundationURLInputsMatchToo() throws {
        let router = try makeRouter("myapp://user/<int:id>")
        #expect(router.match(URL(string: "myapp://user/7")!)?.value("id", as: Int.self) == 7)
        #expect(router.canRoute(URL(string: "myapp://user/7")!))
    }
}
