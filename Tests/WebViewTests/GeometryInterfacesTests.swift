import Foundation
import JavaScript
import Testing
@testable import WebView

/// `DOMMatrix`, `DOMMatrixReadOnly`, `WebKitCSSMatrix`, `DOMPoint` and `DOMQuad` (Geometry Interfaces 1): the page
/// `Fixtures/Geometry/matrices.html` logs 34 results (parsing CSS transform lists, 2D and 3D operations, inverses,
/// `fromMatrix` checks, points, quads, errors), and they must be the lines WebKitGTK 2.50 logged for the same page
/// (`matrices.webkit.txt`, from `hybrid run --engine webkit`; numbers rounded to six places by the page).
@Suite struct GeometryInterfacesTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Geometry")

    @Test func matricesPointsAndQuadsGiveWebKitsResults() async throws {
        let expected = try String(contentsOf: Self.fixtures.appendingPathComponent("matrices.webkit.txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let webView = HeadlessWebView(runtime: JavaScriptRuntime())
        let log = EventLog(webView)
        try await webView.load(Self.fixtures.appendingPathComponent("matrices.html"))
        #expect(expected.count == 34)
        #expect(log.consoleLines == expected)
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }
}
