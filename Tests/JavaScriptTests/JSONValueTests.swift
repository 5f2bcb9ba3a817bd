import Testing
@testable import JavaScript

@Suite struct JSONValueTests {
    @Test func roundTripsThroughJavaScriptKeepingKeyOrder() async throws {
        let value: JSONValue = ["z": 1, "a": ["nested": [1.5, -0.25, 1e300, "s"]], "m": nil, "b": true]
        let runtime = JavaScriptRuntime()
        let (back, text) = try await runtime.perform { runtime in
            let js = JSValue(value, in: runtime.context)
            return (try js.toJSONValue(), try js.toJSON())
        }
        #expect(back == value)
        #expect(back?.objectValue?.keys == ["z", "a", "m", "b"])
        #expect(text == value.jsonString)
    }

    @Test func equalityIgnoresKeyOrder() {
        let a: JSONValue = ["x": 1, "y": 2]
        let b: JSONValue = ["y": 2, "x": 1]
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
    }

    @Test func parsesAndWritesJSONText() throws {
        let text = #"{"a":[1,2.5,-3,true,false,null],"s":"q\"\\\n\u00e9\ud83d\ude00","e":{}}"#
        let value = try JSONValue(parsing: text)
        #expect(value["s"] == .string("q\"\\\né😀"))
        #expect(value["a"]?[1] == .number(2.5))
        #expect(try JSONValue(parsing: value.jsonString) == value)
    }

    @Test(arguments: ["", "{", "[1,]", "{\"a\" 1}", "01", "1.", "\"\u{1}\"", "tru", "[1] x", "\"\\x\""])
    func rejectsMalformedText(_ text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: text) }
    }

    @Test func nonFiniteNumbersBecomeNull() {
        #expect(JSONValue.array([.number(.nan), .number(.infinity)]).jsonString == "[null,null]")
    }

    @Test func accessors() {
        let value: JSONValue = ["n": 3, "s": "x", "b": false, "a": [1]]
        #expect(value["n"]?.intValue == 3)
        #expect(value["s"]?.stringValue == "x")
        #expect(value["b"]?.boolValue == false)
        #expect(value["a"]?.arrayValue?.count == 1)
        #expect(value["missing"] == nil)
        #expect(JSONValue.null.isNull)
    }
}
