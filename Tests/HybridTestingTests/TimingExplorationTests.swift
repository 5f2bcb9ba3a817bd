import Bridge
import Foundation
@testable import HybridTesting
import Testing

/// Timing exploration (`TestRunOptions.timingSeeds`, `hybrid test --timing-seeds N`): a page that races the bridge
/// passes under the device timing, fails under a seeded one, and the failure names the seed that replays it.
@Suite struct TimingExplorationTests {
    static let folder = Fixtures.root.appendingPathComponent("../../../web/examples/timing").standardizedFileURL

    private func file(_ name: String) -> TestFile {
        TestFile(url: Self.folder.appendingPathComponent(name), path: "web/examples/timing/\(name)")
    }

    /// Generous limits, on the virtual clock that the seeded runs use too.
    private func options(seeds: Int = 0, timing: BridgeTiming = .device) -> TestRunOptions {
        var options = Fixtures.options()
        options.virtualTime = true
        options.timingSeeds = seeds
        options.timing = timing
        return options
    }

    @Test func theRacePagePassesUnderTheDeviceTimingAndExplorationFindsTheRace() async throws {
        let race = file("race.test.html")
        let plain = await runTestFile(race, options: options())
        #expect(!plain.hasFailures, "\(plain.failures)")
        #expect(plain.counts.passed == 1)

        let explored = await runTestFile(race, options: options(seeds: 5))
        let failure = try #require(explored.failures.first)
        let message = failure.message ?? ""
        #expect(message.contains("greetingBridge.callHandler"), "\(message)")
        let seedText = try #require(message.firstMatch(of: /fails under timing seed (\d+)/)?.output.1)
        let seed = try #require(UInt64(seedText))
        #expect((1...5).contains(seed))
        #expect(message.contains("replay: hybrid test web/examples/timing/race.test.html --timing-seed \(seed)"))

        // Replaying the seed fails the same way, every time.
        for _ in 0..<2 {
            let replay = await runTestFile(race, options: options(timing: .explore(seed: seed)))
            #expect(replay.failures.map(\.name) == [failure.name])
            #expect(replay.failures.first?.message.map { message.hasPrefix($0) } == true)
        }
    }

    @Test func theRacePageWrittenCorrectlyPassesEverySeed() async throws {
        let fixed = file("race-fixed.test.html")
        for seed in 1...5 as ClosedRange<UInt64> {
            let report = await runTestFile(fixed, options: options(timing: .explore(seed: seed)))
            #expect(!report.hasFailures, "seed \(seed): \(report.failures)")
            #expect(report.counts.passed == 1)
        }
        let explored = await runTestFile(fixed, options: options(seeds: 5))
        #expect(!explored.hasFailures, "\(explored.failures)")
    }
}
