import Foundation
import Testing

/// `hybrid run` with the bridge: mocks (response, error, delay, echo, sidecar, override), --call,
/// warnings for unknown handlers, bridge transcript events.
@Suite struct RunBridgeTests {
    private func run(_ page: String, files: [String: String] = [:], _ arguments: [String]) async throws -> (CommandResult, [[String: Any]]) {
        var all = files
        all["page.html"] = RunFixture.bootstrap + page
        let dir = try await RunFixture.folder(all)
        let transcript = dir.appendingPathComponent("t.jsonl")
        // Mock paths are relative to the page's folder, the current directory of the run.
        let result = try await HybridBinary.run(["run", dir.appendingPathComponent("page.html").path, "--transcript", transcript.path,
                                           "--color", "never"] + arguments, currentDirectory: dir)
        let written = FileManager.default.fileExists(atPath: transcript.path)
        return await (result, written ? try RunFixture.events(transcript) : [])
    }

    @Test func mocksAnswerWithResponseErrorDelayAndEcho() async throws {
        let mock = """
            {"scan": {"response": "www.example.com"}, "pay": {"error": {"code": "denied", "message": "no money"}},
             "slow": {"response": 1, "delayMs": 100}, "mirror": {"echo": true}, "empty": {}}
            """
        let (result, events) = try await run("""
            <script>ask('scan', 1); ask('pay', {amount: 2}); ask('slow'); ask('mirror', {a: [1, 2]}); ask('empty', 'x');</script>
            """, files: ["m.json": mock], ["--mock", "m.json", "--eval", "JSON.stringify([got.scan, got.slow, got.mirror, got.empty, 'pay' in got])"])
        #expect(result.status == 0, "\(result.stderr)")
        // pay's error forgets the JS callback (the reference's behaviour); the delayed answer came before the eval phase.
        #expect(result.stdout.contains(#"["www.example.com",1,{"a":[1,2]},null,false]"#))
        let bridge = RunFixture.kind(events, "bridge")
        let error = try #require(bridge.first { $0["type"] as? String == "error" && $0["handler"] as? String == "pay" })
        #expect(error["dir"] as? String == "native->js")
        #expect((error["error"] as? [String: Any])?["code"] as? String == "denied")
        #expect(error["responseId"] is String)
        let call = try #require(bridge.first { $0["type"] as? String == "call" && $0["handler"] as? String == "scan" })
        #expect(call["dir"] as? String == "js->native")
        #expect(call["callbackId"] is String)
        #expect(call["data"] as? Int == 1)
        #expect((call["size"] as? Int ?? 0) > 0)
        #expect(result.stdout.contains("native ⇢ JS pay answer error denied: no money"))
    }

