import Foundation
import Testing

/// The transcript is in causal order: a step before what it causes, a bridge message before what the page does
/// with it, a call before its answer.
@Suite struct TranscriptCausalityTests {
    /// A short name for each line: `click #scan`, `bridge js->native call scanClick`, `dialog ...`, `console ...`.
    private static func names(_ events: [[String: Any]]) -> [String] {
        events.compactMap { event in
            let kind = event["kind"] as? String ?? ""
            switch kind {
            case "click": return "click \(event["selector"] as? String ?? "")"
            case "call": return "call \(event["handler"] as? String ?? "")"
            case "callResult": return "callResult \(event["handler"] as? String ?? "")"
            case "bridge":
                guard let type = event["type"] as? String, type != "signal" else { return nil }
                return "bridge \(event["dir"] as? String ?? "") \(type) \(event["handler"] as? String ?? "")"
            case "dialog": return "dialog \(event["text"] as? String ?? "")"
            case "console": return "console \(event["text"] as? String ?? "")"
            default: return nil
            }
        }
    }

    /// Every name in `expected` occurs in `lines`, in that order (other lines may come between).
    private static func inOrder(_ lines: [String], _ expected: [String]) -> Bool {
        var rest = lines[...]
        for name in expected {
            guard let index = rest.firstIndex(of: name) else { return false }
            rest = rest[(index + 1)...]
        }
        return true
    }

    /// Every answer comes after the call it answers (by callback id).
    private static func answersFollowCalls(_ events: [[String: Any]]) -> Bool {
        var asked: Set<String> = []
        for event in events where event["kind"] as? String == "bridge" {
            if let id = event["callbackId"] as? String { asked.insert(id) }
            if let id = event["responseId"] as? String, !asked.contains(id) { return false }
        }
        return true
    }

    @Test func theDemoIsWrittenInCausalOrder() async throws {
        let transcript = FileManager.default.temporaryDirectory.appendingPathComponent("causal-\(UUID().uuidString).jsonl")
        let result = try await HybridBinary.run(["run", "--transcript", transcript.path], environment: ["NO_COLOR": "1"],
                                                currentDirectory: RunFixture.repository)
        #expect(result.status == 0, "\(result.stderr)")
        let events = try await RunFixture.events(transcript)
        let lines = Self.names(events)
        #expect(Self.answersFollowCalls(events))
        // The click, the call it causes, native's answer, then the alert the answer's callback opens.
        #expect(Self.inOrder(lines, [
            "click #scan", "bridge js->native call scanClick", "bridge native->js response scanClick",
            "dialog JS called native scanClick", "click #color", "bridge js->native call colorClick",
        ]), "\(lines)")
        // Native's call, the page's handler (an alert), then its answer.
        #expect(Self.inOrder(lines, [
            "call testJavaScriptFunction", "bridge native->js call testJavaScriptFunction", "dialog JS was called by native",
            "bridge js->native response testJavaScriptFunction", "callResult testJavaScriptFunction",
        ]), "\(lines)")
        let times = events.compactMap { ($0["t"] as? NSNumber)?.doubleValue }
        #expect(times == times.sorted())
    }

    @Test func nestedCallsAreWrittenInCausalOrder() async throws {
        // Native calls `outer`; its handler asks native's echo, logs the echo's answer, then answers native.
        let page = RunFixture.bootstrap + """
            <script>setupWebViewJavascriptBridge(function (bridge) {
              bridge.registerHandler('outer', function (data, respond) {
                console.log('outer got ' + data);
                bridge.callHandler('echo', data + '!', function (echoed) {
                  console.log('echo answered ' + echoed);
                  respond(echoed + '?');
                });
              });
            });</script>
            """
        let dir = try await RunFixture.folder(["page.html": page])
        let transcript = dir.appendingPathComponent("t.jsonl")
        let result = try await HybridBinary.run(["run", dir.appendingPathComponent("page.html").path, "--transcript", transcript.path,
                                                 "--call", "outer=\"x\"", "--color", "never"], currentDirectory: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("x!?\n"), "\(result.stdout)")
        let events = try await RunFixture.events(transcript)
        #expect(Self.answersFollowCalls(events))
        let lines = Self.names(events)
        #expect(Self.inOrder(lines, [
            "call outer", "bridge native->js call outer", "console outer got x", "bridge js->native call echo",
            "bridge native->js response echo", "console echo answered x!", "bridge js->native response outer", "callResult outer",
        ]), "\(lines)")
    }
}
