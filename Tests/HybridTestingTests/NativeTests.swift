import Bridge
import Foundation
import HybridTesting
import JavaScript
import Testing

/// `native` in test files (issue 19): per-test mocks over the file's mocks, recorded calls, `native.call`, and mock
/// files with lists of answers.
@Suite struct NativeTests {
    static let web = Fixtures.root.appendingPathComponent("../../../web").standardized

    /// web/tests/native.test.html: mocks per test, reset between tests, over its native.mock.json (with a list that
    /// answers success then error), recorded calls, and native.call into the page's handler.
    @Test func theNativeTestPagePasses() async {
        let page = Self.web.appendingPathComponent("tests/native.test.html")
        let report = await runTestFile(TestFile(url: page, path: "native.test.html"), options: Fixtures.options())
        #expect(report.counts == TestCounts(passed: 10), "\(report.failures)")
    }

    @Test func misuseFailsItsTestClearlyAndSwiftHandlersAreLayeredToo() async {
        let report = await runTestFile(Fixtures.script("misuse.test.js", in: "native"), options: Fixtures.options()) { bridge in
            bridge.register("swiftAdd") { (numbers: [Int]) in numbers.reduce(0, +) }
        }
        #expect(report.test(named: "a mock needs a handler name")?.message == "TypeError: native.mock(name, ...) needs a handler name, got \"\"")
        #expect(report.test(named: "native.call needs a handler name")?.message == "TypeError: native.call(name, ...) needs a handler name, got 42")
        #expect(report.counts == TestCounts(passed: 5, failed: 2), "\(report.failures)")
    }

    /// The same mocks and native.call answer a page that speaks DSBridge (the shared core's layer).
    @Test(arguments: [ContainerProfile.dsBridgeIOS, .dsBridgeAndroid])
    func aDSBridgePageIsAnsweredAndCalledThroughItsOwnProtocol(_ container: ContainerProfile) async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("native-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(at: Self.web.appendingPathComponent("examples/containers/dsbridge/dsbridge-compatible.js"),
                                         to: dir.appendingPathComponent("dsbridge-compatible.js"))
        let page = dir.appendingPathComponent("ds.test.html")
        try """
            <!DOCTYPE html><html><head><script src="dsbridge-compatible.js"></script></head><body><script>
            dsBridge.register("addValue", function (l, r) { return l + r; });
            test("a synchronous call gets the per-test mock at once", () => {
              const m = native.mock("testSyn", (data) => "mocked " + data);
              expect(dsBridge.call("testSyn", "x")).toBe("mocked x");
              expect(m).toHaveBeenCalledWith("x");
            });
            test("an asynchronous call gets a promise's answer", async () => {
              native.mock("testAsyn", () => Promise.resolve("later"));
              expect(await new Promise((resolve) => dsBridge.call("testAsyn", 1, resolve))).toBe("later");
              expect(native.calls("testAsyn")).toHaveLength(1);
              expect(native.calls("testAsyn")[0].protocol).toBe("dsbridge");
            });
            test("native.call reaches the page's method through DSBridge", async () => {
              expect(await native.call("addValue", [3, 4])).toBe(7);
            });
            </script></body></html>
            """.write(to: page, atomically: true, encoding: .utf8)
        var options = Fixtures.options()
        options.container = container
        let report = await runTestFile(TestFile(url: page, path: "ds.test.html"), options: options)
        #expect(report.counts == TestCounts(passed: 3), "\(report.failures)")
    }

    /// `native.fire` delivers the container's events to the page as the app does (issue 18: events from test pages),
    /// and an event the container does not fire is a clear error.
    @Test func nativeFireDeliversTheContainersEvents() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("native-fire-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("events.test.html")
        try """
            <!DOCTYPE html><html><body><script>
            var seen = [];
            document.addEventListener("resume", function (e) { seen.push("resume " + JSON.stringify(e.data)); });
            async function delivered() { for (var i = 0; i < 100 && !seen.length; i++) await new Promise((r) => setTimeout(r, 0)); }
            test("native.fire delivers the container's event to the page", async () => {
              await native.fire("resume", { from: "background" });
              await delivered();
              expect(seen).toEqual(['resume {"from":"background"}']);
            });
            test("an event the container does not fire rejects with its code", async () => {
              let code = null;
              try { await native.fire("no-such-event"); } catch (e) { code = e.code; }
              expect(code).toBe("unknown_event");
            });
            </script></body></html>
            """.write(to: page, atomically: true, encoding: .utf8)
        var options = Fixtures.options()
        options.container = .alipay
        let report = await runTestFile(TestFile(url: page, path: "events.test.html"), options: options)
        #expect(report.counts == TestCounts(passed: 2), "\(report.failures)")
    }

    /// web/tests/network.test.html: fetch and XMLHttpRequest answered per test by network.mock.
    @Test func theNetworkTestPagePasses() async {
        let page = Self.web.appendingPathComponent("tests/network.test.html")
        let report = await runTestFile(TestFile(url: page, path: "network.test.html"), options: Fixtures.options())
        #expect(report.counts == TestCounts(passed: 5), "\(report.failures)")
    }

    @Test func anUnmatchedRequestFailsItsTestLoudly() async {
        let report = await runTestFile(Fixtures.script("unmatched.test.js", in: "native"), options: Fixtures.options())
        let failure = report.test(named: "an unmatched request fails the test")
        #expect(failure?.status == .failed)
        #expect(failure?.message?.contains("network.mock: no mock matches GET http://") == true, "\(String(describing: failure))")
        #expect(failure?.message?.contains("/api/b") == true)
        #expect(report.counts == TestCounts(passed: 2, failed: 1), "\(report.failures)")
    }

    /// web/tests/har.test.html replays its sidecar har.har offline: api.example.com is never reached.
    @Test func theHARTestPageReplaysOffline() async {
        let page = Self.web.appendingPathComponent("tests/har.test.html")
        let report = await runTestFile(TestFile(url: page, path: "har.test.html"), options: Fixtures.options())
        #expect(report.counts == TestCounts(passed: 4), "\(report.failures)")
    }
}
