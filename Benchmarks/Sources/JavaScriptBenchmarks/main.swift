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

/// Runs the suites on one runtime and returns the figures over target. The runtime is shut down
/// (its machine released) before this returns, so no garbage-collection timer fires on its thread
/// while the process exits and JavaScriptCore's static objects are destroyed.
func runSuites() async throws -> [String] {
    let runtime = JavaScriptRuntime()
    let result = await Result(catching: { try await runSuites(on: runtime) })
    await runtime.shutdown()
    return try result.get()
}

func runSuites(on runtime: JavaScriptRuntime) async throws -> [String] {
    if let step = ProcessInfo.processInfo.environment["JS_BENCH_PROFILE"] {
        try await runtime.perform { runtime in try JSONBenchmarks.profile(step, in: runtime.makeContext(name: "profile")) }
        return []
    }
    return try await runtime.perform { runtime in
        let context = runtime.makeContext(name: "bench")
        var failures: [String] = []
        let only = ProcessInfo.processInfo.environment["JS_BENCH_SUITE"]
        for (name, suite) in [("calls", CallBenchmarks.run), ("json", JSONBenchmarks.run)] where only == nil || only == name {
            failures += try suite(context)
        }
        return failures
    }
}

extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}

let failures = try await runSuites()
if !failures.isEmpty {
    print("\nOver target: " + failures.joined(separator: "; "))
}
