import Testing
import Foundation
@testable import JavaScript

/// The details of the JSON text path: duplicate keys, large objects, escapes and number layout,
/// each checked against JavaScriptCore's own `JSON.parse` / `JSON.stringify`.
@Suite struct JSONTextTests {
    @Test func duplicateKeysKeepTheFirstPositionAndTheLastValueLikeJSONParse() async throws {
        let text = #"{"a":1,"b":2,"a":3,"c":{"x":1,"x":2}}"#
        let ours = try JSONValue(parsing: text)
        #expect(ours.objectValue?.keys == ["a", "b", "c"])
        #expect(ours["a"] == 3)
        #expect(ours["c"]?["x"] == 2)
        let runtime = JavaScriptRuntime()
        let theirs = try await runtime.evaluate("JSON.parse('\(text)')")
        #expect(ours.jsonString == theirs.jsonString)
    }

    @Test func largeObjectsKeepOrderThroughLookupsRemovalsAndJavaScript() async throws {
        var object = JSONObject()
        for i in 0..<200 { object["k\(i)"] = .number(Double(i)) }
        #expect(object.count == 200)
        #expect(object["k150"] == 150)
        object["k10"] = nil
        object["k10"] = "back"
        object["k20"] = "replaced"
        #expect(object.keys.last == "k10")
        #expect(object.keys[19] == "k20")  // k10 moved to the end
        #expect(object["k20"] == "replaced")
        #expect(object["missing"] == nil)
        var shuffled = JSONObject()
        for key in object.keys.reversed() { shuffled[key] = object[key] }
        #expect(shuffled == object)
        #expect(shuffled.hashValue == object.hashValue)
        let runtime = JavaScriptRuntime()
        let sent = object
        let back = try await runtime.perform { runtime in
            try JSValue(JSONValue.object(sent), in: runtime.context).toJSONValue()
        }
        #expect(back?.objectValue?.keys == object.keys)
        #expect(try JSONValue(parsing: JSONValue.object(object).jsonString).objectValue?.keys == object.keys)
    }

    @Test func unicodeEscapesJoinPairsAndRepairLoneSurrogates() throws {
        #expect(try JSONValue(parsing: #""\ud83d\ude00""#) == "😀")
        #expect(try JSONValue(parsing: #""a\ud800b""#) == "a\u{FFFD}b")
        #expect(try JSONValue(parsing: #""\udc00\ud800\u0041""#) == "\u{FFFD}\u{FFFD}A")
        #expect(try JSONValue(parsing: #""\u00e9\u4e2d""#) == "é中")
        #expect(try JSONValue(parsingUTF8: Array(#"["\u0000", "é"]"#.utf8)) == ["\u{0}", "é"])
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: #""\ud83d\uZZZZ""#) }
    }

    static let numbers: [Double] = [0, -0.0, 1, -1, 0.1, 98.25, -0.125, 1e-7, 1.5e-7, 0.000001, 123456.789, 1e15, 1e16,
                                    123456789012345683968, 1e21, 1.5e21, 2e300, .leastNonzeroMagnitude,
                                    .greatestFiniteMagnitude, 9007199254740992, 4.35, 0.1 + 0.2]

