import BenchmarkSupport
import Foundation
import JavaScript

// `swift run -c release --package-path Benchmarks PoolBenchmarks`: JavaScriptPool calls from many tasks against one
// shared runtime and against Node.js running the same function on the same JSON in a loop (no HTTP on either side:
// the service benchmark of issue 20 adds that). Node is started in the same run; without `node` its rows are left out.

let pricing = """
    function calculatePrice(cart) {
      var total = 0;
      for (var i = 0; i < cart.items.length; i++) total += cart.items[i].price * cart.items[i].quantity;
      var discount = cart.coupon === 'TEN' ? total * 0.1 : 0;
      return { total: Math.round((total - discount) * 100) / 100, discount: discount, currency: cart.currency, lines: cart.items.length };
    }
    """
struct Item: Codable, Sendable { var sku: String; var price: Double; var quantity: Int }
struct Cart: Codable, Sendable { var items: [Item]; var currency: String; var coupon: String? }
struct Price: Codable, Sendable { var total: Double; var discount: Double; var currency: String; var lines: Int }
let cart = Cart(items: (0..<5).map { Item(sku: "sku-\($0)", price: Double($0) + 0.99, quantity: $0 + 1) }, currency: "EUR", coupon: "TEN")
let cartJSON = String(decoding: try JSONEncoder().encode(cart), as: UTF8.self)

let callers = 64, callsPerCaller = 500, total = callers * callsPerCaller
let cores = ProcessInfo.processInfo.activeProcessorCount

func concurrently(_ body: @escaping @Sendable () async throws -> Void) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<callers { group.addTask { for _ in 0..<callsPerCaller { try await body() } } }
        try await group.waitForAll()
    }
}

let pool = try await JavaScriptPool(configuration: .init(runtimes: cores, maxQueued: callers)) { context in
    _ = try context.evaluate(pricing)
}
let pooled = try await measure("pool (\(cores) runtimes), \(callers) callers: call", operations: total, rounds: 5) {
    try await concurrently { _ = try await pool.call("calculatePrice", [cart], as: Price.self) }
}
// Before the direct coders (JSONValueEncoder/Decoder): the same call with Foundation's JSONEncoder and JSONDecoder,
// as `call` did until then.
let pooledFoundation = try await measure("pool, \(callers) callers: call, Foundation coders", operations: total, rounds: 5) {
    try await concurrently {
        _ = try await pool.run { context in
            try context.globalObject["calculatePrice"].call(arguments: [JSValue(encoding: cart, in: context, encoder: JSONEncoder())])
                .decode(Price.self, decoder: JSONDecoder())
        }
    }
}
// Where the time goes: the same calls with JSON values instead of Codable types, and an empty call (the hops alone).
let cartValue = try JSONDecoder().decode(JSONValue.self, from: Data(cartJSON.utf8))
let pooledJSON = try await measure("pool, \(callers) callers: call with JSONValue", operations: total, rounds: 5) {
    try await concurrently { _ = try await pool.call("calculatePrice", [cartValue], as: JSONValue.self) }
}
let pooledEmpty = try await measure("pool, \(callers) callers: run { 0 }", operations: total, rounds: 5) {
    try await concurrently { _ = try await pool.run { _ in 0 } }
}
let single = try await JavaScriptPool(configuration: .init(runtimes: 1, maxQueued: callers)) { context in
    _ = try context.evaluate(pricing)
}
let one = try await measure("one runtime, \(callers) callers: call", operations: total, rounds: 5) {
    try await concurrently { _ = try await single.call("calculatePrice", [cart], as: Price.self) }
}

/// Node.js: JSON.parse the cart, call, JSON.stringify the result, in a loop; nanoseconds per call.
func node() -> BenchmarkSupport.Measurement? {
    let script = pricing + """
        var text = \(String(reflecting: cartJSON)), n = \(total), samples = [];
        for (var round = 0; round < 6; round++) {
          var start = process.hrtime.bigint(), out = 0;
          for (var i = 0; i < n; i++) out += JSON.stringify(calculatePrice(JSON.parse(text))).length;
          if (round > 0) samples.push(Number(process.hrtime.bigint() - start) / n);
        }
        samples.sort(function (a, b) { return a - b; });
        console.log(samples[samples.length >> 1]);
        """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["node", "-e", script]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0,
          let ns = Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
    return BenchmarkSupport.Measurement(name: "Node.js, one process: parse, call, stringify", nanosecondsPerOperation: ns)
}

printReportHeader("JavaScriptPool (\(total) calls of calculatePrice per round; time per call, so lower is better)")
if let node = node() {
    report(pooled, against: node)
    report(pooledFoundation, against: node)
    report(one, against: node)
    report(pooledJSON, against: node)
    report(pooledEmpty, against: node)
    print("\npool throughput: \(Int(pooled.operationsPerSecond)) calls/s; Node.js: \(Int(node.operationsPerSecond)) calls/s;"
          + String(format: " ratio to Node: %.2f", pooled.operationsPerSecond / node.operationsPerSecond))
} else {
    report(pooled, against: one)
    report(pooledFoundation, against: one)
    print("\n(node not found: install nodejs for the baseline)")
}
await pool.shutdown()
await single.shutdown()
