import Bridge
import Foundation
import HybridTesting
import JavaScript
import Synchronization
import Testing

/// `TestPage`'s native mocks, clock and network mocks: what a `*.test.js` does with `native.mock`, `clock` and
/// `network.mock`, from a Swift Testing test.
@Suite struct TestPageDoublesTests {
    let account = Fixtures.root.appendingPathComponent("swift/account.html")
    let session = Fixtures.root.appendingPathComponent("driving/session.html")

    /// The mocks of every test but the one about the items: the page asks for its user and items as it loads.
    var loads: TestPage.Setup {
        var setup = TestPage.Setup()
        setup.mock("getUser", .response(["name": "Ann"]))
        setup.mockNetwork("/api/items", .json(["Tea", "Cake"]))
        return setup
    }

    @Test func mocksSetBeforeOpenAnswerThePagesFirstInlineScript() async throws {
        let page = try await TestPage.open(account, setup: loads)
        try await page.waitForIdle(timeout: .generous)
        #expect(try await page.text("#user") == "Ann")
        #expect(page.calls("getUser") == [["fields": ["name"]]])
        #expect(try await page.text("#items") == "TeaCake")
        #expect(page.network.requests.map(\.url.path).filter { $0.hasPrefix("/api/") } == ["/api/items"])
        await page.close()
    }

    @Test func aMockSequenceAnswersSuccessThenErrorAndItsMatcherFirst() async throws {
        let page = try await TestPage.open(account, setup: loads)
        page.mock("pay", .sequence(.response(["order": 1]),
                                   .error(code: "declined", message: "card declined"),
                                   .error(code: "invalid", message: "nothing to pay").when(["amount": 0])))
        try await page.click("#pay")
        try await page.waitForIdle(timeout: .generous)
        #expect(try await page.text("#msg") == #"Paid {"order":1}"#)
        try await page.click("#pay")
        try await page.waitForIdle(timeout: .generous)
        #expect(try await page.text("#msg") == "Error declined: card declined")
        try await page.fill("#amount", "0")
        try await page.click("#pay")
        try await page.waitForIdle(timeout: .generous)
        #expect(try await page.text("#msg") == "Error invalid: nothing to pay")
        // The last of the sequence repeats.
        try await page.fill("#amount", "5")
        try await page.click("#pay")
        try await page.waitForIdle(timeout: .generous)
        #expect(try await page.text("#msg") == "Error declined: card declined")
        #expect(page.calls("pay") == [["amount": 10], ["amount": 10], ["amount": 0], ["amount": 5]])
        await page.close()
    }

    @Test func aClosureMockSeesThePagesDataAndMayThrow() async throws {
        let page = try await TestPage.open(account, setup: loads)
        let seen = Seen()
        page.mock("pay") { data in
            seen.data.withLock { $0.append(data) }
            try await Task.sleep(for: .milliseconds(1))
            guard let amount = data["amount"]?.intValue, amount > 0 else {
                throw BridgeError(code: "invalid", message: "amount \(data["amount"]?.jsonString ?? "none")")
            }
            return ["charged": .number(Double(amount * 2))]
        }
        try await page.fill("#amount", "21")
        try await page.click("#pay")
        try await page.waitForIdle(timeout: .generous)
        #expect(try await page.text("#msg") == #"Paid {"charged":42}"#)
        try await page.fill("#amount", "-1")
        try await page.click("#pay")
        try await page.waitForIdle(timeout: .generous)
        #expect(try await page.text("#msg") == "Error invalid: amount -1")
        #expect(seen.data.withLock { $0 } == [["amount": 21], ["amount": -1]])
        await page.close()
    }

    @Test func anUnmatchedRequestFailsInThePageAndThrowsFromTheNextStep() async throws {
        let page = try await TestPage.open(account, setup: loads)
        try await page.waitForIdle(timeout: .generous)
        do {
            try await page.click("#more")
            try await page.waitForIdle(timeout: .generous)
            Issue.record("the unmatched request should have thrown")
        } catch let error as UnmatchedRequestError {
            #expect(error.method == "GET")
            #expect(error.url.hasSuffix("/api/more?page=2"))
            #expect(error.description.hasPrefix("network.mock: no mock matches GET http://127.0.0.1:"))
        }
        try await page.waitForIdle(timeout: .generous)
        #expect(try await page.text("#more-msg") == "failed: TypeError")
        // Reported once; a mock for it answers from now on, by its path and query (a closure sees the request).
        page.network.mock("/api/more?page=*") { request in .text("", status: request.url.query == "page=2" ? 204 : 500) }
        try await page.click("#more")
        try await page.waitForIdle(timeout: .generous)
        #expect(try await page.text("#more-msg") == "status 204")
        #expect(page.network.requests.map(\.url.path).filter { $0.hasPrefix("/api/") } == ["/api/items", "/api/more", "/api/more"])
        await page.close()
    }

