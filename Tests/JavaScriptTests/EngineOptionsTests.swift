import Foundation
import Testing
@testable import JavaScript

/// The process-wide engine options this library sets when it is loaded (see `EngineOptions`).
@Suite struct EngineOptionsTests {
    /// Every page's set-up code warms up again in its new context: with WebKit's default thresholds (1000) it
    /// reached the optimising JIT in every page. The library raises them, unless the environment chose.
    @Test(.enabled(if: EngineOptions.choseOptimizeThresholdsAtLoad, "the environment chose the optimising JIT's thresholds"))
    func theOptimisingJITThresholdsAreRaisedBeforeTheEngineStarts() async throws {
        let runtime = JavaScriptRuntime()
        #expect(try await runtime.evaluate("6 * 7") == 42)
        #expect(String(cString: getenv("JSC_thresholdForOptimizeAfterWarmUp")) == "10000")
        #expect(EngineOptions.optimizeThresholds == [10_000, 10_000, 10_000])
        // Code that keeps running is still optimised and correct.
        #expect(try await runtime.evaluate("var s = 0; for (var i = 0; i < 200000; i++) s = (s + i) | 0; s") == -1_474_936_480)
        await runtime.shutdown()
    }
}
