import Foundation
import JavaScript
import Testing
@testable import WebView

@Suite struct CommonJSModulesTests {
    /// Runs `body` with a fresh context and a `require` rooted at `directory`, on the runtime thread.
    private func withRequire<T: Sendable>(directory: String = "/", searchPaths: [String] = CommonJSModules.defaultSearchPaths,
                                          _ body: @escaping @Sendable (JSContext, JSValue) throws -> T) async throws -> T {
        let runtime = JavaScriptRuntime()
        return try await runtime.perform { runtime in
            let context = runtime.makeContext()
            let require = try CommonJSModules.makeRequire(in: context, directory: directory, searchPaths: searchPaths)
            return try body(context, require)
        }
    }

    @Test func loadsDominoAndParsesADocument() async throws {
        let text = try await withRequire { context, require in
            let domino = try require.call(arguments: ["domino"])
            let window = try domino.invokeMethod("createWindow", arguments: ["<p id='x'>hello</p>", "http://example.test/"])
            return window["document"].invokeMethod("getElementById", withArguments: ["x"])["textContent"].toString()
        }
        #expect(text == "hello")
    }

    @Test func resolvesRelativeFilesJSONAndPackageMain() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cjs-\(UUID().uuidString)")
        let package = root.appendingPathComponent("pkg")
        try FileManager.default.createDirectory(at: package.appendingPathComponent("lib"), withIntermediateDirectories: true)
        try #"{"main": "lib/entry.js"}"#.write(to: package.appendingPathComponent("package.json"), atomically: true, encoding: .utf8)
        try "module.exports = { answer: require('./data.json').answer, self: __filename };"
            .write(to: package.appendingPathComponent("lib/entry.js"), atomically: true, encoding: .utf8)
        try #"{"answer": 42}"#.write(to: package.appendingPathComponent("lib/data.json"), atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: root) }

        let (answer, filename, same) = try await withRequire(searchPaths: [root.path]) { context, require in
            let first = try require.call(arguments: ["pkg"])
            let second = try require.call(arguments: ["pkg"])
            return (first["answer"].toInt(), first["self"].toString(), first.isEqual(to: second))
        }
        #expect(answer == 42)
        #expect(filename == package.appendingPathComponent("lib/entry.js").path)
        #expect(same, "a module is evaluated once per context and cached")
    }

    @Test func eachContextGetsItsOwnModuleInstances() async throws {
        let runtime = JavaScriptRuntime()
        let distinct = try await runtime.perform { runtime in
            let a = runtime.makeContext(), b = runtime.makeContext()
            let domA = try CommonJSModules.makeRequire(in: a).call(arguments: ["domino"])
            let domB = try CommonJSModules.makeRequire(in: b).call(arguments: ["domino"])
            return !domA.isEqual(to: domB)
        }
        #expect(distinct)
    }

    @Test func missingPackageNamesItsDebianPackage() async throws {
        let message = try await withRequire(searchPaths: ["/nonexistent"]) { context, require in
            do {
                _ = try require.call(arguments: ["domino"])
                return "no error"
            } catch let error as JSException {
                return error.message
            }
        }
        #expect(message.contains("node-domino"))
        #expect(message.contains("apt-get install"))
    }

    @Test func unknownModuleIsACatchableErrorAndTheLoaderKeepsWorking() async throws {
        let (caught, retried) = try await withRequire { context, require in
            context["require"] = require
            let caught = try context.evaluate("try { require('no-such-module'); 'no' } catch (e) { e.message }").toString()
            let retried = try context.evaluate("typeof require('domino').createDocument").toString()
            return (caught, retried)
        }
        #expect(caught?.contains("Cannot find module 'no-such-module'") == true)
        #expect(retried == "function")
    }

    @Test func aModuleThatThrowsIsNotCached() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cjs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try "globalThis.loads = (globalThis.loads || 0) + 1; if (globalThis.loads === 1) throw new Error('first load fails');"
            .write(to: root.appendingPathComponent("flaky.js"), atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: root) }
        let loads = try await withRequire(searchPaths: [root.path]) { context, require in
            _ = try? require.call(arguments: ["flaky"])
            _ = try require.call(arguments: ["flaky"])
            return context["loads"].toInt()
        }
        #expect(loads == 2)
    }
}

/// The process-wide tables behind `require` (resolutions and sources): many readers at once, the first value kept.
@Suite struct ReadMostlyCacheTests {
    @Test func keepsTheFirstValueAndAnswersMissingKeysWithNil() {
        let cache = ReadMostlyCache<String, Int>()
        #expect(cache["a"] == nil)
        #expect(cache.insert(1, for: "a") == 1)
        #expect(cache.insert(2, for: "a") == 1, "a second insert must not replace what readers may have seen")
        #expect(cache["a"] == 1)
    }

    @Test func threadsReadingAndFillingAtOnceAllSeeOneValuePerKey() async {
        let cache = ReadMostlyCache<Int, Int>()
        // 32 tasks race to fill the same 200 keys, each with its own value; every task must see the winner's.
        let seen = await withTaskGroup(of: [Int].self) { group in
            for task in 0..<32 {
                group.addTask {
                    (0..<200).map { key in cache[key] ?? cache.insert(task * 1_000 + key, for: key) }
                }
            }
            return await group.reduce(into: [[Int]]()) { $0.append($1) }
        }
        let winners = (0..<200).map { cache[$0] }
        for values in seen { #expect(values == winners) }
        #expect(winners.enumerated().allSatisfy { key, value in value.map { $0 % 1_000 } == key })
    }
}
