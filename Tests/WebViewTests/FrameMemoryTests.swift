import Foundation
import JavaScript
import Testing
import TestSupport
@testable import WebView

/// Removing an iframe tears its context down: 120 frames made and removed in one page must not grow resident memory
/// beyond a small bound. Measured in a child process, as ``PageMemoryTests`` does.
@Suite struct FrameMemoryTests {
    static let childVariable = "HYBRID_FRAME_MEMORY_CHILD"

    @Test
    func framesMadeAndRemovedDoNotGrowResidentMemory() async throws {
        let result = try await ChildProcess.runTests(matching: "frameMemoryChild", childVariable: Self.childVariable)
        #expect(result.testPassed("frameMemoryChild()"), "child output: \(result.stdout.suffix(4000))")
        let fields = try #require(reportFields("FRAME_MEMORY", in: result.stdout), "child output: \(result.stdout)")
        #expect(fields["frames"] == 120)
        #expect(fields["live"] == 0)
        // A frame is a page environment (about 6 MB when leaked, see PageMemoryTests): 100 leaked frames would add
        // some 600 MB; the bound leaves room for the collector returning memory late under load.
        let growth = try #require(fields["growthKB"])
        #expect(growth < 64 * 1024, "resident memory grew by \(growth) KB over 100 frames made and removed")
    }

    @Test(.enabled(if: ChildProcess.isChild(childVariable), "runs in the child process of framesMadeAndRemovedDoNotGrowResidentMemory"))
    func frameMemoryChild() async throws {
        let runtime = JavaScriptRuntime()
        let webView = HeadlessWebView(runtime: runtime)
        try await webView.loadHTMLString("<body></body>", baseURL: URL(string: "https://app.test/"))
        var baseline = 0
        for cycle in 1...120 {
            let loaded = try await webView.callAsyncJavaScript("""
                new Promise(function (resolve) {
                  var f = document.createElement('iframe');
                  f.onload = function () { var w = f.contentWindow; f.remove(); resolve(w.closed && w.items.length); };
                  // The frame's live timer grows another array: under load it can fire before onload runs.
                  f.srcdoc = '<script>var items = [], ticks = []; for (var i = 0; i < 2000; i++) items.push({ i: i, text: "item " + i });' +
                             'setInterval(function () { ticks.push(items.length); }, 1000);</' + 'script>';
                  document.body.appendChild(f);
                })
                """)
            #expect(loaded == 2000)
            if cycle % 20 == 0 {
                await runtime.perform { $0.virtualMachine.collectGarbage(in: $0.context) }
                if cycle == 20 { baseline = PageMemoryTests.residentKB() }
            }
        }
        await runtime.perform { $0.virtualMachine.collectGarbage(in: $0.context) }
        let final = PageMemoryTests.residentKB()
        let live = try await webView.withDocument { $0.childFrames.count } ?? -1
        print("FRAME_MEMORY frames=120 live=\(live) baselineKB=\(baseline) finalKB=\(final) growthKB=\(final - baseline)")
        await webView.close()
    }
}
