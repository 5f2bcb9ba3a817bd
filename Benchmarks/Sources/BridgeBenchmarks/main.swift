import BenchmarkSupport
import Foundation
import Hybrid
import Synchronization

// Round trips through WebViewJavascriptBridge on one runtime, safety timeout on, tracing and logging off:
// JS `callHandler` -> native echo handler -> JS callback, and native `callHandler` -> JS echo handler -> native
// callback. Throughput keeps 1,000 calls in flight, issued from the runtime thread; latency runs one call after
// the other. The baseline is JavaScript's own `JSON.parse(JSON.stringify(x))` of the same data, in the same run,
// its rounds alternating with the measured ones; a ratio is the median of the rounds' ratios.

let inFlight = 1_000
let batches = Int(ProcessInfo.processInfo.environment["BRIDGE_BENCH_BATCHES"] ?? "") ?? 20
let sequential = 2_000

let small = "{n: 1, s: 'hello'}"
let oneKB = "{items: Array.from({length: 16}, function (_, i) { return {id: i, name: 'item ' + i, tags: ['a', 'b'], price: i * 1.5, ok: true}; })}"

final class Bench: @unchecked Sendable {
    let runtime = JavaScriptRuntime()
    let bridge: WebViewJavascriptBridge
    var context: JSContext?
    let answered = Atomic(0)

    init() async throws {
        bridge = WebViewJavascriptBridge(runtime: runtime)
        bridge.isEchoEnabled = true
        try await runtime.perform { runtime in
            let context = runtime.makeContext()
            self.context = context
            try context.evaluate("""
                globalThis.WVJBCallbacks = [function (bridge) {
                  bridge.registerHandler('jsEcho', function (data, responseCallback) { responseCallback(data); });
                }];
                globalThis.done = 0;
                function burst(count, data) {
                  for (var i = 0; i < count; i++) WebViewJavascriptBridge.callHandler('echo', data, function () { done++; });
                }
                function chain(count, data) {
                  var left = count;
                  function next() { if (left-- > 0) WebViewJavascriptBridge.callHandler('echo', data, function () { done++; next(); }); }
                  next();
                }
                function baseline(count, data) {
                  var out;
                  for (var i = 0; i < count; i++) out = JSON.parse(JSON.stringify(data));
                  return out;
                }
                """)
            self.bridge.inject(into: context)
        }
        _ = await runtime.runUntilIdle()
    }

    func js(_ script: String) async throws {
        try await runtime.perform { _ in _ = try self.context!.evaluate(script) }
    }

    func jsToNative(_ data: String, count: Int, chained: Bool) async throws {
        try await js("done = 0; \(chained ? "chain" : "burst")(\(count), \(data))")
        _ = await runtime.runUntilIdle()
        let done = try await runtime.perform { _ in try self.context!.evaluate("done").toInt() ?? 0 }
        precondition(done == count, "lost answers: \(done) of \(count)")
    }

    func nativeToJS(_ value: JSONValue, count: Int, chained: Bool) async {
        answered.store(0, ordering: .relaxed)
        await runtime.perform { _ in
            if chained {
                self.chain(value, left: count)
            } else {
                for _ in 0..<count {
                    self.bridge.callHandler("jsEcho", data: value) { _ in self.answered.add(1, ordering: .relaxed) }
                }
            }
        }
        _ = await runtime.runUntilIdle()
        precondition(answered.load(ordering: .relaxed) == count, "lost answers")
    }

    private func chain(_ value: JSONValue, left: Int) {
        guard left > 0 else { return }
        bridge.callHandler("jsEcho", data: value) { _ in
            self.answered.add(1, ordering: .relaxed)
            self.chain(value, left: left - 1)
        }
    }

    func value(of data: String) async throws -> JSONValue {
        try await runtime.perform { _ in try self.context!.evaluate("(\(data))").toJSONValue() ?? .null }
    }
}

func trace(_ s: String) { FileHandle.standardError.write(Data((s + "\n").utf8)) }
trace("init")
let bench = try await Bench()
trace("made")
print("## WebViewJavascriptBridge round trips (\(inFlight) in flight, safety timeout on)")
printReportHeader("Throughput: round trips, \(inFlight) in flight")
var ratios: [String: Double] = [:]
var rates: [String: Double] = [:]
for (label, data) in [("small", small), ("1 KB", oneKB)] {
    let count = inFlight * batches
    let baselineName = "JSON.parse(JSON.stringify(\(label)))"
    let value = try await bench.value(of: data)
    // Each direction alternates its rounds with the baseline's, so load on the machine falls on both.
    trace("js \(label)")
    let (jsToNative, baseline, jsRatio) = try await measurePair(
        "JS -> native echo -> JS, \(label)", baselineName, operations: count,
        subject: { for _ in 0..<batches { try await bench.jsToNative(data, count: inFlight, chained: false) } },
        baseline: { try await bench.js("baseline(\(count), \(data))") })
    trace("native \(label)")
    let (nativeToJS, nativeBaseline, nativeRatio) = try await measurePair(
        "native -> JS echo -> native, \(label)", baselineName, operations: count,
        subject: { for _ in 0..<batches { await bench.nativeToJS(value, count: inFlight, chained: false) } },
        baseline: { try await bench.js("baseline(\(count), \(data))") })
    let target: Double? = label == "small" ? nil : 6
    ratios["js \(label)"] = report(jsToNative, against: baseline, target: target, ratio: jsRatio)
    ratios["native \(label)"] = report(nativeToJS, against: nativeBaseline, target: target, ratio: nativeRatio)
    rates["js \(label)"] = jsToNative.operationsPerSecond
    rates["native \(label)"] = nativeToJS.operationsPerSecond
}

