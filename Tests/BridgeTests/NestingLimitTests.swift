@testable import Bridge
import JavaScript
import Testing

/// Message data may nest as deeply as the engine's JSON parser reads (``JSONParseError/maximumDepth``):
/// the queue scanner and the parser share that one limit, and a deeper message is refused alone.
@Suite struct NestingLimitTests {
    /// `nest(n)`: a value of `n` alternating objects and arrays around a string.
    private static let nest = "function nest(depth) { var v = 'core'; for (var i = 0; i < depth; i++) v = i % 2 ? [v] : {k: v}; return v; }"
    private let limit = JSONParseError.maximumDepth

    @Test func anOverDeepMessageIsRefusedAloneAndTheRestOfItsBatchIsDelivered() async throws {
        let page = ContextPage()
        page.bridge.isEchoEnabled = true
        let seen = Recorder<JSONValue?>()
        page.bridge.registerHandler("note") { data, cb in seen.append(data); cb(data) }
        try await page.load(setupScript(""))
        await page.idle()
        // One tick, one queue: the deep calls sit between two ordinary ones.
        try await page.eval("""
            \(Self.nest)
            globalThis.out = [];
            WebViewJavascriptBridge.callHandler('note', 1, function (v) { out.push('note ' + v); });
            WebViewJavascriptBridge.call('echo', nest(600)).then(function () { out.push('deep answered'); }, function (e) { out.push(e.code); });
            WebViewJavascriptBridge.callHandler('echo', nest(600));
            WebViewJavascriptBridge.callHandler('note', 2, function (v) { out.push('note ' + v); });
            """)
        await page.idle()
        #expect(try await page.eval("out") == ["note 1", "too_deep", "note 2"])
        #expect(seen.all == [1, 2])
        #expect(page.logs.all.filter { $0.contains("nested deeper than \(limit) levels") }.count == 2)
        let refused = page.events.all.filter { $0.outcome == BridgeError.tooDeep }
        #expect(refused.count == 2)
        #expect(refused.allSatisfy { $0.data == nil && $0.error?.code == BridgeError.tooDeep })
        #expect(page.exceptions.all.isEmpty)
    }

    @Test func dataNestedToTheParsersLimitArrivesAndOneLevelMoreIsRefused() async throws {
        let page = ContextPage()
        page.bridge.isEchoEnabled = true
        let depths = Recorder<Int>()
        page.bridge.registerHandler("depth") { data, cb in depths.append(Self.depth(of: data)); cb(nil) }
        try await page.load(setupScript(""))
        await page.idle()
        try await page.eval("""
            \(Self.nest)
            globalThis.same = [];
            [1, 63, 64, 65, 200, \(limit - 1), \(limit), \(limit + 1)].forEach(function (depth) {
              WebViewJavascriptBridge.call('echo', nest(depth)).then(function (v) {
                same.push(JSON.stringify(v) === JSON.stringify(nest(depth)));
              }, function (e) { same.push(e.code); });
            });
            WebViewJavascriptBridge.callHandler('depth', nest(\(limit)));
            """)
        await page.idle()
        #expect(try await page.eval("same") == [true, true, true, true, true, true, true, "too_deep"])
        // A Swift handler reads data at the limit as the value it is, not a fallback.
        #expect(depths.all == [limit])
    }

    @Test func anOverDeepAnswerFailsTheNativeCallInsteadOfLeavingItWaiting() async throws {
        let page = ContextPage()
        try await page.load(setupScript("""
            \(Self.nest)
            bridge.registerHandler('deep', function (d) { return nest(d); });
            """))
        await page.idle()
        let atTheLimit = try #require(await page.callUntilIdle("deep", .number(Double(limit))))
        #expect(Self.depth(of: try atTheLimit.get()) == limit)
        let deeper = await page.callUntilIdle("deep", .number(Double(limit + 1)))
        #expect(deeper.map { if case .failure(let error) = $0 { error.code } else { "answered" } } == BridgeError.tooDeep)
        #expect(page.bridge.core.state.withLock { $0.pending.isEmpty })
    }

    /// The nesting depth of a value: 0 for a scalar.
    static func depth(of value: JSONValue?) -> Int {
        switch value {
        case .array(let elements)?: 1 + (elements.map { depth(of: $0) }.max() ?? 0)
        case .object(let object)?: 1 + (object.map { depth(of: $0.value) }.max() ?? 0)
        default: 0
        }
    }
}
