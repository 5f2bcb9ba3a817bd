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
        // A textarea's height comes from its rows and its font: WebKit lays it out, the headless engine says 0.
        let url = try await RunFixture.page("""
            <textarea id="box" rows="4"></textarea>
            <script>console.log('height ' + document.getElementById('box').offsetHeight)</script>
            """)
        let result = try await HybridBinary.run(["conform", url.path, "--assert", "document.getElementById('box').offsetHeight > 0",
                                                 "--timeout", HybridBinary.generousTimeout])
        #expect(result.status == 1, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(lines)")
        let console = #"\#(url.path) console[0]: headless "log height 0" | webkit "log height "#
        #expect(lines.first?.hasPrefix(console) == true, "\(lines)")
        #expect(lines.first?.hasSuffix(#"| webkit "log height 0""#) == false, "\(lines)")
        #expect(lines.dropFirst().first == #"\#(url.path) assert[0]: headless "document.getElementById('box').offsetHeight > 0 failed" | webkit "document.getElementById('box').offsetHeight > 0 passed""#)
        #expect(lines.dropFirst(2).first == #"\#(url.path) exit: headless "1" | webkit "0""#)
        #expect(lines.last == "\(url.path): 3 differences")
        let json = try await HybridBinary.run(["conform", url.path, "--json", "--timeout", HybridBinary.generousTimeout])
        #expect(json.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let pages = object?["pages"] as? [[String: Any]]
        #expect(pages?.first?["page"] as? String == url.path)
        let differences = pages?.first?["differences"] as? [[String: String]]
        #expect(differences?.count == 1)
        #expect(differences?.first?["what"] == "console[0]")
        #expect(differences?.first?["headless"] == "log height 0")
        #expect(differences?.first?["webkit"]?.hasPrefix("log height ") == true)
        #expect(differences?.first?["webkit"] != "log height 0")
    }

    @Test func aPageThatCannotRunOnWebKitIsAnInputError() async throws {
        let folder = try await RunFixture.folder(["index.html": "<p>x</p>", "index.mock.json": "{}"])
        let result = try await HybridBinary.run(["conform", folder.appendingPathComponent("index.html").path,
                                                 "--timeout", HybridBinary.generousTimeout])
        #expect(result.status == 2)
        #expect(result.stderr.contains("on the webkit engine: --engine webkit does not run the sidecar mock file"), "\(result.stderr)")
    }
}