print("\n### Sequential latency (one call after the other, no target)\n")
print("| direction | data | latency |")
print("|---|---|---|")
for (label, data) in [("small", small), ("1 KB", oneKB)] {
    let js = try await measure("", operations: sequential, rounds: 3) { try await bench.jsToNative(data, count: sequential, chained: true) }
    let value = try await bench.value(of: data)
    let native = await measure("", operations: sequential, rounds: 3) { await bench.nativeToJS(value, count: sequential, chained: true) }
    print("| JS -> native -> JS | \(label) | \(format(js.nanosecondsPerOperation)) |")
    print("| native -> JS -> native | \(label) | \(format(native.nanosecondsPerOperation)) |")
}

print("\n### Targets\n")
for key in ["js small", "native small"] {
    let rate = rates[key] ?? 0
    print("- \(key == "js small" ? "JS -> native" : "native -> JS") small: \(Int(rate)) round trips/s (target >= 100,000: \(rate >= 100_000 ? "met" : "missed"))")
}
for key in ["js 1 KB", "native 1 KB"] {
    let ratio = ratios[key] ?? 0
    print("- \(key == "js 1 KB" ? "JS -> native" : "native -> JS") 1 KB: \(String(format: "%.2f", ratio))× the JS-only baseline (target <= 6×: \(ratio <= 6 ? "met" : "missed"))")
}

// Containers (issue 18): the same echo through other protocols in a web view with the container's adapter, tracing
// off. DSBridge's synchronous call (`dsBridge.call('echo', data)` returning the answer, through the `_dsbridge`
// JavaScript interface) and Android JsBridge round trips (`callHandler` through the `yy://` signal, `_fetchQueue`
// and `_handleMessageFromNative`, 100 in flight: 1,000 messages of 1 KB in one `yy://return/_fetchQueue/` URL would pass
// the 2,097,152 characters an Android WebView loads, and be lost as on the device), each against the same JSON baseline
// as above.
let androidInFlight = 100
final class ContainerBench: @unchecked Sendable {
    let webView: HeadlessWebView
    let bridge: WebViewJavascriptBridge

    static let web = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("web")

    init(container: ContainerProfile, page: String) async throws {
        var configuration = WebViewConfiguration()
        container.configure(&configuration)
        webView = HeadlessWebView(runtime: JavaScriptRuntime(), configuration: configuration)
        bridge = await WebViewJavascriptBridge(for: webView, container: container)
        bridge.isEchoEnabled = true
        bridge.isTracingEnabled = false
        try await webView.load(Self.web.appendingPathComponent(page))
        _ = await webView.runUntilIdle()
        _ = try await webView.evaluateJavaScript("""
            window.done = 0;
            window.syncCalls = function (count, data) {
              var out;
              for (var i = 0; i < count; i++) out = dsBridge.call('echo', data);
              if (JSON.stringify(out) !== JSON.stringify(data)) throw new Error('wrong answer ' + JSON.stringify(out));
            };
            window.burst = function (count, data) {
              for (var i = 0; i < count; i++) WebViewJavascriptBridge.callHandler('echo', data, function () { done++; });
            };
            window.baseline = function (count, data) {
              var out;
              for (var i = 0; i < count; i++) out = JSON.parse(JSON.stringify(data));
              return 0;
            };
            0
            """)
    }

    func js(_ script: String) async throws {
        _ = try await webView.evaluateJavaScript(script + "; 0")
    }

    func roundTrips(_ data: String, count: Int) async throws {
        try await js("done = 0; burst(\(count), \(data))")
        _ = await webView.runUntilIdle()
        let done = try await webView.evaluateJavaScript("done").intValue ?? 0
        precondition(done == count, "lost answers: \(done) of \(count)")
    }
}

print("\n## Other containers' protocols (web view, tracing off)")
printReportHeader("DSBridge synchronous call and Android JsBridge round trips")
let dsBridge = try await ContainerBench(container: .dsBridgeAndroid, page: "bridge/dsbridge.html")
let androidJsBridge = try await ContainerBench(container: .androidJsBridge, page: "bridge/android-jsbridge.html")
for (label, data) in [("small", small), ("1 KB", oneKB)] {
    let count = inFlight * batches
    let baselineName = "JSON.parse(JSON.stringify(\(label)))"
    trace("dsbridge \(label)")
    let sync = try await measurePair(
        "dsBridge.call (synchronous) echo, \(label)", baselineName, operations: count,
        subject: { try await dsBridge.js("syncCalls(\(count), \(data))") },
        baseline: { try await dsBridge.js("baseline(\(count), \(data))") })
    _ = report(sync.subject, against: sync.baseline, ratio: sync.ratio)
    trace("android-jsbridge \(label)")
    let android = try await measurePair(
        "Android JsBridge JS -> native echo -> JS (\(androidInFlight) in flight), \(label)", baselineName, operations: count,
        subject: { for _ in 0..<(count / androidInFlight) { try await androidJsBridge.roundTrips(data, count: androidInFlight) } },
        baseline: { try await androidJsBridge.js("baseline(\(count), \(data))") })
    _ = report(android.subject, against: android.baseline, ratio: android.ratio)
}
