import Testing
@testable import HybridRouting

/// Rules for how URLs are split before matching.
@Suite struct URLSplittingTests {
    let options = URLRouterOptions()

    func split(_ url: String, _ options: URLRouterOptions = URLRouterOptions()) -> SplitURL? {
        URLSplitter.split(url, options: options)
    }

    @Test func hostIsFirstPathComponent() {
        #expect(split("app://user/42")?.segments == ["user", "42"])
    }

    @Test func hostWithDotIsNotAPathComponent() {
        #expect(split("https://example.com/user/42")?.segments == ["user", "42"])
    }

    @Test func localhostIsNotAPathComponent() {
        #expect(split("http://localhost:8080/user/42")?.segments == ["user", "42"])
    }

    @Test func hostAsPathMakesEveryHostAComponent() {
        #expect(split("https://Example.com/user", URLRouterOptions(hostAsPath: true))?.segments == ["example.com", "user"])
    }

    @Test func hostIsLowerCasedAndSchemeToo() {
        let url = split("MyApp://USER/View")
        #expect(url?.scheme == "myapp")
        #expect(url?.segments == ["user", "View"])
    }

    @Test func leadingTrailingAndRepeatedSlashesAreIgnored() {
        #expect(split("app://user//view///42/")?.segments == ["user", "view", "42"])
        #expect(split("//a///b//")?.segments == ["a", "b"])
    }

    @Test func pathOnlyURLHasNoScheme() {
        let url = split("/api/user/42")
        #expect(url?.scheme == nil)
        #expect(url?.segments == ["api", "user", "42"])
    }

    @Test func emptyStringIsNotAURL() {
        #expect(split("") == nil)
    }

    @Test func stringsFoundationRejectsStillSplit() {
        #expect(split("app://user/joel levin/{x}|%")?.segments == ["user", "joel levin", "{x}|%"])
    }

    @Test func segmentsArePercentDecodedAfterSplitting() {
        #expect(split("/a/joel%2Flevin")?.segments == ["a", "joel/levin"])
    }

    @Test func invalidEscapesAreKeptAsTheyAre() {
        #expect(split("/a/100%/%zz/%4")?.segments == ["a", "100%", "%zz", "%4"])
    }

    @Test func escapesDecodingToInvalidUTF8KeepTheRawSegment() {
        #expect(split("/a/%FF%FE")?.segments == ["a", "%FF%FE"])
    }

    @Test func plusIsASpaceBeforePercentDecoding() {
        #expect(split("/a/joel+levin/1%2B1")?.segments == ["a", "joel levin", "1+1"])
        #expect(split("/a?q=x+y&p=1%2B1")?.query == ["q": ["x y"], "p": ["1+1"]])
    }

    @Test func plusStaysPlusWhenDecodePlusIsOff() {
        let off = URLRouterOptions(decodePlus: false)
        #expect(split("/a/joel+levin", off)?.segments == ["a", "joel+levin"])
        #expect(split("/a?q=x+y", off)?.query == ["q": ["x+y"]])
    }

    @Test func repeatedQueryKeysKeepAllValuesInOrder() {
        #expect(split("/a?foo=bar&foo=baz&x=1&foo=qux")?.query == ["foo": ["bar", "baz", "qux"], "x": ["1"]])
    }

    @Test func queryItemWithoutEqualsHasEmptyValue() {
        #expect(split("/a?flag&x=1&&")?.query == ["flag": [""], "x": ["1"]])
    }

    @Test func encodedAmpersandAndEqualsStayInsideAQueryValue() {
        #expect(split("/a?u=http%3A%2F%2Ffoo.com%2F%3Fa%3D1%26b%3D2")?.query == ["u": ["http://foo.com/?a=1&b=2"]])
    }

    @Test func fragmentStartingWithSlashContinuesThePath() {
        let url = split("app://user#/view/joeldev?tab=posts")
        #expect(url?.segments == ["user", SplitURL.fragmentMarker, "view", "joeldev"])
        #expect(url?.fragmentIndex == 1)
        #expect(url?.query == ["tab": ["posts"]])
    }

    @Test func fragmentWithEqualsIsMergedLikeAQuery() {
        let url = split("app://test?a=1#a=2&b=3")
        #expect(url?.segments == ["test"])
        #expect(url?.fragmentIndex == nil)
        #expect(url?.query == ["a": ["1", "2"], "b": ["3"]])
    }

    @Test func otherFragmentsAreIgnored() {
        let url = split("app://test#section")
        #expect(url?.segments == ["test"])
        #expect(url?.query == [:])
    }

    @Test func userInfoAndPortAreNotPartOfTheHost() {
        #expect(split("app://joel:secret@user:99/view")?.segments == ["user", "view"])
    }
}

/// The public view of the splitter, for debugging and for feeding other routers the same segments.
@Suite struct RouterSegmentsTests {
    @Test func segmentsOfAURLAreWhatTheRouterMatchesOn() {
        #expect(URLRouter().segments(of: "app://User/a%20b//c/?x=1") == ["user", "a b", "c"])
        #expect(URLRouter(options: URLRouterOptions(hostAsPath: true)).segments(of: "https://a.com/b") == ["a.com", "b"])
        #expect(URLRouter().segments(of: "") == nil)
    }
}
