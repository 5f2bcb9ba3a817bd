import Testing
import Synchronization
@testable import JavaScript

@Suite struct ConsoleTests {
    final class Sink: Sendable {
        let messages = Mutex<[ConsoleMessage]>([])
        var all: [ConsoleMessage] { messages.withLock { $0 } }
        var sink: ConsoleSink { { message in self.messages.withLock { $0.append(message) } } }
    }

    private func logged(_ script: String) async throws -> [ConsoleMessage] {
        let sink = Sink()
        let runtime = JavaScriptRuntime(configuration: .init(consoleSink: sink.sink))
        try await runtime.evaluate(script, sourceURL: "page.js")
        return sink.all
    }

    @Test func levelsTextAndLocation() async throws {
        let messages = try await logged("console.log('a');\nconsole.info('b');\nconsole.warn('c');\nconsole.error('d');\nconsole.debug('e');")
        #expect(messages.map(\.level) == [.log, .info, .warn, .error, .debug])
        #expect(messages.map(\.text) == ["a", "b", "c", "d", "e"])
        #expect(messages.map(\.line) == [1, 2, 3, 4, 5])
        #expect(messages.allSatisfy { $0.sourceURL == "page.js" })
    }

    @Test func aLoneSurrogateIsKeptAsAJSONLiteral() async throws {
        let messages = try await logged(#"console.log('a\ud800b', '\ud83d\ude00'); console.log('x\udc00'); console.log('\ud83d\ude00 "q"');"#)
        #expect(messages.map(\.text) == ["a\u{FFFD}b 😀", "x\u{FFFD}", "😀 \"q\""])
        #expect(messages.map(\.textJSON) == [#""a\ud800b 😀""#, #""x\udc00""#, nil])
    }

    @Test(arguments: [
        ("console.log('%s is %d years', 'Bob', 42.9)", "Bob is 42.9 years"),
        ("console.log('%i|%f|%d', '42.9x', '1.5', '7')", "42|1.5|7"),
        ("console.log('%j', {a: [1, 'x']})", #"{"a":[1,"x"]}"#),
        ("console.log('%o and %O', [1], {k: 'v'})", #"[1] and {"k":"v"}"#),
        ("console.log('100%% sure', 'extra')", "100% sure extra"),
        ("console.log('%s')", "%s"),
        ("console.log('%s %s', 'only')", "only %s"),
        ("console.log({a: 1, b: 'two', c: [true, null, undefined]})", #"{"a":1,"b":"two","c":[true,null,undefined]}"#),
        ("const o = {name: 'loop'}; o.self = o; console.log(o)", #"{"name":"loop","self":[Circular]}"#),
        ("const o = {}; o.o = o; console.log('%j', o)", "[Circular]"),
        ("console.log(1, 'a', true, null, undefined)", "1 a true null undefined"),
        ("console.log(function named() {}, Symbol('s'), 10n, -0)", "[Function: named] Symbol(s) 10n -0"),
        ("console.log(new Map([['k', 1]]), new Set([1]))", #"Map(1) {"k" => 1} Set(1) {1}"#),
        ("console.log(new Date(0))", "1970-01-01T00:00:00.000Z"),
        ("console.log('%c styled', 'color: red')", " styled"),
        // A DOM node (here shaped as domino's, whose members reach its whole document) by its start tag or name.
        ("const doc = {nodeType: 9, nodeName: '#document', cloneNode() {}}; doc.self = doc; " +
         "const p = {nodeType: 1, nodeName: 'P', localName: 'p', attributes: [{name: 'id', value: 'x'}], ownerDocument: doc, cloneNode() {}}; " +
         "const t = {nodeType: 3, nodeName: '#text', data: 'hi', parentNode: p, cloneNode() {}}; console.warn('at', p, [t], doc)",
         #"at <p id="x"> [#text "hi"] #document"#),
        ("console.log({nodeType: 1, nodeName: 'not a node'})", #"{"nodeType":1,"nodeName":"not a node"}"#),
    ])
    func formatsLikeNode(script: String, expected: String) async throws {
        let messages = try await logged(script)
        #expect(messages.map(\.text) == [expected])
    }

    @Test func errorsPrintNameMessageAndStack() async throws {
        let messages = try await logged("function f() { return new Error('bad'); }\nconsole.error(f())")
        #expect(messages.first?.text.hasPrefix("Error: bad\n    at f@page.js:1") == true)
    }

    @Test func perContextSinkOverridesTheRuntimeSink() async throws {
        let runtimeSink = Sink(), pageSink = Sink()
        let runtime = JavaScriptRuntime(configuration: .init(consoleSink: runtimeSink.sink))
        await runtime.perform { runtime in
            let page = runtime.makeContext()
            page.consoleSink = pageSink.sink
            _ = page.evaluateScript("console.log('page')")
            _ = runtime.context.evaluateScript("console.log('default')")
        }
        #expect(pageSink.all.map(\.text) == ["page"])
        #expect(runtimeSink.all.map(\.text) == ["default"])
    }

    @Test func formatIsAvailableToSwift() async {
        let runtime = JavaScriptRuntime()
        let text = await runtime.perform { runtime in
            let c = runtime.context
            return c.format([JSValue(string: "%d items", in: c), JSValue(int: 3, in: c), c.evaluateScript("({x: 1})")])
        }
        #expect(text == #"3 items {"x":1}"#)
    }
}
