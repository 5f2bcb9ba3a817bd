import Testing

/// Resident memory across many runtime create/destroy cycles, measured in a child process after a
/// warm-up (see `Tests/MemoryProbe`).
@Suite struct RuntimeMemoryTests {
    /// 4 MB over 1,000 cycles: under 4 KB per cycle, while the noise measured here is about ±1.2 MB
    /// and one leaked runtime (machine, heap, thread) costs far more than 4 KB.
    static let boundKB = 4 * 1024

    @Test func thousandRuntimeCyclesDoNotGrowResidentMemory() throws {
        let report = try MemoryProbeRunner.run("runtime-cycles", cycles: 1_000, warmUp: 100)
        #expect(report.cycles == 1_000)
        #expect(report.growthKB < Self.boundKB, "grew \(report.growthKB) KB: \(report.rssBeforeKB) → \(report.rssAfterKB) KB")
    }

    /// The same bound catches a 16 KB-per-cycle leak, so the test above can fail.
    @Test func theProbeSeesADeliberateLeak() throws {
        let report = try MemoryProbeRunner.run("deliberate-leak", cycles: 1_000, warmUp: 10)
        #expect(report.growthKB >= Self.boundKB)
    }

    @Test func unknownScenariosAndBadArgumentsAreUsageErrors() throws {
        let unknown = try MemoryProbeRunner.launch(["no-such-scenario"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown scenario 'no-such-scenario'"))
        #expect(try MemoryProbeRunner.launch(["runtime-cycles", "--cycles", "many"]).status == 2)
        #expect(try MemoryProbeRunner.launch([]).status == 2)
    }
}
