import Testing
@testable import JavaScript

@Suite struct UnicodeTests {
    static let samples = ["plain", "emoji 😀👩‍👩‍👧", "separators \u{2028} \u{2029}", "nul \u{0} inside", "accents é ü ñ", "",
                          "quote \" backslash \\ newline \n tab \t", "中文字符", String(repeating: "long😀", count: 200)]

    @Test(arguments: samples)
    func stringsRoundTripExactly(_ sample: String) async throws {
        let runtime = JavaScriptRuntime()
        let (back, length, viaJSON, viaJSONValue) = try await runtime.perform { runtime in
            let c = runtime.context
            c.setObject(sample, forKeyedSubscript: "s")
            let back = c["s"].toString()
            let length = c.evaluateScript("s.length").toInt()
            let viaJSON = c.evaluateScript("JSON.parse(JSON.stringify(s))").toString()
            let viaJSONValue = try JSValue(JSONValue.array([.string(sample)]), in: c).toJSONValue()
            return (back, length, viaJSON, viaJSONValue)
        }
        #expect(back == sample)
        #expect(length == sample.utf16.count)
        #expect(viaJSON == sample)
        #expect(viaJSONValue == .array([.string(sample)]))
    }

    @Test func loneSurrogatesDoNotCrash() async throws {
        let runtime = JavaScriptRuntime()
        let (plain, json, fromArgs) = try await runtime.perform { runtime in
            let c = runtime.context
            c.setFunction("echo") { args in args.string(at: 0) }
            let plain = c.evaluateScript("'a\\uD800b'").toString()
            let json = try c.evaluateScript("({k: '\\uDC00'})").toJSONValue()
            let fromArgs = c.evaluateScript("echo('x\\uD83D')").toString()
            return (plain, json, fromArgs)
        }
        #expect(plain == "a\u{FFFD}b")
        #expect(json == ["k": "\u{FFFD}"])
        #expect(fromArgs == "x\u{FFFD}")
    }

    @Test func lengthsCountUTF16Units() async {
        let runtime = JavaScriptRuntime()
        let length = await runtime.perform { runtime in
            runtime.context.setObject("😀", forKeyedSubscript: "e")
            return runtime.context.evaluateScript("e.length + ':' + e.codePointAt(0)").toString()
        }
        #expect(length == "2:128512")
    }
}