    @Test func numbersAreWrittenAsJavaScriptWritesThemAndReadBackExactly() async throws {
        let runtime = JavaScriptRuntime()
        let array = JSONValue.array(Self.numbers.map(JSONValue.number))
        let theirs = try await runtime.perform { runtime in
            try JSValue(array, in: runtime.context).toJSON()
        }
        #expect(array.jsonString == theirs)
        let back = try JSONValue(parsing: array.jsonString)
        #expect(back.arrayValue?.compactMap(\.doubleValue) == Self.numbers)
        #expect(try JSONValue(parsing: "[1E3, 2.5e-3, -0, 12345678901234567890, 1e400]")
            == [1000, 0.0025, .number(-0.0), .number(12345678901234567890.0), .number(.infinity)])
    }

    @Test func shortAndLongDecimalsAreWrittenAsJavaScriptWritesThem() async throws {
        // Short decimals take the writer's fast path; near misses and long fractions must not.
        var generator = SystemRandomNumberGenerator()
        var numbers: [Double] = [1.5, -2.25, 0.3, 12.34, 999999999.5, 1e9 + 0.5, 0.000001234, 1.0000001,
                                 0.1 + 0.7, 1 / 3, -1e-6, 123456.000001, 8.589934592e9 + 0.25]
        for places in 1...8 {
            for _ in 0..<250 {
                let scaled = Double(Int64.random(in: -10_000_000_000...10_000_000_000, using: &generator))
                numbers.append(scaled / pow(10, Double(places)))
            }
        }
        for _ in 0..<500 { numbers.append(Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator))) }
        numbers = numbers.filter(\.isFinite)
        let array = JSONValue.array(numbers.map(JSONValue.number))
        let runtime = JavaScriptRuntime()
        let theirs = try await runtime.perform { runtime in
            try JSValue(array, in: runtime.context).toJSON()
        }
        #expect(array.jsonString == theirs)
        #expect(try JSONValue(parsing: array.jsonString) == array)
    }

    @Test func controlCharactersAndQuotesAreEscapedLikeJSONStringify() async throws {
        let text = "quote \" backslash \\ slash / nl \n cr \r tab \t nul \u{0} bell \u{7} esc \u{1B} del \u{7F} é \u{2028}"
        let runtime = JavaScriptRuntime()
        let theirs = try await runtime.perform { runtime in
            try JSValue(string: text, in: runtime.context).toJSON()
        }
        #expect(JSONValue.string(text).jsonString == theirs)
        #expect(try JSONValue(parsing: JSONValue.string(text).jsonString) == .string(text))
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: deep) }
        let fine = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect((try? JSONValue(parsing: fine)) != nil)
    }

    @Test func truncatedAndGarbageInputThrowsWithAnOffset() {
        for text in ["{\"a\":", "[1,2", "\"abc", "{\"a\" :1,}", "nul", "-", "1e", "[1]]", "{\"a\":1 \"b\":2}", "\u{FEFF}1"] {
            do {
                _ = try JSONValue(parsing: text)
                Issue.record("parsed \(text)")
            } catch let error as JSONParseError {
                #expect(error.offset >= 0 && error.offset <= text.utf8.count)
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }
}

@Suite struct JSONCrossingLimitTests {
    @Test func aValueNestedTooDeeplyThrowsARangeErrorAndTheRuntimeKeepsWorking() async throws {
        let runtime = JavaScriptRuntime()
        let error = await #expect(throws: JSException.self) {
            try await runtime.evaluate("let v = []; for (let i = 0; i < 600; i++) v = [v]; v")
        }
        #expect(error?.name == "RangeError")
        #expect(error?.message.contains("512") == true)
        #expect(try await runtime.evaluate("let w = []; for (let i = 0; i < 500; i++) w = [w]; JSON.stringify(w).length") == 1002)  // 501 levels
    }

    @Test func aLargePayloadCrossesBothWays() async throws {
        let runtime = JavaScriptRuntime()
        let (count, text) = try await runtime.perform { runtime -> (Int, Int) in
            let context = runtime.context
            context.setFunction("echo") { args in try args.json(at: 0) }
            let size = try context.evaluate("""
                const big = Array.from({length: 20000}, (_, i) => ({id: i, name: 'item ' + i + ' é😀', tags: ['a', 'b'], n: i / 3}));
                const back = echo(big);
                JSON.stringify(back) === JSON.stringify(big) ? back.length : -1
                """).toInt() ?? -1
            let length = try context.evaluate("JSON.stringify(big).length").toInt() ?? 0
            return (size, length)
        }
        #expect(count == 20000)
        #expect(text > 1_000_000)
    }
}
