import Bridge
import Foundation
import HybridTesting
import JavaScript
import Synchronization
import Testing
import TestSupport

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

    /// Under explored bridge timings (injection and deliveries delayed on the virtual clock, held while a page opens)
    /// `page.open` still resolves with the bridge injected and its setup callbacks run.
    @Test func openedPagesHaveTheirBridgeUnderEveryTimingSeed() async throws {
        var options = Fixtures.options()
        options.timingSeeds = 8
        let report = try await runTestPage(folder.appendingPathComponent("checkout.test.js"), options: options)
        #expect(!report.hasFailures, "\(report.failures)")
        #expect(report.counts == TestCounts(passed: 5))
    }

    /// The running test's `native` and `network` mocks, set before `page.open`, answer the page it opens (bridge calls,
    /// message handlers, fetches); the page's own files are served, any other request fails the test.
    @Test func mocksSetBeforeOpenAnswerTheOpenedPage() async throws {
        var options = Fixtures.options()
        options.messageHandlers = ["track"]
        let report = try await runTestPage(folder.appendingPathComponent("mocks.test.js"), options: options)
        #expect(report.tests.map(\.status) == [.passed, .passed, .failed, .passed], "\(report.failures)")
        let unmatched = report.tests.count > 2 ? report.tests[2].message ?? "" : ""
        #expect(unmatched.hasPrefix("uncaught Error: network.mock: no mock matches GET http://"), "\(unmatched)")
        #expect(unmatched.hasSuffix("/api/prices"), "\(unmatched)")
    }

    /// `native.call` reaches the pages a test opens: `p.native.call` a given page's JavaScript handler, `native.call`
    /// and `page.native.call` the current page's, the test's own page once none is open; a closed page rejects.
    @Test func nativeCallReachesTheOpenedPages() async throws {
        let report = try await runTestPage(folder.appendingPathComponent("native-call.test.js"), options: Fixtures.options())
        #expect(!report.hasFailures, "\(report.failures)")
        #expect(report.counts == TestCounts(passed: 6))
    }

    /// `page.open` and the verbs resolve once the opened page's work has run (twenty `setTimeout(0)` turns, a fetch,
    /// one more turn), on a real clock and a virtual one; a timer a day away is not waited for.
    @Test(arguments: [false, true]) func openAndVerbsWaitForThePagesOwnWork(virtualTime: Bool) async throws {
        var options = Fixtures.options()
        options.virtualTime = virtualTime
        let report = try await runTestPage(folder.appendingPathComponent("settle.test.js"), options: options)
        #expect(report.counts == TestCounts(passed: 2), "\(report.failures)")
    }

    /// `page.open` resolves once the page loaded and its bridge setup ran, not when its streams end: an `EventSource`
    /// kept open, one whose response never begins, a WebSocket that echoes and one whose handshake never completes.
    /// (On the real clock: the test then waits for what the streams bring, which is I/O, not time.)
    @Test func openDoesNotWaitForStreamsOrSockets() async throws {
        let report = try await runTestPage(folder.appendingPathComponent("streams.test.js"), options: Fixtures.options())
        #expect(!report.hasFailures, "\(report.failures)")
        #expect(report.counts == TestCounts(passed: 3))
    }

    /// Nor for connections still being set up: an `EventSource` and a WebSocket to a server that takes the connection
    /// and never answers are still CONNECTING when `page.open` resolves (it waited for neither), the page's bridge
    /// set up.
    @Test func openDoesNotWaitForConnectionsThatNeverAnswer() async throws {
        let silent = try SilentListener()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stalled-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
            <!DOCTYPE html><title>Stalled</title><script>
            \(bridgeSetupFunction)
            window.ready = false;
            setupWebViewJavascriptBridge(function () { window.ready = true; });
            var stream = new EventSource("http://127.0.0.1:\(silent.port)/feed");
            var socket = new WebSocket("ws://127.0.0.1:\(silent.port)/chat");
            window.states = function () { return [stream.readyState, socket.readyState]; };
            </script>
            """.write(to: folder.appendingPathComponent("stalled.html"), atomically: true, encoding: .utf8)
        try """
            test("page.open resolves with both connections still connecting", async () => {
              const stalled = await page.open("stalled.html");
              expect(stalled.window.ready).toBe(true);
              expect(stalled.window.states()).toEqual([0, 0]);
            });
            """.write(to: folder.appendingPathComponent("stalled.test.js"), atomically: true, encoding: .utf8)
        let report = try await runTestPage(folder.appendingPathComponent("stalled.test.js"), options: Fixtures.options())
        #expect(report.counts == TestCounts(passed: 1), "\(report.failures)")
        withExtendedLifetime(silent) {}
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

/// Pages opened on the virtual clock: a clock installed before `page.open` holds the page's timers too, and
/// `waitFor` moves time (or, with the clock installed, fires the timers one by one).
@Suite struct PageDrivingClockTests {
    @Test func theClockOfTheTestIsTheClockOfThePage() async throws {
        let page = Fixtures.root.appendingPathComponent("driving/session.test.html")
        let report = try await runTestPage(page, options: Fixtures.options())
        #expect(!report.hasFailures, "\(report.failures)")
        #expect(report.counts == TestCounts(passed: 4))
    }
}

/// `expect(page.dom('#list')).toMatchSnapshot()`: the list as a stable serialisation, a changed list fails with the
/// first differing line, `updateSnapshots` takes the new list.
@Suite struct PageDOMSnapshotTests {
    private static func page(items: [String]) -> String {
        "<!DOCTYPE html>\n<ul id=\"list\" class=\"items\">\n" + items.map { "  <li>\($0)</li>\n" }.joined() + "</ul>\n"
    }

    @Test func aChangedListFailsUntilTheSnapshotIsUpdated() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("page-snapshots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let test = folder.appendingPathComponent("list.test.js")
        try """
            test("the list", async () => {
              await page.open("list.html");
              expect(page.dom("#list")).toMatchSnapshot();
            });
            """.write(to: test, atomically: true, encoding: .utf8)
        let list = folder.appendingPathComponent("list.html")
        let file = TestFile(url: test, path: "list.test.js")
        let stored = folder.appendingPathComponent("__snapshots__/list.test.js.snap.json")

        try Self.page(items: ["one", "two"]).write(to: list, atomically: true, encoding: .utf8)
        let first = await runTestFile(file, options: Fixtures.options())
        #expect(first.counts == TestCounts(passed: 1), "\(first.failures)")
        let text = try String(contentsOf: stored, encoding: .utf8)
        #expect(text == """
            {
              "the list 1": "<ul class=\\"items\\" id=\\"list\\">\\n  <li>one</li>\\n  <li>two</li>\\n</ul>"
            }

            """)

        try Self.page(items: ["one", "three"]).write(to: list, atomically: true, encoding: .utf8)
        let changed = await runTestFile(file, options: Fixtures.options())
        #expect(changed.counts == TestCounts(failed: 1))
        #expect(changed.tests.first?.message == "expect(received).toMatchSnapshot(): the snapshot \"the list 1\" differs at line 3: "
                + "-   <li>two</li> +   <li>three</li> (hybrid test --update-snapshots accepts the new value)")
        #expect(try String(contentsOf: stored, encoding: .utf8) == text, "a failing run leaves the snapshots alone")

        var update = Fixtures.options()
        update.updateSnapshots = true
        let updated = await runTestFile(file, options: update)
        #expect(updated.counts == TestCounts(passed: 1), "\(updated.failures)")
        #expect(try String(contentsOf: stored, encoding: .utf8).contains("<li>three</li>"))
        let after = await runTestFile(file, options: Fixtures.options())
        #expect(after.counts == TestCounts(passed: 1), "\(after.failures)")
    }
}
