import Foundation

/// One measured operation: the median of several timed rounds, in nanoseconds per operation.
public struct Measurement: Sendable {
    public var name: String
    public var nanosecondsPerOperation: Double
    public var operationsPerSecond: Double { 1e9 / nanosecondsPerOperation }
}

/// Times `body`, which performs `operations` operations per call, over `rounds` rounds after a
/// warm-up round, and returns the median round. The median keeps one noisy round from moving the figure.
public func measure(_ name: String, operations: Int, rounds: Int = 7, _ body: () throws -> Void) rethrows -> Measurement {
    try body()  // warm-up: caches, JIT tiers, allocations
    var samples: [Double] = []
    for _ in 0..<rounds {
        let start = ContinuousClock.now
        try body()
        let elapsed = ContinuousClock.now - start
        let ns = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        samples.append(ns / Double(operations))
    }
    samples.sort()
    return Measurement(name: name, nanosecondsPerOperation: samples[samples.count / 2])
}

/// Async variant of ``measure(_:operations:rounds:_:)``.
public func measure(_ name: String, operations: Int, rounds: Int = 7, _ body: () async throws -> Void) async rethrows -> Measurement {
    try await body()
    var samples: [Double] = []
    for _ in 0..<rounds {
        let start = ContinuousClock.now
        try await body()
        let elapsed = ContinuousClock.now - start
        let ns = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        samples.append(ns / Double(operations))
    }
    samples.sort()
    return Measurement(name: name, nanosecondsPerOperation: samples[samples.count / 2])
}

/// Prints `subject` beside `baseline` as a Markdown table row with their ratio, and returns the ratio.
@discardableResult
public func report(_ subject: Measurement, against baseline: Measurement, target: Double? = nil) -> Double {
    let ratio = subject.nanosecondsPerOperation / baseline.nanosecondsPerOperation
    var line = "| \(subject.name) | \(format(subject.nanosecondsPerOperation)) | \(baseline.name) | "
        + "\(format(baseline.nanosecondsPerOperation)) | \(String(format: "%.2f×", ratio)) |"
    if let target { line += ratio <= target ? " ≤ \(target)× ✓ |" : " > \(target)× ✗ |" } else { line += " |" }
    print(line)
    fflush(nil)  // each row as soon as it is measured, even when stdout is a pipe
    return ratio
}

/// Prints the header of the table that ``report(_:against:target:)`` rows go into.
public func printReportHeader(_ title: String) {
    print("\n### \(title)\n")
    print("| measured | time/op | baseline | time/op | ratio | target |")
    print("|---|---|---|---|---|---|")
}

/// Formats nanoseconds with a readable unit.
public func format(_ ns: Double) -> String {
    if ns < 1_000 { return String(format: "%.0f ns", ns) }
    if ns < 1_000_000 { return String(format: "%.2f µs", ns / 1_000) }
    return String(format: "%.2f ms", ns / 1_000_000)
}
