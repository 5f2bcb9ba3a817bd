import Foundation
import Testing
import TestSupport

@Suite struct WebPageMemoryTests {
    /// The bound: 500 push/pop cycles of a web page grow resident memory by less than 16 MB.
    /// (Before closed contexts gave up their unhandled-rejection callback, each cycle kept about 5 MB.)
    @Test
    func fiveHundredPushPopCyclesOfAWebPageDoNotGrowResidentMemory() async throws {
        let report = try await MemoryProbeClient.run("webpage-push-pop", cycles: 500, warmUp: 50)
        #expect(report.cycles == 500)
        #expect(report.growthKB < 16 * 1024)
    }
}
