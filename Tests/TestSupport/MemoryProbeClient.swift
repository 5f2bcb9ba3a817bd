import Foundation

/// Runs the `MemoryProbe` executable (built next to the test bundle) in a child process, so tests
/// running in parallel in this process do not distort its resident-memory figures.
public enum MemoryProbeClient {
    /// The probe's one-line JSON report.
    public struct Report: Decodable, Sendable {
        public var scenario: String
        public var warmup: Int
        public var cycles: Int
        public var rssBeforeKB: Int
        public var rssAfterKB: Int
        public var growthKB: Int
    }

    /// The probe failed or printed something that is not a report.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Runs `scenario` for `cycles` cycles after `warmUp` (or fewer, when `seconds` pass first) and returns the
    /// probe's report.
    public static func run(_ scenario: String, cycles: Int, warmUp: Int, seconds: Int? = nil) async throws -> Report {
        let result = try await launch([scenario, "--cycles", String(cycles), "--warmup", String(warmUp)]
                                      + (seconds.map { ["--seconds", String($0)] } ?? []))
        guard result.status == 0 else {
            throw Failure(description: "MemoryProbe exited \(result.status): \(result.stderr)")
        }
        do {
            return try JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8))
        } catch {
            throw Failure(description: "MemoryProbe printed no report: \(result.stdout) \(result.stderr)")
        }
    }

    /// Runs the probe with raw arguments, at a low priority so it does not starve the tests beside it.
    public static func launch(_ arguments: [String]) async throws -> ChildProcessResult {
        try await ChildProcess.runNiced(10, ChildProcess.builtProduct("MemoryProbe"), arguments)
    }
}
