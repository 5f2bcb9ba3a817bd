import Bridge
import Foundation
import HybridTesting
import JavaScript
import Testing

/// `TestPage`: the page driving of `page.open` for Swift Testing tests, both sides asserted.
@Suite struct TestPageTests {
    let checkout = Fixtures.root.appendingPathComponent("driving/checkout.html")

    @Test func aSwiftTestFillsTheFormAndReadsTheBridgeCalls() async throws {
        let page = try await TestPage.open(checkout) { bridge in
            bridge.registerHandler("pay") { _, respond in respond(["order": 42]) }
        }
        try await page.fill("#name", "Ann")
        try await page.select("#shipping", "Express")
        try await page.check("#terms")
        try await page.click("#pay")
        try await page.waitForIdle(timeout: .generous)
        #expect(page.calls("pay") == [.object(["name": "Ann", "shipping": "express"])])
        #expect(try await page.text("#msg") == #"Paid: {"order":42}"#)
        #expect(try await page.dom("#items") == "<ul id=\"items\">\n  <li>Tea</li>\n  <li>Cake</li>\n</ul>")
        #expect(try await page.evaluate("document.getElementById('terms').checked") == .bool(true))
        await page.close()
    }

    @Test func theSidecarMockAnswersWithoutSwiftHandlers() async throws {
        let page = try await TestPage.open(checkout)
        try await page.type("#name", "Bo")
        try await page.check("#terms")
        try await page.press("Enter", on: "#name")
        try await page.waitForIdle(timeout: .generous)
        #expect(page.calls("pay") == [.object(["name": "Bo", "shipping": "post"])])
        #expect(try await page.text("#msg") == #"Paid: {"name":"Bo","shipping":"post"}"#)
        await page.close()
    }

    @Test func failedStepsNameTheStepAndTheSelector() async throws {
        let page = try await TestPage.open(checkout)
        await #expect(throws: TestPageError.self) { try await page.click("#missing") }
        do {
            try await page.click("#missing")
        } catch let error as TestPageError {
            #expect(error.message == "click('#missing'): no element matches the selector '#missing'")
        }
        do {
            try await page.waitFor("#never", timeout: .milliseconds(50))
            Issue.record("waitFor should have thrown")
        } catch let error as TestPageError {
            #expect(error.message == "waitFor('#never'): no element matches '#never' after 50 ms")
        }
        do {
            _ = try await page.dom("#missing")
            Issue.record("dom should have thrown")
        } catch let error as TestPageError {
            #expect(error.message == "dom('#missing'): no element matches '#missing'")
        }
        // The page keeps working after a failed step.
        try await page.fill("#name", "Cy")
        #expect(try await page.evaluate("document.getElementById('name').value") == .string("Cy"))
        await page.close()
        await #expect(throws: TestPageError.self) {
            _ = try await TestPage.open(checkout.deletingLastPathComponent().appendingPathComponent("nowhere.html"))
        }
    }
}
