import Testing
@testable import JavaScript

@Suite struct SharedScriptTests {
    /// A script that counts its runs on each context's global object.
    static let counter = SharedScript(source: "var runs = (typeof runs === 'number' ? runs : 0) + 1; ({ runs: runs, fn: function () { return runs; } })",
                                      sourceURL: "hybrid:tests/counter.js")

    @Test func eachContextRunsTheSameScriptOnItsOwnGlobals() async throws {
        let runtime = JavaScriptRuntime()
        let (first, second, again) = try await runtime.perform { runtime in
            let a = runtime.makeContext(), b = runtime.makeContext()
            let one = try a.evaluate(Self.counter)
            let two = try b.evaluate(Self.counter)
            let three = try a.evaluate(Self.counter)
            return (try one["fn"].call(arguments: []).toInt32(), two["runs"].toInt32(), three["runs"].toInt32())
        }
        #expect(first == 2)  // the first run's function reads the global that the third run changed
        #expect(second == 1)
        #expect(again == 2)
    }

    @Test(arguments: ["hybrid:tests/throws.js", "/usr/share/nodejs/example/throws.js"])
    func errorsNameTheScriptAndItsLine(url: String) async throws {
        let runtime = JavaScriptRuntime()
        let script = SharedScript(source: "var a = 1;\nvar b = 2;\nthrow new TypeError('third line');", sourceURL: url)
        let error = await runtime.perform { runtime -> JSException? in
            do { try runtime.context.evaluate(script); return nil } catch let error as JSException { return error } catch { return nil }
        }
        #expect(error?.name == "TypeError")
        #expect(error?.message == "third line")
        #expect(error?.sourceURL == url)
        #expect(error?.line == 3)
    }

    @Test func aScriptThatDoesNotParseThrowsItsSyntaxErrorEveryTime() async throws {
        let runtime = JavaScriptRuntime()
        let script = SharedScript(source: "function broken( {", sourceURL: "/usr/share/nodejs/example/broken.js", startingLineNumber: 7)
        let names = await runtime.perform { runtime -> [String] in
            (0..<2).map { _ in
                do { try runtime.context.evaluate(script); return "no error" } catch let error as JSException {
                    return "\(error.name) \(error.sourceURL ?? "-") \(error.line ?? 0)"
                } catch { return "\(error)" }
            }
        }
        #expect(names == Array(repeating: "SyntaxError /usr/share/nodejs/example/broken.js 7", count: 2))
    }

    @Test func aScriptOutlivesTheMachinesThatUsedIt() async throws {
        for _ in 0..<3 {
            let runtime = JavaScriptRuntime()
            #expect(try await runtime.perform { try $0.context.evaluate(Self.counter)["runs"].toInt32() } == 1)
            await runtime.shutdown()
        }
    }
}
