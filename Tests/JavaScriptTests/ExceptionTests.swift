import Testing
@testable import JavaScript

@Suite struct ExceptionTests {
    @Test func carriesNameMessagePositionAndStack() async {
        let runtime = JavaScriptRuntime()
        let error = await #expect(throws: JSException.self) {
            try await runtime.evaluate("\n\nfunction f() {\n  throw new RangeError('out of range');\n}\nf();", sourceURL: "app.js")
        }
        #expect(error?.name == "RangeError")
        #expect(error?.message == "out of range")
        #expect(error?.sourceURL == "app.js")
        #expect(error?.line == 4)
        #expect(error?.column != nil)
        #expect(error?.stack?.contains("f@app.js:4") == true)
        #expect(error?.description.hasPrefix("app.js:4:") == true)
        #expect(error?.description.hasSuffix("RangeError: out of range") == true)
    }

    @Test func syntaxErrorsHaveALine() async {
        let runtime = JavaScriptRuntime()
        let error = await #expect(throws: JSException.self) {
            try await runtime.evaluate("var ok = 1;\nvar = 2;", sourceURL: "bad.js")
        }
        #expect(error?.name == "SyntaxError")
        #expect(error?.line == 2)
        #expect(error?.sourceURL == "bad.js")
    }

    @Test func thrownPrimitives() async {
        let runtime = JavaScriptRuntime()
        let error = await #expect(throws: JSException.self) { try await runtime.evaluate("throw 42") }
        #expect(error?.name == "")
        #expect(error?.message == "42")
        #expect(error?.description == "Uncaught 42")
    }

    @Test func runtimeKeepsWorkingAfterAnException() async throws {
        let runtime = JavaScriptRuntime()
        await #expect(throws: JSException.self) { try await runtime.evaluate("null.x") }
        #expect(try await runtime.evaluate("'still fine'") == "still fine")
    }
}
