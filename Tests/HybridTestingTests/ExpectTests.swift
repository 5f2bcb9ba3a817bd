import Foundation
import HybridTesting
import Testing

/// `expect` in test files: the Jest matchers pass where Jest's pass, and a failure reads as Jest's and points at
/// the test's own line.
@Suite struct ExpectTests {
    @Test func matchersPassAndFailAsJestsDo() async {
        let report = await Fixtures.run("expect.test.js", in: "expect")
        let failed = report.tests.filter { $0.status == .failed }.map(\.name)
        #expect(failed == ["fails on toBe", "fails on toEqual", "fails on not", "fails on toHaveBeenCalledWith",
                           "fails on resolves", "fails on toThrow"], "\(report.failures)")
        #expect(report.counts == TestCounts(passed: 6, failed: 6))
        #expect(report.test(named: "fails on toBe")?.message == "expect(received).toBe(3): expected 3, received 2")
        #expect(report.test(named: "fails on toBe")?.location?.text == "expect(1 + 1).toBe(3);")
        #expect(report.test(named: "fails on toEqual")?.message
                == "expect(received).toEqual({items: [1, 3]}): expected {items: [1, 3]}, received {items: [1, 2]} (differs at .items[1])")
        #expect(report.test(named: "fails on not")?.message == "expect(received).not.toContain(2): expected not a value containing 2, received [1, 2]")
        #expect(report.test(named: "fails on toHaveBeenCalledWith")?.message
                == "expect(received).toHaveBeenCalledWith(\"b\"): expected a call with (\"b\"), received (\"a\")")
        #expect(report.test(named: "fails on resolves")?.message == "expect(received).resolves.toBe(1): the promise rejected with Error: offline")
        // An awaited matcher still names the line that called expect.
        #expect(report.test(named: "fails on resolves")?.location?.text == "await expect(Promise.reject(new Error(\"offline\"))).resolves.toBe(1);")
        #expect(report.test(named: "fails on toThrow")?.message == "expect(received).toThrow(): expected a function that throws, it did not throw")
    }
}
