import BenchmarkSupport
import Foundation
import JavaScript

// The engine's crossing costs, each against the raw JavaScriptCore C API (or JS-only code) doing
// the same work, measured in the same run on the same runtime thread.
//
//     swift run -c release --package-path Benchmarks JavaScriptBenchmarks
//
// JS_BENCH_SCALE multiplies the iteration counts (default 1); JS_BENCH_SUITE=calls or =json runs one suite;
// JS_BENCH_PROFILE=parse|write|toSwift|toJS only loops that step, for `perf record` or callgrind.

let scale = Double(ProcessInfo.processInfo.environment["JS_BENCH_SCALE"] ?? "") ?? 1
func iterations(_ base: Int) -> Int { max(1, Int(Double(base) * scale)) }

let runtime = JavaScriptRuntime()
if let step = ProcessInfo.processInfo.environment["JS_BENCH_PROFILE"] {
    try await runtime.perform { runtime in try JSONBenchmarks.profile(step, in: runtime.makeContext(name: "profile")) }
    exit(0)
}
let failures = try await runtime.perform { runtime in
    let context = runtime.makeContext(name: "bench")
    var failures: [String] = []
    let only = ProcessInfo.processInfo.environment["JS_BENCH_SUITE"]
    for (name, suite) in [("calls", CallBenchmarks.run), ("json", JSONBenchmarks.run)] where only == nil || only == name {
        failures += try suite(context)
    }
    return failures
}
if !failures.isEmpty {
    print("\nOver target: " + failures.joined(separator: "; "))
}
