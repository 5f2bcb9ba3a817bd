// `swift run -c release --package-path Benchmarks WebViewBenchmarks`: page load time (load() to the load
// event) for a small page with one inline script, the first page separately, and resident memory per
// additional open page (100 pages kept open).
import Foundation
import Hybrid

let html = """
    <!DOCTYPE html><html><head><title>bench</title></head><body>
    <ul id="list"></ul>
    <script>
    for (var i = 0; i < 10; i++) { var li = document.createElement('li'); li.textContent = 'item ' + i; document.getElementById('list').appendChild(li); }
    </script></body></html>
    """
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("webview-bench-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
let page = directory.appendingPathComponent("page.html")
try html.write(to: page, atomically: true, encoding: .utf8)
defer { try? FileManager.default.removeItem(at: directory) }

func residentKB() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
}

func milliseconds(_ d: Duration) -> Double {
    Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
}

let runtime = JavaScriptRuntime()
_ = try await runtime.evaluate("1")
let rssBeforeFirst = residentKB()

// First page of the process: domino's sources are read and compiled for the first time.
let clock = ContinuousClock()
let firstView = HeadlessWebView(runtime: runtime)
let firstStart = clock.now
try await firstView.load(page)
let firstPage = milliseconds(clock.now - firstStart)
let rssAfterFirst = residentKB()
await firstView.close()

// Load time after the first page: a fresh web view per load, closed afterwards.
var times: [Double] = []
for _ in 0..<50 {
    let view = HeadlessWebView(runtime: runtime)
    let start = clock.now
    try await view.load(page)
    times.append(milliseconds(clock.now - start))
    await view.close()
}
times.sort()
let median = times[times.count / 2]

// Memory: 100 pages kept open.
await runtime.perform { $0.virtualMachine.collectGarbage(in: $0.context) }
let rssBefore = residentKB()
var open: [HeadlessWebView] = []
for _ in 0..<100 {
    let view = HeadlessWebView(runtime: runtime)
    try await view.load(page)
    open.append(view)
}
await runtime.perform { $0.virtualMachine.collectGarbage(in: $0.context) }
let rssAfter = residentKB()
for view in open { await view.close() }

print("WebView page load (load() to the load event, small page with one inline script)")
print(String(format: "  first page of the process: %.1f ms (resident memory +%.1f MB)", firstPage, Double(rssAfterFirst - rssBeforeFirst) / 1024))
print(String(format: "  after the first page: median %.1f ms, min %.1f ms, p90 %.1f ms over %d loads (target <= 30 ms median)",
             median, times.first!, times[times.count * 9 / 10], times.count))
print(String(format: "  resident memory per additional open page: %.2f MB (100 pages open: +%.1f MB; target <= 10 MB)",
             Double(rssAfter - rssBefore) / 1024 / 100, Double(rssAfter - rssBefore) / 1024))
