import Foundation
import HybridTesting
import Testing

/// `clock` in test pages: install, tick, runAll, setSystemTime on the runtime's virtual clock.
@Suite struct ClockTests {
    @Test func aTenMinuteSessionTimeoutFiresAtOnceOnTheVirtualClock() async {
        var options = Fixtures.options()
        options.virtualTime = true
        let report = await runTestFile(Fixtures.script("session.test.html", in: "clock"), options: options)
        #expect(report.counts == TestCounts(passed: 5), "\(report.failures)")
    }

    @Test func withoutAVirtualClockInstallSaysWhatItNeeds() async {
        let report = await runTestFile(Fixtures.script("session.test.html", in: "clock"), options: Fixtures.options())
        #expect(report.test(named: "a 10-minute session timeout fires at once")?.message
                == "Error: clock.install() needs the virtual clock: run hybrid test with --virtual-time")
    }
}
