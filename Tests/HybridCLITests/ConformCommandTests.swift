import Foundation
import Testing
import TestSupport
import WebKitEngine

/// `hybrid conform`: a page run on both engines with the same steps, its console, exceptions, assertions, eval values,
/// final DOM text and exit status compared after normalisation.
@Suite(.enabled(if: WebKitWebView.unavailableReason == nil, Comment(rawValue: WebKitWebView.unavailableReason ?? "")))
struct ConformCommandTests {
    @Test func aPageThatAgreesExitsZero() async throws {
        let url = try await RunFixture.page("""
            <p id="p">start</p>
            <button id="b" onclick="document.getElementById('p').textContent = 'clicked ' + location.port.length">go</button>
            <script>console.log('at ' + location.host + ' ' + Date.now()); setTimeout(function () { console.warn('later') }, 0)</script>
            """)
        let result = try await HybridBinary.run(["conform", url.path, "--click", "#b", "--assert", "document.title === ''",
                                                 "--eval", "1 + 1", "--timeout", HybridBinary.generousTimeout])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == "\(url.path): conforms\n")
    }

    @Test func aPageWrittenToDisagreeNamesEachDifferenceWithBothValues() async throws {
        let url = try await RunFixture.page("""
            <div id="box" style="height: 37px">box</div>
            <script>console.log('height ' + document.getElementById('box').offsetHeight)</script>
            """)
        let result = try await HybridBinary.run(["conform", url.path, "--assert", "document.getElementById('box').offsetHeight > 0",
                                                 "--timeout", HybridBinary.generousTimeout])
        #expect(result.status == 1, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines == [
            #"\#(url.path) console[0]: headless "log height 0" | webkit "log height 37""#,
            #"\#(url.path) assert[0]: headless "document.getElementById('box').offsetHeight > 0 failed" | webkit "document.getElementById('box').offsetHeight > 0 passed""#,
            #"\#(url.path) exit: headless "1" | webkit "0""#,
            "\(url.path): 3 differences",
        ], "\(lines)")
        let json = try await HybridBinary.run(["conform", url.path, "--json", "--timeout", HybridBinary.generousTimeout])
        #expect(json.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let pages = object?["pages"] as? [[String: Any]]
        let differences = pages?.first?["differences"] as? [[String: String]]
        #expect(differences == [["what": "console[0]", "headless": "log height 0", "webkit": "log height 37"]])
    }

    @Test func aPageThatCannotRunOnWebKitIsAnInputError() async throws {
        let folder = try await RunFixture.folder(["index.html": "<p>x</p>", "index.mock.json": "{}"])
        let result = try await HybridBinary.run(["conform", folder.appendingPathComponent("index.html").path,
                                                 "--timeout", HybridBinary.generousTimeout])
        #expect(result.status == 2)
        #expect(result.stderr.contains("on the webkit engine: --engine webkit does not run the sidecar mock file"), "\(result.stderr)")
    }
}
