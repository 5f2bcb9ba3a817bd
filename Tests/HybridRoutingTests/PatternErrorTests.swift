import Testing
import HybridRouting

/// Registration throws on malformed patterns, with the reason, and leaves the router unchanged.
@Suite struct PatternErrorTests {
    func reason(_ pattern: String, scheme: String? = nil) -> RoutePatternError.Reason? {
        do {
            try URLRouter().register(pattern, scheme: scheme)
            return nil
        } catch {
            return error.reason
        }
    }

    @Test func unbalancedParenthesesThrow() {
        #expect(reason("/a(/b") == .unbalancedParentheses)
        #expect(reason("/a)/b") == .unbalancedParentheses)
        #expect(reason("/a((/b)") == .unbalancedParentheses)
    }

    @Test func wildcardNotLastThrows() {
        #expect(reason("/a/*/b") == .catchAllNotLast)
        #expect(reason("/a(/*)/b") == .catchAllNotLast)
        #expect(reason("/a/<path:p>/b") == .catchAllNotLast)
        #expect(reason("/a(/*)") == nil)
    }

    @Test func unknownConverterThrows() {
        #expect(reason("/a/<nope:x>") == .unknownConverter("nope"))
    }

    @Test func moreThan32OptionalGroupsThrow() {
        let pattern = "/a" + String(repeating: "(/b)", count: 33)
        #expect(reason(pattern) == .tooManyOptionalGroups(33))
        #expect(reason("/a" + String(repeating: "(/b)", count: 32)) == nil)
    }

    @Test func placeholderWithoutNameThrows() {
        #expect(reason("/a/:") == .emptyParameterName)
        #expect(reason("/a/<>") == .emptyParameterName)
        #expect(reason("/a/<int:>") == .emptyParameterName)
    }

    @Test func malformedPlaceholderThrows() {
        #expect(reason("/a/<id") == .malformedPlaceholder("<id"))
        #expect(reason("/a/x<id>") == .malformedPlaceholder("x<id>"))
        #expect(reason("/a/<i/d>") == .malformedPlaceholder("<i"))
    }

    @Test func hashInsideOptionalGroupOrTwiceThrows() {
        #expect(reason("/a(#/b)") == .misplacedFragment)
        #expect(reason("/a#/b#/c") == .misplacedFragment)
    }

    @Test func schemeInPatternMustAgreeWithSchemeArgument() {
        #expect(reason("myapp://a", scheme: "other") == .conflictingScheme(pattern: "myapp", argument: "other"))
        #expect(reason("myapp://a", scheme: "MyApp") == nil)
    }

    @Test func errorDescriptionNamesPatternAndReason() {
        let error = RoutePatternError(pattern: "/a(", reason: .unbalancedParentheses)
        #expect(error.description == "invalid route pattern '/a(': unbalanced parentheses")
    }

    @Test func failedRegistrationLeavesTheRouterUnchanged() throws {
        let router = try makeRouter("/a")
        #expect(throws: RoutePatternError.self) { try router.register("/b(") }
        #expect(router.routes.map(\.pattern) == ["/a"])
        #expect(router.routes.map(\.id) == [0])
    }

    @Test func reservedConverterNamesAreRefused() {
        let router = URLRouter()
        #expect(throws: RoutePatternError.self) { try router.registerConverter(RouteConverter(name: "int") { $0 }) }
        #expect(throws: RoutePatternError.self) { try router.registerConverter(RouteConverter(name: "a:b") { $0 }) }
    }
}
