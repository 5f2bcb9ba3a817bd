@testable import Bridge
import Testing

/// A lone surrogate a page sends keeps its escape in the bridge's events (`BridgeEvent.dataJSON`).
@Suite struct LoneSurrogateTests {
    @Test func onlyEscapesOfLoneSurrogatesCount() {
        #expect(RawJSONScanner.hasLoneSurrogateEscape(#""\ud800""#))
        #expect(RawJSONScanner.hasLoneSurrogateEscape(#"{"a":"x\uDC00y"}"#))
        #expect(RawJSONScanner.hasLoneSurrogateEscape(#"["\ud83d\u0041"]"#))
        #expect(RawJSONScanner.hasLoneSurrogateEscape(#"["\ud83d"]"#))
        #expect(!RawJSONScanner.hasLoneSurrogateEscape(#"["\ud83d\ude00"]"#))
        #expect(!RawJSONScanner.hasLoneSurrogateEscape(#"["😀", "\u00e9", "\n\"\\"]"#))
        // An escaped backslash followed by the letters `ud800` is text, not an escape.
        #expect(!RawJSONScanner.hasLoneSurrogateEscape(#"["a\\ud800"]"#))
        #expect(RawJSONScanner.hasLoneSurrogateEscape(#"["a\\\ud800"]"#))
        // Cut short or malformed: no escape.
        #expect(!RawJSONScanner.hasLoneSurrogateEscape(#""\ud8"#))
        #expect(!RawJSONScanner.hasLoneSurrogateEscape(#"\"#))
        #expect(!RawJSONScanner.hasLoneSurrogateEscape(""))
    }

    @Test func theEventKeepsThePagesTextOnlyForALoneSurrogate() async throws {
        let page = ContextPage()
        page.bridge.isEchoEnabled = true
        try await page.load(setupScript("""
            bridge.callHandler('echo', {lone: '\\ud800', pair: '\\ud83d\\ude00'}, function () {});
            bridge.callHandler('echo', {pair: '\\ud83d\\ude00'});
            """))
        await page.idle()
        let calls = page.events.all.filter { $0.direction == .jsToNative && $0.type == .call }
        #expect(calls.count == 2)
        #expect(calls.first?.dataJSON == #"{"lone":"\ud800","pair":"😀"}"#)
        #expect(calls.first?.fields["dataJSON"] == .string(#"{"lone":"\ud800","pair":"😀"}"#))
        #expect(calls.first?.data?["lone"] == "\u{FFFD}")
        #expect(calls.last?.dataJSON == nil)
        #expect(calls.last?.fields["dataJSON"] == nil)
        // The echo's answer carries the page's text back, lone surrogate and all.
        let answers = page.events.all.filter { $0.direction == .nativeToJS && $0.type == .response }
        #expect(answers.first?.dataJSON == #"{"lone":"\ud800","pair":"😀"}"#)
    }
}
