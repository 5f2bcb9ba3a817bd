import Foundation
import HybridTesting
import Testing

/// `clock` in test pages: install, tick, next, runAll, setSystemTime on the runtime's virtual clock.
@Suite struct ClockTests {
    static let page = Fixtures.root.appendingPathComponent("../../../web/tests/clock.test.html").standardized

    /// web/tests/clock.test.html asks for the virtual clock with its meta tag: no option needed.
    @Test func aTenMinuteSessionTimeoutFiresAtOnceOnTheVirtualClock() async {
        let report = await runTestFile(TestFile(url: Self.page, path: "clock.test.html"), options: Fixtures.options())
        #expect(report.counts == TestCounts(passed: 5), "\(report.failures)")
    }

    @Test func onTheRealClockInstallSaysWhatItNeeds() async {
        let report = await Fixtures.run("real-time.test.js", in: "clock")
        #expect(report.test(named: "install needs the virtual clock")?.message
                == "Error: clock.install() needs the virtual clock: run hybrid test with --virtual-time, or give the page <meta name=\"hybrid-virtual-time\">")
    }
}
