// `swift build -c release --package-path Benchmarks --product hybrid-webkit-host`, then
// `swift run -c release --package-path Benchmarks EngineBenchmarks`: the costs of the two engines in one run, through
// the same `WebViewEngine` calls, for the README's "Engines" table.
//
// For each engine: starting it until it has loaded an empty page (headless: a runtime and a web view; WebKit: the host
// process, its private Xvfb, and the web and network processes), the first page, later loads of the same page in the
// same view (median), resident memory per additional open view, and WebViewJavascriptBridge round trips (the page's
// `callHandler` -> a Swift echo handler -> the page's callback, one after another; median of rounds).
//
// Memory: headless, this process's resident memory before and after opening the views; WebKit, the resident memory
// (RSS) summed over this process's descendants (each view's host, Xvfb, web process and network process), and their
// proportional set size (PSS, shared pages divided among the processes that map them), before and after.
// ENGINE_BENCH_VIEWS (default 4 WebKit views, 5x as many headless ones), ENGINE_BENCH_LOADS (default 30).
import Foundation
import Hybrid
import WebKitEngine

let environment = ProcessInfo.processInfo.environment
let webKitViews = max(1, Int(environment["ENGINE_BENCH_VIEWS"] ?? "") ?? 4)
let loads = max(3, Int(environment["ENGINE_BENCH_LOADS"] ?? "") ?? 30)
let roundTripsPerRound = 100
let rounds = 9

let pageHTML = """
    <!DOCTYPE html><html><head><meta charset="utf-8"><title>bench</title></head><body>
    <ul id="list"></ul>
    <script>
    for (var i = 0; i < 10; i++) { var li = document.createElement('li'); li.textContent = 'item ' + i; document.getElementById('list').appendChild(li); }
    </script></body></html>
    """
// The bridge set up as the iOS library's README says (the package's web/navigation/bridge-setup.js, inlined);
// `chain(count)` resolves after `count` round trips, one after another.
let bridgeSetup = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../web/navigation/bridge-setup.js").standardizedFileURL, encoding: .utf8)
let bridgeHTML = """
    <!DOCTYPE html><html><head><meta charset="utf-8"></head><body><script>
    \(bridgeSetup)
    var ready = new Promise(function (resolve) { setupWebViewJavascriptBridge(resolve); });
    function chain(count) {
      return ready.then(function (bridge) {
        return new Promise(function (resolve, reject) {
          var left = count;
          function next() {
            if (left-- === 0) return resolve(count);
            bridge.callHandler('echo', {n: left, s: 'hello'}, function (data) {
              if (!data || data.n !== left) return reject(new Error('wrong answer ' + JSON.stringify(data)));
              next();
            });
          }
          next();
        });
      });
    }
    </script></body></html>
    """
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("engine-bench-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }
let page = directory.appendingPathComponent("page.html")
try pageHTML.write(to: page, atomically: true, encoding: .utf8)
let bridgePage = directory.appendingPathComponent("bridge.html")
try bridgeHTML.write(to: bridgePage, atomically: true, encoding: .utf8)

// MARK: Measuring

let clock = ContinuousClock()

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

func timed(_ body: () async throws -> Void) async rethrows -> Double {
    let start = clock.now
    try await body()
    return milliseconds(clock.now - start)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
}

func loadAverage() -> String {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3)
        .joined(separator: " ") ?? "?"
}

/// A `/proc/PID/` file's text.
func procText(_ pid: Int32, _ file: String) -> String? {
    try? String(contentsOfFile: "/proc/\(pid)/\(file)", encoding: .utf8)
}

/// A `kB` field of `/proc/PID/status` or `smaps_rollup` (`VmRSS`, `Pss`), in kB.
func kilobytes(_ text: String?, _ field: String) -> Int {
    guard let text, let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }) else { return 0 }
    return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
}

/// The processes below `root` (children, their children, ...), by name.
func descendants(of root: Int32) -> [(pid: Int32, name: String)] {
    var parents: [Int32: [(Int32, String)]] = [:]
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
        guard let pid = Int32(entry), let stat = procText(pid, "stat"),
              let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { continue }
        let name = String(stat[stat.index(after: open)..<close])
        let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
        guard fields.count > 1, let parent = Int32(fields[1]) else { continue }
        parents[parent, default: []].append((pid, name))
    }
    var found: [(pid: Int32, name: String)] = []
    var queue = [root]
    while let pid = queue.popLast() {
        for (child, name) in parents[pid] ?? [] {
            found.append((child, name))
            queue.append(child)
        }
    }
    return found
}

/// Resident and proportional memory of `pids`, in kB.
func memory(of pids: [Int32]) -> (rss: Int, pss: Int) {
    pids.reduce((0, 0)) { sum, pid in
        (sum.0 + kilobytes(procText(pid, "status"), "VmRSS"), sum.1 + kilobytes(procText(pid, "smaps_rollup"), "Pss"))
    }
}

func ownResidentKB() -> Int { kilobytes(procText(getpid(), "status"), "VmRSS") }

struct Costs {
    var name = ""
    var start = 0.0, laterStarts: [Double] = []
    var firstPage = 0.0, laterPages: [Double] = []
    var memoryPerView = 0.0, proportionalPerView: Double?, viewsForMemory = 0
    var roundTrip = 0.0, roundTripSpread = (0.0, 0.0)
    var breakdown = ""
}

