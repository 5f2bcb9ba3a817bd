@testable import HybridRouting
import Testing

/// Pattern syntax is ASCII and is read scalar by scalar, as URLs are split byte by byte: a combining mark after a
/// `/` does not glue the slash to the next segment (as one grapheme it would, with the splitter disagreeing).
@Suite struct PatternScalarTests {
    @Test func aCombiningMarkAfterASlashStartsTheNextSegment() throws {
        let router = try makeRouter("/a/\u{5A8}b/:id")
        let match = try #require(router.match("/a/%D6%A8b/7"))
        #expect(match.parameters["id"] == "7")
    }

    @Test func aPatternStartingWithACombiningMarkKeepsItsNormalForm() throws {
        let parsed = try RouterParsing.parsePattern("\u{5A8}", options: URLRouterOptions())
        #expect(parsed.rendered == "/\u{5A8}")
        #expect(try RouterParsing.parsePattern(parsed.rendered, options: URLRouterOptions()).rendered == "/\u{5A8}")
    }
}
