import Testing
import TestSupport

/// Resident memory across many runtime create/destroy cycles, measured in a child process after a
/// warm-up (see `Tests/MemoryProbe`).
@Suite struct RuntimeMemoryTests {
    /// 4 MB over 1,000 cycles: under 4 KB per cycle, while the noise measured here is about ±1.2 MB
    /// and one leaked runtime (machine, heap, thread) costs far more than 4 KB.
    static let boundKB = 4 * 1024

    @Test func thousandRuntimeCyclesDoNotGrowResidentMemory() async throws {
        let report = try await MemoryProbeClient.run("runtime-cycles", cycles: 1_000, warmUp: 100)
        #expect(report.cycles == 1_000)
        #expect(report.growthKB < Self.boundKB, "grew \(report.growthKB) KB: \(report.rssBeforeKB) → \(report.rssAfterKB) KB")
    }

    /// Closed contexts in a long-lived runtime are collected: JavaScriptCore roots a context's
    /// unhandled-rejection callback, so a context that kept its own callback after `close()` stayed
    /// alive forever (about 0.5 MB per context of this scenario, 100 MB over 200 cycles).
    @Test func closedContextsInOneRuntimeAreCollected() async throws {
        let report = try await MemoryProbeClient.run("context-cycles", cycles: 200, warmUp: 20)
        #expect(report.cycles == 200)
        #expect(report.growthKB < 16 * 1024, "grew \(report.growthKB) KB: \(report.rssBeforeKB) → \(report.rssAfterKB) KB")
    }

    /// The same bound catches a 16 KB-per-cycle leak, so the test above can fail.
    @Test func theProbeSeesADeliberateLeak() async throws {
        let report = try await MemoryProbeClient.run("deliberate-leak", cycles: 1_000, warmUp: 10)
        #expect(report.growthKB >= Self.boundKB)
    }

    @Test func unknownScenariosAndBadArgumentsAreUsageErrors() async throws {
        let unknown = try await MemoryProbeClient.launch(["no-such-scenario"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown scenario 'no-such-scenario'"))
        #expect(try await MemoryProbeClient.launch(["runtime-cycles", "--cycles", "many"]).status == 2)
        #expect(try await MemoryProbeClient.launch([]).status == 2)
    }
}