/// Loads the page again and again in `view`, then the bridge page, and times round trips.
func measurePagesAndBridge(_ view: any WebViewEngine, into costs: inout Costs) async throws {
    costs.firstPage = try await timed { try await view.load(page) }
    for _ in 0..<loads { costs.laterPages.append(try await timed { try await view.load(page) }) }

    let bridge = try await WebViewJavascriptBridge(engine: view)
    bridge.registerHandler("echo") { data, respond in respond(data) }
    try await view.load(bridgePage)
    _ = try await view.awaitedValue(of: "chain(\(roundTripsPerRound))")  // warm-up
    var perCall: [Double] = []
    for _ in 0..<rounds {
        let elapsed = try await timed {
            let done = try await view.awaitedValue(of: "chain(\(roundTripsPerRound))")
            precondition(done == .number(Double(roundTripsPerRound)), "the chain answered \(String(describing: done))")
        }
        perCall.append(elapsed * 1000 / Double(roundTripsPerRound))
    }
    perCall.sort()
    costs.roundTrip = median(perCall)
    costs.roundTripSpread = (perCall.first!, perCall.last!)
}

// MARK: Headless

func measureHeadless() async throws -> Costs {
    var costs = Costs(name: "headless")
    var runtime: JavaScriptRuntime!
    var view: HeadlessWebView!
    costs.start = try await timed {
        runtime = JavaScriptRuntime()
        view = HeadlessWebView(runtime: runtime)
        try await view.loadHTMLString("", baseURL: nil)
    }
    try await measurePagesAndBridge(view, into: &costs)

    let count = webKitViews * 5
    await runtime.perform { $0.virtualMachine.collectGarbage(in: $0.context) }
    let before = ownResidentKB()
    var open: [HeadlessWebView] = []
    for _ in 0..<count {
        var added: HeadlessWebView!
        costs.laterStarts.append(try await timed {
            added = HeadlessWebView(runtime: runtime)
            try await added.loadHTMLString("", baseURL: nil)
        })
        try await added.load(page)
        open.append(added)
    }
    await runtime.perform { $0.virtualMachine.collectGarbage(in: $0.context) }
    costs.memoryPerView = Double(ownResidentKB() - before) / 1024 / Double(count)
    costs.viewsForMemory = count
    for added in open { await added.close() }
    await view.close()
    return costs
}

// MARK: WebKit

func measureWebKit() async throws -> Costs {
    var costs = Costs(name: "webkit")
    let configuration = WebKitWebView.Configuration(device: .default)
    var view: WebKitWebView!
    costs.start = try await timed {
        view = try await WebKitWebView.start(configuration)
        try await view.loadHTMLString("", baseURL: nil)
    }
    try await measurePagesAndBridge(view, into: &costs)
    // What one view's processes are, after its pages.
    costs.breakdown = descendants(of: getpid()).map { process in
        String(format: "%@ %.1f MB", process.name, Double(memory(of: [process.pid]).rss) / 1024)
    }.joined(separator: ", ")

    let before = memory(of: descendants(of: getpid()).map(\.pid))
    var open: [WebKitWebView] = []
    for _ in 0..<webKitViews {
        var added: WebKitWebView!
        costs.laterStarts.append(try await timed {
            added = try await WebKitWebView.start(configuration)
            try await added.loadHTMLString("", baseURL: nil)
        })
        try await added.load(page)
        open.append(added)
    }
    let after = memory(of: descendants(of: getpid()).map(\.pid))
    costs.memoryPerView = Double(after.rss - before.rss) / 1024 / Double(webKitViews)
    costs.proportionalPerView = Double(after.pss - before.pss) / 1024 / Double(webKitViews)
    costs.viewsForMemory = webKitViews
    for added in open { await added.close() }
    await view.close()
    return costs
}

// MARK: Report

func report(_ headless: Costs, _ webkit: Costs?) {
    print("Load average at the end: \(loadAverage())")
    print("")
    print("| cost | headless | webkit |")
    print("|---|---|---|")
    func row(_ label: String, _ text: (Costs) -> String) {
        print("| \(label) | \(text(headless)) | \(webkit.map(text) ?? "-") |")
    }
    row("start, to an empty page loaded (first in the process)") { String(format: "%.0f ms", $0.start) }
    row("start of another view (median)") {
        String(format: "%.1f ms (%d views)", median($0.laterStarts), $0.laterStarts.count)
    }
    row("first page") { String(format: "%.1f ms", $0.firstPage) }
    row("later pages, same view (median)") {
        let sorted = $0.laterPages.sorted()
        return String(format: "%.1f ms (min %.1f, p90 %.1f, %d loads)", median(sorted), sorted.first!,
                      sorted[sorted.count * 9 / 10], sorted.count)
    }
    row("resident memory per additional open view") { costs in
        var text = String(format: "%.1f MB", costs.memoryPerView)
        if let pss = costs.proportionalPerView { text += String(format: " RSS summed, %.1f MB PSS", pss) }
        return text + " (\(costs.viewsForMemory) views)"
    }
    row("bridge round trip, JS -> Swift -> JS (median of \(rounds) rounds of \(roundTripsPerRound))") {
        String(format: "%.0f µs (rounds %.0f-%.0f µs)", $0.roundTrip, $0.roundTripSpread.0, $0.roundTripSpread.1)
    }
    if let webkit { print("\nOne WebKit view's processes (RSS): \(webkit.breakdown)") }
}

print("Engine costs (load average at start: \(loadAverage()))")
fflush(nil)
let headless = try await measureHeadless()
var webkit: Costs?
if let reason = WebKitWebView.unavailableReason {
    print("WebKit: skipped: \(reason)")
} else {
    webkit = try await measureWebKit()
}
report(headless, webkit)
