import Testing
@testable import JavaScript

@Suite struct EvaluationTests {
    @Test func evaluatesAndReturnsJSON() async throws {
        let runtime = JavaScriptRuntime()
        #expect(try await runtime.evaluate("1 + 2") == .number(3))
        #expect(try await runtime.evaluate("'a' + 'b'") == .string("ab"))
        #expect(try await runtime.evaluate("({a: [1, true, null], b: 'x'})") == ["a": [1, true, nil], "b": "x"])
        #expect(try await runtime.evaluate("undefined") == .null)
    }

    @Test func globalsPersistAcrossEvaluations() async throws {
        let runtime = JavaScriptRuntime()
        try await runtime.evaluate("var counter = 41")
        #expect(try await runtime.evaluate("++counter") == .number(42))
    }

    @Test func contextSubscriptGetsAndSetsGlobals() async throws {
        let runtime = JavaScriptRuntime()
        let result = try await runtime.perform { runtime in
            let context = runtime.context
            context.setObject("value", forKeyedSubscript: "greeting")
            context["answer"] = JSValue(int: 42, in: context)
            return try context.evaluate("greeting + ':' + answer").toString()
        }
        #expect(result == "value:42")
    }

    @Test func contextsAreIsolatedButShareTheMachine() async throws {
        let runtime = JavaScriptRuntime()
        let (a, b, same) = try await runtime.perform { runtime in
            let first = runtime.makeContext(), second = runtime.makeContext()
            try first.evaluate("var x = 'first'")
            try second.evaluate("var x = 'second'")
            return (try first.evaluate("x").toString(), try second.evaluate("x").toString(),
                    first.virtualMachine === second.virtualMachine)
        }
        #expect(a == "first")
        #expect(b == "second")
        #expect(same)
    }

    @Test func appleStyleEvaluateReportsToTheHandler() async throws {
        let runtime = JavaScriptRuntime()
        let (message, resultIsUndefined) = await runtime.perform { runtime in
            let context = runtime.makeContext()
            var seen: String?
            context.exceptionHandler = { _, exception in seen = exception["message"].toString() }
            let result = context.evaluateScript("throw new Error('nope')")
            return (seen, result.isUndefined)
        }
        #expect(message == "nope")
        #expect(resultIsUndefined)
    }

    @Test func withoutAHandlerTheExceptionIsStored() async throws {
        let runtime = JavaScriptRuntime(configuration: .init(consoleSink: { _ in }))
        let stored = await runtime.perform { runtime in
            let context = runtime.makeContext()
            context.evaluateScript("throw new TypeError('stored')")
            return context.exception?["message"].toString()
        }
        #expect(stored == "stored")
    }

    @Test func checkSyntaxThrowsWithoutRunning() async throws {
        let runtime = JavaScriptRuntime()
        let error = await #expect(throws: JSException.self) {
            try await runtime.perform { runtime in try runtime.context.checkSyntax("var = 1", sourceURL: "s.js") }
        }
        #expect(error?.name == "SyntaxError")
        #expect(try await runtime.perform { runtime in
            try runtime.context.checkSyntax("globalThis.ran = true")
            return runtime.context["ran"].isUndefined
        })
    }

    @Test func evaluateAfterShutdownThrows() async throws {
        let runtime = JavaScriptRuntime()
        #expect(try await runtime.evaluate("1") == 1)
        await runtime.shutdown()
        await #expect(throws: JSException.self) { try await runtime.evaluate("1") }
        #expect(await runtime.runUntilIdle() == .idle)
    }
}
