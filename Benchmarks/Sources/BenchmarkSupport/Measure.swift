import Foundation

/// One measured operation: the median of several timed rounds, in nanoseconds per operation.
public struct Measurement: Sendable {
    public var name: String
    public var nanosecondsPerOperation: Double
    public var operationsPerSecond: Double { 1e9 / nanosecondsPerOperation }

    /// A figure measured elsewhere (another process, such as a Node.js baseline).
    public init(name: String, nanosecondsPerOperation: Double) {
        self.name = name
        self.nanosecondsPerOperation = nanosecondsPerOperation
    }
}

/// Times `body`, which performs `operations` operations per call, over `rounds` rounds after a
/// warm-up round, and returns the median round. The median keeps one noisy round from moving the figure.
public func measure(_ name: String, operations: Int, rounds: Int = 7, _ body: () throws -> Void) rethrows -> Measurement {
    try body()  // warm-up: caches, JIT tiers, allocations
    var samples: [Double] = []
    for _ in 0..<rounds {
        let start = ContinuousClock.now
        try body()
        samples.append(nanoseconds(since: start) / Double(operations))
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
        samples.append(nanoseconds(since: start) / Double(operations))
    }
    samples.sort()
    return Measurement(name: name, nanosecondsPerOperation: samples[samples.count / 2])
}

/// Prints `subject` beside `baseline` as a Markdown table row with their ratio (`ratio` when given,
/// else the ratio of the two times), and returns the ratio.
@discardableResult
public func report(_ subject: Measurement, against baseline: Measurement, target: Double? = nil,
                   ratio pairedRatio: Double? = nil) -> Double {
    let ratio = pairedRatio ?? subject.nanosecondsPerOperation / baseline.nanosecondsPerOperation
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

/// Times `subject` and `baseline` in alternating rounds (baseline, subject, baseline, ...) after a
/// warm-up of each, and returns the median round of each and the median of the per-round ratios
/// (pass it to ``report(_:against:target:ratio:)``). Alternating, and comparing rounds run side by
/// side, keeps a change in machine load during the run from favouring either.
public func measurePair(_ subjectName: String, _ baselineName: String, operations: Int, rounds: Int = 9,
                        subject: () throws -> Void, baseline: () throws -> Void) rethrows
    -> (subject: Measurement, baseline: Measurement, ratio: Double) {
    try baseline()
    try subject()
    var subjectSamples: [Double] = [], baselineSamples: [Double] = []
    for _ in 0..<rounds {
        var start = ContinuousClock.now
        try baseline()
        baselineSamples.append(nanoseconds(since: start) / Double(operations))
        start = ContinuousClock.now
        try subject()
        subjectSamples.append(nanoseconds(since: start) / Double(operations))
    }
    return summarizePair(subjectName, subjectSamples, baselineName, baselineSamples)
}

/// Async variant of ``measurePair(_:_:operations:rounds:subject:baseline:)``.
public func measurePair(_ subjectName: String, _ baselineName: String, operations: Int, rounds: Int = 9,
                        subject: () async throws -> Void, baseline: () async throws -> Void) async rethrows
    -> (subject: Measurement, baseline: Measurement, ratio: Double) {
    try await baseline()
    try await subject()
    var subjectSamples: [Double] = [], baselineSamples: [Double] = []
    for _ in 0..<rounds {
        var start = ContinuousClock.now
        try await baseline()
        baselineSamples.append(nanoseconds(since: start) / Double(operations))
        start = ContinuousClock.now
        try await subject()
        subjectSamples.append(nanoseconds(since: start) / Double(operations))
    }
    return summarizePair(subjectName, subjectSamples, baselineName, baselineSamples)
}

private func nanoseconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
}

/// The median round of each side and the median of the per-round ratios.
private func summarizePair(_ subjectName: String, _ subjectSamples: [Double], _ baselineName: String,
                           _ baselineSamples: [Double]) -> (subject: Measurement, baseline: Measurement, ratio: Double) {
    let middle = subjectSamples.count / 2
    let ratios = zip(subjectSamples, baselineSamples).map { $0 / $1 }.sorted()
    return (Measurement(name: subjectName, nanosecondsPerOperation: subjectSamples.sorted()[middle]),
            Measurement(name: baselineName, nanosecondsPerOperation: baselineSamples.sorted()[middle]),
            ratios[middle])
}
