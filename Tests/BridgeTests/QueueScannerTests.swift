@testable import Bridge
import JavaScript
import Testing

/// The queue scanner splits a `_fetchQueue()` text into messages, checking the grammar, and marks
/// the entries nested deeper than the parser reads instead of giving up on the whole queue.
@Suite struct QueueScannerTests {
    private let limit = RawJSONScanner.maximumDepth

    /// Text of `depth` nested arrays around `1`.
    private func arrays(_ depth: Int) -> String {
        String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
    }

    @Test func theScannerAndTheParserShareOneLimit() {
        #expect(limit == JSONParseError.maximumDepth)
        #expect(WebViewJavascriptBridge.maximumNestingDepth == JSONParseError.maximumDepth)
    }

    @Test func anOverDeepEntryIsMarkedAndItsNeighboursAreRead() throws {
        let text = #"[{"handlerName":"a"}, {"handlerName":"b","data":"# + arrays(limit + 1) + #","callbackId":"cb_1_1"},{"handlerName":"c"}]"#
        let elements = try #require(RawJSONScanner.elements(of: text))
        #expect(elements.map(\.isTooDeep) == [false, true, false])
        #expect(elements.map { $0.members?.handlerName } == [#""a""#, #""b""#, #""c""#])
        #expect(elements[1].members?.callbackId == #""cb_1_1""#)
        #expect(elements.map(\.size).reduce(0, +) + 5 == text.utf8.count)  // brackets, commas and a space
    }

    @Test func dataAtTheLimitIsNotTooDeep() throws {
        for (depth, tooDeep) in [(limit, false), (limit + 1, true)] {
            let elements = try #require(RawJSONScanner.elements(of: #"[{"handlerName":"a","data":"# + arrays(depth) + "}]"))
            #expect(elements.map(\.isTooDeep) == [tooDeep])
            // What the scanner keeps as data, the parser reads.
            if !tooDeep { #expect(throws: Never.self) { try JSONValue(parsing: elements[0].members?.data ?? "") } }
        }
        // An entry that is not an object counts from its own outermost container.
        #expect(RawJSONScanner.elements(of: "[" + arrays(limit) + "," + arrays(limit + 1) + "]")?.map(\.isTooDeep) == [false, true])
    }

    @Test func nestingFarPastTheLimitIsReadWithoutRecursion() throws {
        let depth = 1_000_000
        let deep = String(repeating: #"{"k":["#, count: depth) + "null" + String(repeating: "]}", count: depth)
        let elements = try #require(RawJSONScanner.elements(of: #"[{"handlerName":"a","data":"# + deep + #"},{"handlerName":"b"}]"#))
        #expect(elements.map(\.isTooDeep) == [true, false])
    }

    @Test(arguments: [
        "[1}",                      // mismatched brackets
        "[{\"k\" 1}]",              // missing colon
        "[{\"k\":1,}]",             // trailing comma
        "[[1,]]",                   // trailing comma in an array
        "[01]", "[nul]", "[\"\\x\"]", "[{1:2}]", "[1 2]", "[",
    ])
    func malformedTextPastTheLimitIsStillMalformed(_ inner: String) {
        // The same fault deep inside a message's data, and at the top of it.
        let deep = String(repeating: "[", count: limit + 1) + inner + String(repeating: "]", count: limit + 1)
        #expect(RawJSONScanner.elements(of: #"[{"handlerName":"a","data":"# + deep + "}]") == nil)
        #expect(RawJSONScanner.elements(of: #"[{"handlerName":"a","data":"# + inner + "}]") == nil)
    }

    @Test func wellFormedTextPastTheLimitIsAccepted() {
        let inner = #"[{"a":[1,-2.5e3,true,false,null,"s\"\u00e9"]},{},[],"x",{"b":{"c":[]}}]"#
        let deep = String(repeating: "[", count: limit + 1) + inner + String(repeating: "]", count: limit + 1)
        let elements = RawJSONScanner.elements(of: #"[{"handlerName":"a","data":"# + deep + "}]")
        #expect(elements?.map(\.isTooDeep) == [true])
    }
}
