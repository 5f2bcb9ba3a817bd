@testable import Bridge
import Foundation
import JavaScript
import Testing

/// The `--mock` file format and its behaviour, at the API level.
@Suite struct MockHandlersTests {
    static let sample = """
        {"scanClick": {"response": "www.example.com"},
         "payClick": {"error": {"code": "denied", "message": "no money"}},
         "slow": {"response": 1, "delayMs": 20},
         "echo": {"echo": true},
         "empty": {}}
        """

    @Test func parsesEveryKindOfMock() throws {
        let mocks = try MockHandlers(parsing: Self.sample)
        #expect(mocks.names == ["echo", "empty", "payClick", "scanClick", "slow"])
        #expect(mocks.mocks["scanClick"] == .init(response: "www.example.com"))
        #expect(mocks.mocks["payClick"]?.error == BridgeError(code: "denied", message: "no money"))
        #expect(mocks.mocks["slow"]?.delay == .milliseconds(20))
        #expect(mocks.mocks["echo"]?.echo == true)
        #expect(mocks.mocks["empty"] == .init())
    }

    @Test func invalidJSONReportsItsPosition() {
        #expect(throws: MockFileError(message: "invalid JSON: unexpected character", line: 2, column: 13)) {
            try MockHandlers(parsing: "{\"a\": {},\n \"b\": {\"x\": tru}}")
        }
        do {
            _ = try MockHandlers(parsing: "{\n  \"a\": {\"response\": 1,}\n}")
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 2)
            #expect(error.description.hasPrefix("line 2, column"))
        }
    }

    @Test(arguments: [
        #"{"a": {"response": 1, "error": {"code": "x", "message": "y"}}}"#,
        #"{"a": {"error": "denied"}}"#,
        #"{"a": {"delayMs": -1}}"#,
        #"{"a": {"delayMs": 1e300}}"#,
        #"{"a": {"delayMs": 86400001}}"#,
        #"{"a": {"echo": "yes"}}"#,
        #"{"a": {"echo": true, "response": 1}}"#,
        #"{"a": {"respnse": 1}}"#,
        #"{"a": 1}"#,
        #"[1]"#,
    ])
    func badMocksAreInputErrors(_ text: String) {
        #expect(throws: MockFileError.self) { try MockHandlers(parsing: text) }
    }

    @Test func sidecarFileIsNamedAfterThePage() {
        let url = MockHandlers.sidecarURL(forPage: URL(fileURLWithPath: "/w/web/bridge/seed.html"))
        #expect(url.path == "/w/web/bridge/seed.mock.json")
    }

    @Test func overridesReplaceHandlerByHandler() throws {
        let sidecar = try MockHandlers(parsing: #"{"a": {"response": 1}, "b": {"response": 2}}"#)
        let flag = try MockHandlers(parsing: #"{"b": {"response": 3}, "c": {}}"#)
        let merged = sidecar.overriding(with: flag)
        #expect(merged.mocks["a"]?.response == 1)
        #expect(merged.mocks["b"]?.response == 3)
        #expect(merged.names == ["a", "b", "c"])
    }

    @Test func unreadableFileIsAnError() {
        #expect(throws: MockFileError.self) { try MockHandlers(contentsOf: URL(fileURLWithPath: "/nonexistent/x.mock.json")) }
    }

    @Test func installedMocksAnswerThePage() async throws {
        let page = ContextPage()
        page.bridge.registerHandler("scanClick") { _, cb in cb("real handler") }
        try MockHandlers(parsing: Self.sample).install(into: page.bridge)
        try await page.load(setupScript("""
            globalThis.out = {};
            function record(name) { return function (v) { out[name] = v; }; }
            function recordError(name) { return function (e) { out[name] = e.code + '/' + e.message; }; }
            bridge.call('scanClick').then(record('scanClick'));
            bridge.call('payClick').catch(recordError('payClick'));
            bridge.call('slow').then(record('slow'));
            bridge.call('echo', {s: '\\ud800x'}).then(function (v) { out.echo = v.s === '\\ud800x'; });
            bridge.call('empty').then(record('empty'));
            bridge.callHandler('payClick', 1, function () { out.oldStyle = 'called'; });
            """))
        await page.idle()
        #expect(try await page.eval("out") == ["scanClick": "www.example.com", "payClick": "denied/no money", "echo": true,
                                               "empty": nil, "slow": 1])
    }

    /// A list answers by matcher first, then the entries without `when` in turn, the last repeating (issue 19).
    @Test func aListAnswersByMatcherThenInTurn() async throws {
        let mocks = try MockHandlers(parsing: """
            {"pay": [{"when": {"amount": 0}, "error": {"code": "invalid", "message": "nothing to pay"}},
                     {"response": {"paid": true}},
                     {"error": {"code": "declined", "message": "card declined"}}],
             "only": [{"when": {"id": 1, "user": {"vip": true}}, "response": "vip"}]}
            """)
        #expect(mocks.names == ["only", "pay"])
        #expect(mocks.lists["pay"]?.count == 3)
        #expect(mocks.mocks["pay"] == nil)
        let page = ContextPage()
        mocks.install(into: page.bridge)
        try await page.load(setupScript("""
            globalThis.out = [];
            function call(name, data) {
                return bridge.call(name, data).then(function (v) { out.push(JSON.stringify(v)); },
                                                    function (e) { out.push(e.code); });
            }
            call('pay', {amount: 5}).then(function () { return call('pay', {amount: 0}); })
                .then(function () { return call('pay', {amount: 5}); })
                .then(function () { return call('pay', {amount: 7}); })
                .then(function () { return call('only', {id: 1, user: {vip: true, name: 'x'}, extra: 1}); })
                .then(function () { return call('only', {id: 1, user: {vip: false}}); })
                .then(function () { return call('only', 'text'); });
            """))
        await page.idle()
        #expect(try await page.eval("out") == [#"{"paid":true}"#, "invalid", "declined", "declined", #""vip""#,
                                               "mock_unmatched", "mock_unmatched"])
    }

    @Test(arguments: [
        #"{"a": []}"#,
        #"{"a": [1]}"#,
        #"{"a": [{"respnse": 1}]}"#,
        #"{"a": [{"response": 1, "error": {"code": "x", "message": "y"}}]}"#,
        #"{"a": {"when": {"id": 1}, "response": 1}}"#,
    ])
    func badListsAreInputErrors(_ text: String) {
        #expect(throws: MockFileError.self) { try MockHandlers(parsing: text) }
    }

    @Test func aBadListEntryIsNamedInTheError() {
        #expect(throws: MockFileError(message: #"mock "pay" entry 2: unknown key "respnse" (use response, error, delayMs, echo, when)"#)) {
            try MockHandlers(parsing: #"{"pay": [{"response": 1}, {"respnse": 2}]}"#)
        }
    }
}