    @Test func theSidecarIsUsedAndMockFilesOverrideItHandlerByHandler() async throws {
        let files = ["page.mock.json": #"{"a": {"response": "sidecar a"}, "b": {"response": "sidecar b"}}"#,
                     "over.json": #"{"b": {"response": "override b"}}"#]
        let page = "<script>ask('a'); ask('b');</script>"
        let (sidecar, _) = try await run(page, files: files, ["--eval", "got.a + ' / ' + got.b"])
        #expect(sidecar.stdout.contains("sidecar a / sidecar b\n"))
        let (overridden, _) = try await run(page, files: files, ["--mock", "over.json", "--eval", "got.a + ' / ' + got.b"])
        #expect(overridden.stdout.contains("sidecar a / override b\n"))
    }

    @Test func mocksOverrideBuiltInHandlers() async throws {
        let page = "<script>ask('echo', 'ping');</script>"
        let (builtIn, _) = try await run(page, ["--eval", "got.echo"])
        #expect(builtIn.stdout.hasSuffix("ping\n"))
        let (mocked, _) = try await run(page, files: ["m.json": #"{"echo": {"response": "mocked"}}"#], ["--mock", "m.json", "--eval", "got.echo"])
        #expect(mocked.stdout.hasSuffix("mocked\n"))
    }

    @Test func badMockFilesAreInputErrorsWithThePosition() async throws {
        let (invalid, _) = try await run("", files: ["m.json": "{\n  \"a\": {\"response\": 1,}\n}"], ["--mock", "m.json"])
        #expect(invalid.status == 2)
        #expect(invalid.stderr.contains("m.json: line 2, column"))
        #expect(invalid.stderr.split(separator: "\n").count == 1)
        let (both, _) = try await run("", files: ["m.json": #"{"a": {"response": 1, "error": {"code": "x", "message": "y"}}}"#], ["--mock", "m.json"])
        #expect(both.status == 2)
        #expect(both.stderr.contains("both \"response\" and \"error\""))
        let (missing, _) = try await run("", ["--mock", "/nonexistent/m.json"])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("hybrid run: /nonexistent/m.json: cannot read"))
        let (badSidecar, _) = try await run("", files: ["page.mock.json": "[1"], [])
        #expect(badSidecar.status == 2)
    }

    @Test func anUnknownNativeHandlerIsAWarningNamingIt() async throws {
        let (result, events) = try await run("<script>ask('mystery', 1);</script>", ["--eval", "1"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning: the page called native handler \"mystery\""))
        let error = try #require(RunFixture.kind(events, "bridge").first { $0["type"] as? String == "error" })
        #expect((error["error"] as? [String: Any])?["code"] as? String == "handler_not_found")
    }

    @Test func callPrintsTheAnswerOrNoResponse() async throws {
        let page = """
            <script>setupWebViewJavascriptBridge(function(bridge) {
              bridge.registerHandler('double', function(data, respond) { setTimeout(function() { respond(data * 2); }, 20); });
              bridge.registerHandler('silent', function(data) { window.heard = data; });
            });</script>
            """
        let (result, events) = try await run(page, ["--call", "double=21", "--call", "silent={\"x\":1}", "--eval", "JSON.stringify(heard)"])
        #expect(result.status == 0, "\(result.stderr)")
        let values = result.stdout.split(separator: "\n").filter { !$0.hasPrefix("call ") && !$0.contains("JS") }
        #expect(values == ["42", "no response", #"{"x":1}"#])
        let calls = RunFixture.kind(events, "call")
        #expect(calls.map { $0["handler"] as? String } == ["double", "silent"])
        let results = RunFixture.kind(events, "callResult")
        #expect(results.map { $0["handler"] as? String } == ["double", "silent"])
        #expect(results.first?["value"] as? Int == 42)
        #expect(results.last?["noResponse"] as? Bool == true)
        let outgoing = RunFixture.kind(events, "bridge").first { $0["dir"] as? String == "native->js" }
        #expect(outgoing?["handler"] as? String == "double")
    }

    @Test func callReportsAnAnswerTheBridgeRefusedAsAnError() async throws {
        let page = """
            <script>setupWebViewJavascriptBridge(function(bridge) {
              bridge.registerHandler('big', function() { return 'x'.repeat(2 * 1024 * 1024); });
            });</script>
            """
        let (result, events) = try await run(page, ["--call", "big", "--max-message-size", "1000000"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("hybrid run: --call big: payload_too_large: message of"))
        // The refused answer is printed nowhere, and not written to the transcript either.
        #expect(!result.stdout.contains("xxxxxxxx"))
        let call = try #require(RunFixture.kind(events, "callResult").first)
        #expect((call["error"] as? [String: Any])?["code"] as? String == "payload_too_large")
        #expect(call["value"] == nil)
        let refused = try #require(RunFixture.kind(events, "bridge").first { $0["outcome"] as? String == "payload_too_large" })
        #expect(refused["data"] == nil)
        #expect((refused["error"] as? [String: Any])?["code"] as? String == "payload_too_large")
    }

    @Test func callTakesOnlyTheAnswerToItsOwnMessage() async throws {
        // The page answers `objc_cb_1` before native made any call, and repeats every answer it
        // sends with other data: neither forgery is the answer of a --call.
        let page = """
            <script>setupWebViewJavascriptBridge(function(bridge) {
              bridge.registerHandler('real', function(data) { return 'real ' + data; });
              bridge.registerHandler('silent', function() {});
              var fetch = bridge._fetchQueue;
              var early = [{responseId: 'objc_cb_1', responseData: 'forged early'}];
              bridge._fetchQueue = function() {
                var queue = JSON.parse(fetch());
                var forged = early;
                early = [];
                queue.forEach(function(m) { if (m.responseId) forged.push({responseId: m.responseId, responseData: 'forged again'}); });
                return JSON.stringify(queue.concat(forged));
              };
              bridge.callHandler('echo', 'flush');
            });</script>
            """
        let (result, _) = try await run(page, ["--call", "silent", "--call", "real=1"])
        #expect(result.status == 0, "\(result.stderr)")
        let values = result.stdout.split(separator: "\n").filter { !$0.hasPrefix("call ") && !$0.contains("JS") }
        #expect(values == ["no response", "real 1"])
    }

    @Test func callFailuresAndBadJSON() async throws {
        let (unknown, _) = try await run("<script>setupWebViewJavascriptBridge(function() {});</script>", ["--call", "nope"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("--call nope: handler_not_found"))
        let (bad, _) = try await run("", ["--call", "x={oops"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--call x: invalid JSON at offset 1"))
    }
}
