import Foundation
import Testing

/// `hybrid run` with no page: the demo `web/index.html`.
@Suite struct RunDemoTests {
    @Test func theDemoClicksEveryButtonCallsTheJSHandlersAndPasses() async throws {
        let transcript = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString).jsonl")
        let result = try await HybridBinary.run(["run", "--transcript", transcript.path], environment: ["NO_COLOR": "1"],
                                          currentDirectory: RunFixture.repository)
        #expect(result.status == 0, "\(result.stderr)")
        let out = result.stdout
        for button in ["#scan", "#color", "#location", "#share", "#pay", "#goBack"] { #expect(out.contains("click \(button)\n")) }
        #expect(out.contains(#"JS → native scanClick {"data":"scan data from JS"}"#))
        #expect(out.contains("native ⇢ JS scanClick answer scan result: www.example.com"))
        #expect(out.contains("native ⇢ JS colorClick answer navigation bar colour changed"))
        #expect(out.contains("JS → native goBackClick\n"))
        #expect(out.contains("[alert] JS called native scanClick\n"))
        #expect(out.contains("[alert] JS was called by native\n"))
        #expect(out.contains(#"{"data":{"from":"Swift"},"from":"JS"}"#))
        #expect(out.contains("✓ assert document.body.style.backgroundColor === 'orange'\n"))
        #expect(!out.contains("\u{1B}["))
        // One summary line: page, messages each way, dialogs, errors, time.
        let summary = result.stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(summary.hasPrefix("web/index.html: 7 JS→native, 7 native→JS, 2 dialogs, 0 errors, 2/2 assertions passed, "))
        #expect(summary.hasSuffix(" ms — ok"))

        let events = try await RunFixture.events(transcript)
        let handlers = Set(RunFixture.kind(events, "bridge").compactMap { $0["handler"] as? String })
        #expect(handlers.isSuperset(of: ["scanClick", "colorClick", "locationClick", "shareClick", "payClick", "goBackClick",
                                         "changeBGColor", "testJavaScriptFunction"]))
        #expect(RunFixture.kind(events, "dialog").count == 2)
        #expect(RunFixture.kind(events, "assert").allSatisfy { $0["passed"] as? Bool == true })
        #expect(RunFixture.kind(events, "http").contains { $0["path"] as? String == "/index.html" && $0["status"] as? Int == 200 })
    }

    @Test func coloursFollowTheColorFlag() async throws {
        let always = try await HybridBinary.run(["run", "--color", "always"], currentDirectory: RunFixture.repository)
        #expect(always.status == 0)
        #expect(always.stdout.contains("\u{1B}[36mscanClick\u{1B}[0m"))
        // Piped output under auto is plain.
        let auto = try await HybridBinary.run(["run"], currentDirectory: RunFixture.repository)
        #expect(!auto.stdout.contains("\u{1B}["))
        let bad = try await HybridBinary.run(["run", "--color", "sometimes"], currentDirectory: RunFixture.repository)
        #expect(bad.status == 2)
    }

    @Test func withoutTheDemoPagesItSaysWhereItLooked() async throws {
        let empty = try await RunFixture.folder(["readme.txt": "nothing here"])
        let result = try await HybridBinary.run(["run"], currentDirectory: empty)
        #expect(result.status == 2)
        #expect(result.stderr.contains("demo page was not found; looked for \(empty.path)/web/index.html"))
        #expect(result.stderr.contains("share/hybrid/web/index.html"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
