import Bridge
import Foundation
import HybridTesting
import JavaScript
import Synchronization
import Testing

/// `page.open(url)` and the verbs: test files that drive another page of their folder, as `hybrid run`'s steps do.
@Suite struct PageDrivingTests {
    let folder = Fixtures.root.appendingPathComponent("driving")

    @Test func aTestScriptFillsAFormAndPaysThroughTheBridge() async throws {
        let report = try await runTestPage(folder.appendingPathComponent("checkout.test.js"), options: Fixtures.options())
        #expect(report.tests.map(\.name) == ["a filled form pays through the bridge", "the terms must be accepted",
                                             "two pages at once, each its own document", "the items serialise stably",
                                             "pages close when the test ends"])
        #expect(!report.hasFailures, "\(report.failures)")
        #expect(report.counts == TestCounts(passed: 5))
    }

    @Test func theOpenedPageGetsTheSwiftHandlersOfTheTest() async throws {
        let orders = Mutex<[JSONValue]>([])
        let report = try await runTestPage(folder.appendingPathComponent("checkout.test.js"),
                                           options: Fixtures.options(filter: "a filled form")) { bridge in
            bridge.registerHandler("pay") { data, respond in
                orders.withLock { $0.append(data ?? .null) }
                respond(data)
            }
        }
        #expect(report.counts == TestCounts(passed: 1), "\(report.failures)")
        #expect(orders.withLock { $0 } == [.object(["name": "Ann", "shipping": "express"])])
    }

    @Test func failedStepsNameTheVerbAndTheSelector() async throws {
        let report = try await runTestPage(folder.appendingPathComponent("errors.test.js"), options: Fixtures.options())
        #expect(report.counts == TestCounts(failed: 5))
        let messages = report.tests.map { $0.message ?? "" }
        #expect(messages == [
            "PageError: page.click('#missing'): no element matches the selector '#missing'",
            "PageError: page.waitFor('#never'): no element matches '#never' after 200 ms",
            "PageError: page.open('nowhere.html'): no such page in the test's folder (nowhere.html)",
            "PageError: page.click(): no page is open (await page.open(url) first)",
            "PageError: page.dom('#missing'): no element matches '#missing'",
        ])
        #expect(report.tests.first?.location?.line == 4, "the test's own line: \(String(describing: report.tests.first?.location))")
    }
}
