import Testing
@testable import JavaScript

@Suite struct FunctionTests {
    struct Boom: Error, CustomStringConvertible { var description: String { "boom from Swift" } }

    @Test func swiftClosureCalledFromJavaScript() async {
        let runtime = JavaScriptRuntime()
        let result = await runtime.perform { runtime in
            let c = runtime.context
            c.setFunction("add") { args in args.double(at: 0) + args.double(at: 1) }
            c.setFunction("describe") { args in "\(args.count):\(args.string(at: 0) ?? "nil"):\(args.this.isObject)" }
            return c.evaluateScript("add(2, 3) + '|' + describe('x', 1) + '|' + describe()").toString()
        }
        #expect(result == "5|2:x:true|0:nil:true")
    }

    @Test func swiftFunctionsInheritFunctionPrototype() async {
        let runtime = JavaScriptRuntime()
        let result = await runtime.perform { runtime in
            let c = runtime.context
            c.setFunction("twice") { args in args.double(at: 0) * 2 }
            return c.evaluateScript("[typeof twice, twice.name, twice.call(null, 2), twice.apply(null, [3]), twice.bind(null, 4)()].join()").toString()
        }
        #expect(result == "function,twice,4,6,8")
    }

    @Test func swiftThrowBecomesCatchableJavaScriptError() async {
        let runtime = JavaScriptRuntime()
        let result = await runtime.perform { runtime in
            let c = runtime.context
            c.setFunction("fail") { _ in throw Boom() }
            c.setFunction("typeFail") { _ in throw JSException(name: "TypeError", message: "bad type") }
            return c.evaluateScript("""
                var out = [];
                try { fail(); } catch (e) { out.push(e instanceof Error, e.message); }
                try { typeFail(); } catch (e) { out.push(e instanceof TypeError, e.message); }
                out.join()
                """).toString()
        }
        #expect(result == "true,boom from Swift,true,bad type")
    }

    @Test func rethrownJavaScriptExceptionKeepsTheOriginalValue() async {
        let runtime = JavaScriptRuntime()
        let result = await runtime.perform { runtime in
            let c = runtime.context
            c.setFunction("callBack") { args in try args[0].call() }
            return c.evaluateScript("""
                class Custom extends Error {}
                const original = new Custom('mine');
                try { callBack(() => { throw original; }); 'no' } catch (e) { e === original }
                """).toBool()
        }
        #expect(result)
    }

    @Test func javaScriptFunctionCalledFromSwiftWithThis() async throws {
        let runtime = JavaScriptRuntime()
        let result = try await runtime.perform { runtime in
            let c = runtime.context
            let object = c.evaluateScript("({ name: 'obj', get() { return this.name; } })")
            return try object["get"].call(arguments: [], this: object).toString()
        }
        #expect(result == "obj")
    }

    @Test func closureValuesAndArgumentsAsValues() async {
        let runtime = JavaScriptRuntime()
        let result = await runtime.perform { runtime in
            let c = runtime.context
            let keep = JSValue(function: { args in try args.json(at: 0) }, name: "echoJSON", in: c)
            c["echoJSON"] = keep
            return c.evaluateScript("JSON.stringify(echoJSON({a: [1, {b: 'c'}]}))").toString()
        }
        #expect(result == #"{"a":[1,{"b":"c"}]}"#)
    }

    @Test func functionsAreReleasedWithTheirContext() async throws {
        final class Tracker { nonisolated(unsafe) static var released = 0 }
        final class Payload { deinit { Tracker.released += 1 } }
        let runtime = JavaScriptRuntime()
        let released = try await runtime.perform { runtime in
            Tracker.released = 0
            do {
                let context = runtime.makeContext()
                for _ in 0..<10 {
                    let payload = Payload()
                    context.setFunction("f") { _ in _ = payload; return nil }
                }
                try context.evaluate("f()")
            }
            // Collect in a fresh context of the same machine; finalized closures are released at the next exit.
            let other = runtime.makeContext()
            other.virtualMachine.collectGarbage(in: other)
            return Tracker.released
        }
        #expect(released > 0)
    }
}