    @Test func aHARAnswersThePagesRequestsOffline() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("har-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let har = folder.appendingPathComponent("items.har")
        try #"""
        {"log": {"entries": [{"request": {"method": "GET", "url": "https://shop.example.com/api/items"},
          "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "application/json"}],
                       "content": {"text": "[\"Bread\"]"}}}]}}
        """#.write(to: har, atomically: true, encoding: .utf8)
        var setup = TestPage.Setup()
        setup.replayHAR(try HARReplay(contentsOf: har.path))
        setup.mock("getUser", .error(code: "signed_out"))
        let page = try await TestPage.open(account, setup: setup)
        try await page.waitForIdle(timeout: .generous)
        #expect(try await page.text("#items") == "Bread")
        #expect(try await page.text("#user") == "error signed_out")
        await page.close()
    }

    @Test func theInstalledClockFiresATenMinuteSessionTimeoutAtOnce() async throws {
        var setup = TestPage.Setup()
        let start = Date(timeIntervalSince1970: 1_767_225_600)   // 2026-01-01T00:00:00Z
        setup.installClock(at: start)
        let page = try await TestPage.open(session, setup: setup)
        #expect(try await page.evaluate("Date.now()") == .number(1_767_225_600_000))
        #expect(try await page.text("#status") == "active")
        try await page.clock.tick(.seconds(2))
        #expect(try await page.text("#banner") == "Welcome back")
        try await page.clock.tick(.seconds(10 * 60 - 3))
        #expect(try await page.text("#status") == "active")
        try await page.clock.tick(.seconds(1))
        #expect(try await page.text("#status") == "expired")
        #expect(try await page.evaluate("performance.now()") == .number(600_000))
        #expect(try await page.evaluate("Date.now()") == .number(1_767_225_600_000 + 600_000))
        // Animation frames follow it too; setSystemTime moves Date only.
        _ = try await page.evaluate("requestAnimationFrame(function (t) { window.frameAt = t; }), null")
        #expect(try await page.evaluate("window.frameAt === undefined") == .bool(true))
        #expect(try await page.clock.next())
        #expect(try await page.evaluate("window.frameAt > 600000") == .bool(true))
        try await page.clock.setSystemTime(start.addingTimeInterval(86_400))
        #expect(try await page.evaluate("new Date().toISOString()") == "2026-01-02T00:00:00.000Z")
        _ = try await page.evaluate("setTimeout(function () { setTimeout(function () { window.done = true; }, 5000); }, 5000), null")
        #expect(try await page.clock.runAll() >= 2)
        #expect(try await page.evaluate("window.done") == .bool(true))
        await page.close()
    }

    @Test func underTheInstalledClockBridgeAnswersAndMockedResponsesStillArrive() async throws {
        var setup = loads
        setup.installClock()
        setup.mock("pay", .response(["order": 7]))
        let page = try await TestPage.open(account, setup: setup)
        // Each step lets the page handle what it started: no timer is needed for a bridge answer or a mocked response.
        try await page.waitFor("#items li")
        #expect(try await page.text("#user") == "Ann")
        try await page.click("#pay")
        try await page.waitFor("#msg:not(:empty)")
        #expect(try await page.text("#msg") == #"Paid {"order":7}"#)
        do {
            try await page.waitFor("#never")
            Issue.record("waitFor should have thrown")
        } catch let error as TestPageError {
            #expect(error.message == "waitFor('#never'): no element matches '#never', and the clock is installed (time stands still: tick it)")
        }
        #expect(try await page.evaluate("performance.now()") == .number(0))
        await page.close()
    }

    @Test func theClockNeedsTheVirtualClockAndAnInstall() async throws {
        let page = try await TestPage.open(session)
        await #expect(throws: TestPageError.self) { try await page.clock.install() }
        do {
            try await page.clock.tick(.seconds(1))
            Issue.record("tick should have thrown")
        } catch let error as TestPageError {
            #expect(error.message == "clock.tick(): needs clock.install() first")
        }
        #expect(try await page.text("#status") == "active")
        await page.close()
        var options = TestRunOptions()
        options.virtualTime = true
        let virtual = try await TestPage.open(session, options: options)
        try await virtual.clock.install()
        _ = try await virtual.evaluate("setInterval(function () {}, 10), null")
        await #expect(throws: TestPageError.self) { try await virtual.clock.runAll(limit: 50) }
        await virtual.clock.uninstall()
        await #expect(throws: TestPageError.self) { try await virtual.clock.next() }
        await virtual.close()
    }
}

/// The data a closure mock saw.
private final class Seen: Sendable {
    let data = Mutex<[JSONValue]>([])
}
