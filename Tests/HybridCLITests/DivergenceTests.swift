import Foundation
import Testing

/// Divergences from the device in `hybrid run` and `hybrid test`: a line on stderr and in the transcript,
/// exit 1 only with --strict; a failing test page unless it expects the code.
@Suite struct DivergenceTests {
    static let seed = RunFixture.repository.appendingPathComponent("web/bridge/seed.html")
    static let seedMessage = "setup callback 1 threw TypeError: bridge.registerHanlder is not a function; on iOS the "
        + "remaining 1 setup callback never runs, so handler changeBGColor is never registered"

    private func runSeed(_ arguments: [String]) async throws -> (CommandResult, [[String: Any]]) {
        let dir = try await RunFixture.folder([:])
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let transcript = dir.appendingPathComponent("t.jsonl")
        let result = try await HybridBinary.run(["run", Self.seed.path, "--transcript", transcript.path, "--color", "never"] + arguments)
        return (result, try await RunFixture.events(transcript))
    }

    @Test func theSeedPageFailsAsOnThePhoneAndTheRunSaysWhyWithoutChangingItsExitCode() async throws {
        let (result, events) = try await runSeed(["--call", "changeBGColor=\"orange\"",
                                                  "--eval", "document.body.style.backgroundColor"])
        // The exception exits 1 as before; the divergence itself does not change the status.
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("divergence setup_callback_threw: " + Self.seedMessage + "\n"))
        #expect(result.stderr.contains("1 divergence"))
        #expect(result.stderr.contains("--call changeBGColor: handler_not_found"))
        let divergence = try #require(RunFixture.kind(events, "divergence").first)
        #expect(divergence["code"] as? String == "setup_callback_threw")
        #expect(divergence["message"] as? String == Self.seedMessage)
    }

    @Test func lenientKeepsTheOldBehaviourAndStillReports() async throws {
        let (result, events) = try await runSeed(["--lenient", "--call", "changeBGColor=\"orange\"",
                                                  "--eval", "document.body.style.backgroundColor"])
        #expect(result.stdout.hasSuffix("no response\norange\n"), "\(result.stdout)")
        #expect(result.stderr.contains("divergence setup_callback_threw: " + Self.seedMessage + "\n"))
        #expect(RunFixture.kind(events, "divergence").count == 1)
    }

    private static let twice = RunFixture.bootstrap + """
        <script>setupWebViewJavascriptBridge(function (bridge) {
          bridge.registerHandler('twice', function (d, cb) { cb(1); cb(2); });
        });</script>
        """

    @Test func strictExitsOneOnADivergenceAndOnlyThen() async throws {
        let page = try await RunFixture.page(Self.twice)
        let plain = try await HybridBinary.run(["run", page.path, "--call", "twice", "--color", "never"])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stderr.contains("divergence response_callback_called_twice: responseCallback called twice for objc_cb_1"))
        #expect(plain.stdout.contains("1\n"))
        let strict = try await HybridBinary.run(["run", page.path, "--call", "twice", "--strict", "--color", "never"])
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("on iOS the second answer reaches native and the app crashes (nil block)"))
        let clean = try await RunFixture.page(RunFixture.bootstrap + "<script>ask('echo', 1);</script>")
        let strictClean = try await HybridBinary.run(["run", clean.path, "--strict", "--eval", "got.echo"])
        #expect(strictClean.status == 0, "\(strictClean.stderr)")
        #expect(!strictClean.stderr.contains("divergence"))
    }

    @Test func aSeventeenMebibyteEchoWorksInARun() async throws {
        let page = try await RunFixture.page(RunFixture.bootstrap + """
            <script>ask('echo', 'x'.repeat(17 * 1024 * 1024));</script>
            """)
        let result = try await HybridBinary.run(["run", page.path, "--quiet", "--eval", "got.echo.length"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "\(17 << 20)\n")
    }

    /// A call at load time, without asking for the bridge: it throws, as on the phone, and the divergence names it.
    private static let earlyCall = """
        <script>
        WebViewJavascriptBridge.callHandler('early', 1);
        test("runs", function () { assert.ok(true); });
        </script>
        """

    /// A handler that answers twice, called the way native calls it once the bridge is there.
    private static let answersTwice = RunFixture.bootstrap + """
        <script>
        var ready = new Promise(function (resolve) {
          setupWebViewJavascriptBridge(function (bridge) {
            bridge.registerHandler('twice', function (d, cb) { cb(1); cb(2); resolve(); });
          });
        });
        test("answers", async function () {
          assert.equal(typeof window.WebViewJavascriptBridge, "object");
          WebViewJavascriptBridge._handleMessageFromObjC(JSON.stringify({ handlerName: 'twice', callbackId: 'objc_cb_9' }));
          await ready;
        });
        </script>
        """

    private func hybridTest(_ page: String, _ arguments: [String] = []) async throws -> CommandResult {
        let dir = try await RunFixture.folder(["d.test.html": page])
        return try await HybridBinary.run(["test", "d.test.html"] + arguments, currentDirectory: dir)
    }

    @Test func aTestPageThatCallsTheBridgeBeforeItExistsFailsAndTheDivergenceSaysWhy() async throws {
        let failing = try await hybridTest("<!DOCTYPE html><html><body>" + Self.earlyCall + "</body></html>")
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("divergence call_before_bridge: WebViewJavascriptBridge used before the bridge exists ("),
                "\(failing.stdout)")
        #expect(failing.stdout.contains("WebViewJavascriptBridge"))
    }

    @Test func aTestPageFailsOnADivergenceUnlessItExpectsIt() async throws {
        let failing = try await hybridTest("<!DOCTYPE html><html><body>" + Self.answersTwice + "</body></html>")
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("divergence response_callback_called_twice: responseCallback called twice for objc_cb_9"),
                "\(failing.stdout)")
        // The test that was running fails, not the whole file.
        #expect(failing.stdout.contains("FAIL d.test.html › answers\n    divergence response_callback_called_twice:"), "\(failing.stdout)")
        #expect(failing.stdout.hasSuffix("0 passed, 1 failed\n"), "\(failing.stdout)")
        let expected = "<!DOCTYPE html><html><head><meta name=\"hybrid-expect-divergence\" content=\"response_callback_called_twice\">"
            + "</head><body>" + Self.answersTwice + "</body></html>"
        let passing = try await hybridTest(expected)
        #expect(passing.status == 0, "\(passing.stdout)")
        #expect(passing.stdout.hasSuffix("1 passed, 0 failed\n"))
        let strict = try await hybridTest(expected, ["--strict"])
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("divergence response_callback_called_twice"))
    }

    /// Records whether the bridge exists while DOMContentLoaded listeners run: only in the lenient setting.
    private static let atContentLoaded = RunFixture.bootstrap + """
        <script>
        setupWebViewJavascriptBridge(function () {});
        var seen;
        document.addEventListener('DOMContentLoaded', function () { seen = typeof window.WebViewJavascriptBridge; });
        test("the bridge at DOMContentLoaded", function () { assert.equal(seen, "object"); });
        test("a 2 KB call", async function () {
          var code = await WebViewJavascriptBridge.call('nobody', 'x'.repeat(2048)).then(function () { return 'answered'; }, function (e) { return e.code; });
          assert.equal(code, 'handler_not_found');
        });
        </script>
        """

    @Test func hybridTestTakesLenientAndMaxMessageSize() async throws {
        let page = "<!DOCTYPE html><html><body>" + Self.atContentLoaded + "</body></html>"
        let device = try await hybridTest(page)
        #expect(device.status == 1)
        #expect(device.stdout.contains("FAIL d.test.html › the bridge at DOMContentLoaded"), "\(device.stdout)")
        #expect(device.stdout.hasSuffix("1 passed, 1 failed\n"), "\(device.stdout)")
        let lenient = try await hybridTest(page, ["--lenient"])
        #expect(lenient.status == 0, "\(lenient.stdout)")
        let small = try await hybridTest(page, ["--lenient", "--max-message-size", "1024"])
        #expect(small.status == 1)
        #expect(small.stdout.contains("FAIL d.test.html › a 2 KB call"), "\(small.stdout)")
        #expect(small.stdout.contains("payload_too_large"), "\(small.stdout)")
        #expect(try await hybridTest(page, ["--max-message-size", "-1"]).status == 2)
    }
}
