import Testing
import TestSupport

/// A pool under steady load keeps its resident memory: a soak in a child process (`MemoryProbe pool-soak`), bounded
/// to 8 seconds of calls after a warm-up (Benchmarks/service/run.sh with SOAK=1 runs 1,000,000 requests over HTTP).
@Suite struct PoolSoakTests {
    @Test func residentMemoryStaysFlatUnderSteadyPoolCalls() async throws {
        let report = try await MemoryProbeClient.run("pool-soak", cycles: 1_000_000, warmUp: 100, seconds: 8)
        // At least some thousands of calls ran (64 a cycle), whatever the machine's load.
        #expect(report.cycles >= 20, "only \(report.cycles) cycles")
        // 8 MB: a leak of one call's cart and price (about 1 KB) would exceed it within 8,000 calls.
        #expect(report.growthKB < 8 * 1024, "grew \(report.growthKB) KB over \(report.cycles * 64) calls: \(report.rssBeforeKB) → \(report.rssAfterKB) KB")
    }
}
