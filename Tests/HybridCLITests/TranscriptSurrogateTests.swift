import Foundation
import Testing
import TestSupport

/// A lone surrogate a page sends through the bridge is written to the transcript as its JSON escape, not U+FFFD.
@Suite struct TranscriptSurrogateTests {
    @Test func aLoneSurrogateKeepsItsEscapeInTheTranscript() async throws {
        let page = RunFixture.bootstrap + """
            <script>setupWebViewJavascriptBridge(function (bridge) {
              bridge.callHandler('echo', {lone: '\\ud800', pair: '\\ud83d\\ude00', text: 'a\\\\ud800'}, function (answer) {
                console.log('same ' + (answer.lone === '\\ud800'));
              });
            });</script>
            """
        let dir = try await RunFixture.folder(["page.html": page])
        let transcript = dir.appendingPathComponent("t.jsonl")
        let result = try await HybridBinary.run(["run", dir.appendingPathComponent("page.html").path, "--transcript", transcript.path,
                                                 "--color", "never"], currentDirectory: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOf: transcript, encoding: .utf8)
        let bridgeLines = text.split(separator: "\n").filter { $0.contains(#""handler":"echo""#) }
        #expect(bridgeLines.count == 2, "\(text)")
        for line in bridgeLines {
            #expect(line.contains(#""data":{"lone":"\ud800","pair":"😀","text":"a\\ud800"},"size":"#), "\(line)")
            #expect(!line.contains("\u{FFFD}"))
            #expect(!line.contains("dataJSON"))
        }
        // The page got its lone surrogate back. (Foundation's JSONSerialization refuses a lone surrogate escape, which
        // JSON allows and JSON.parse takes, so the lines are not read with it here.)
        #expect(text.contains(#""kind":"console","page":1,"level":"log","text":"same true""#), "\(text)")
    }
}

/// Console text with a lone surrogate keeps its escape in the transcript too (issue 17's smaller cases).
@Suite struct TranscriptConsoleSurrogateTests {
    @Test func consoleTextKeepsItsLoneSurrogateEscape() async throws {
        let page = """
            <!doctype html><script>
            console.log('lone \\ud800 and \\udc00 pair \\ud83d\\ude00 quote " backslash \\\\');
            console.warn('plain ' + 'text');
            </script>
            """
        let dir = try await RunFixture.folder(["page.html": page])
        let transcript = dir.appendingPathComponent("t.jsonl")
        let result = try await HybridBinary.run(["run", dir.appendingPathComponent("page.html").path, "--transcript", transcript.path,
                                                 "--color", "never"], currentDirectory: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOf: transcript, encoding: .utf8)
        let lines = text.split(separator: "\n").filter { $0.contains(#""kind":"console""#) }
        #expect(lines.count == 2, "\(text)")
        #expect(lines.first?.contains(#""text":"lone \ud800 and \udc00 pair 😀 quote \" backslash \\""#) == true, "\(text)")
        #expect(!text.contains("\u{FFFD}"))
        #expect(!text.contains("textJSON"))
        #expect(lines.last?.contains(#""level":"warn","text":"plain text""#) == true, "\(text)")
    }
}
