@testable import Bridge
import Foundation
import JavaScript
import Testing

/// `--mock-script`: native handlers written as a JavaScript module, run in a context of their own (issue 19).
@Suite struct MockScriptTests {
    private func module(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mocks-\(UUID().uuidString).js")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func exportedFunctionsAnswerThePageInTheirOwnContext() async throws {
        let path = try module("""
            var count = 0;
            globalThis.leak = "module";
            module.exports = {
              getUser(data) { count += 1; return { id: data.id, name: "Ann", count: count }; },
              async later(data) { await null; return "later " + data; },
              refuse() { return { error: { code: "denied", message: "no" } }; },
              broken() { throw new TypeError("bad data"); },
              offline() { return Promise.reject({ code: "offline", message: "no network" }); },
              notAFunction: 1,
            };
            """)
        let page = ContextPage()
        let names = try await MockScript.install(contentsOf: path, into: page.bridge)
        #expect(names == ["broken", "getUser", "later", "offline", "refuse"])
        try await page.load(setupScript("""
            globalThis.out = [];
            function call(name, data) {
                return bridge.call(name, data).then(function (v) { out.push(JSON.stringify(v)); },
                                                    function (e) { out.push(e.code + ": " + e.message); });
            }
            call('getUser', {id: 1}).then(function () { return call('getUser', {id: 2}); })
                .then(function () { return call('later', 'on'); })
                .then(function () { return call('refuse'); })
                .then(function () { return call('broken'); })
                .then(function () { return call('offline'); })
                .then(function () { out.push(typeof leak + " " + typeof module); });
            """))
        await page.idle()
        #expect(try await page.eval("out") == [#"{"id":1,"name":"Ann","count":1}"#, #"{"id":2,"name":"Ann","count":2}"#,
                                               #""later on""#, "denied: no", "handler_failed: bad data", "offline: no network",
                                               "undefined undefined"])
        #expect(page.logs.all.contains { $0.contains("the mock script's broken failed: bad data") })
    }

    @Test func aModuleThatCannotLoadIsAClearError() async throws {
        let syntax = try module("module.exports = {\n  a() { return 1 }\n  b() {}\n};\n")
        await #expect(throws: MockFileError.self) { try await MockScript.install(contentsOf: syntax, into: ContextPage().bridge) }
        do {
            try await MockScript.install(contentsOf: syntax, into: ContextPage().bridge)
        } catch {
            #expect(error.file == syntax)
            #expect(error.line == 3, "\(error)")
            #expect(error.message.hasPrefix("SyntaxError"), "\(error)")
        }
        let esModule = try module("// mocks\nexport default {\n  getUser(data) { return { id: data.id }; },\n};\n")
        await #expect(throws: MockFileError(file: esModule, message: "is an ES module (export/import): a mock script is a CommonJS "
                                            + "module, write module.exports = { handlerName(data) { ... } }", line: 2)) {
            try await MockScript.install(contentsOf: esModule, into: ContextPage().bridge)
        }
        let throwing = try module("throw new Error('no config');")
        do {
            try await MockScript.install(contentsOf: throwing, into: ContextPage().bridge)
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "\(throwing): line 1, column 10: Error: no config" || error.message == "Error: no config", "\(error)")
        }
        let empty = try module("module.exports = { a: 1 };")
        await #expect(throws: MockFileError(file: empty, message: "exports no functions: write module.exports = { handlerName(data) { ... } }")) {
            try await MockScript.install(contentsOf: empty, into: ContextPage().bridge)
        }
        await #expect(throws: MockFileError(file: "/nonexistent/mocks.js", message: "cannot read the mock script")) {
            try await MockScript.install(contentsOf: "/nonexistent/mocks.js", into: ContextPage().bridge)
        }
    }
}
