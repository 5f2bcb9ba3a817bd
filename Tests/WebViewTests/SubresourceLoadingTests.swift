import Foundation
import JavaScript
import Testing
@testable import WebView

/// Subresource Integrity and stylesheets that block scripts, on the pages of `Fixtures/Integrity` and
/// `Fixtures/Stylesheets`; `ConformCommandTests` checks that WebKitGTK gives the same values, as it did (2.50) when
/// these were written.
@Suite struct SubresourceLoadingTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// Scripts (classic, module, inserted), stylesheets and `fetch` with `integrity`: a body that does not match the
    /// strongest algorithm named fails (`error`, a rejected fetch); unknown algorithms and empty metadata let it
    /// through; `?options` are ignored and algorithm names are case-insensitive.
    @Test func integrityMetadataIsCheckedAsWebKitChecksIt() async throws {
        let (webView, log) = makeWebView()
        try await webView.load(Self.fixtures.appendingPathComponent("Integrity/index.html"))
        _ = await webView.runUntilIdle()
        #expect(try await webView.evaluateJavaScript("[seen, loose.sort()]") == [
            ["ran", "good load", "bad error", "mixed error", "ran", "unknown alg load", "ran", "options load", "ran", "empty load",
             "rgb(1, 2, 3)", #"fetch seen.push("ran");"#, "bad fetch TypeError"],
            ["bad css error", "css load", "inserted error", "module error"],
        ])
        let mismatches = log.exceptions.filter { $0.message.contains("its integrity metadata does not match (sha") }
        #expect(mismatches.count == 4, "\(log.exceptions)")   // the three bad classic scripts and the module
        await webView.close()
    }

    /// A stylesheet link the parser made holds the scripts after it (inline and deferred) until it arrived, and the
    /// document's `load` waits for it.
    @Test func aStylesheetBlocksTheScriptsAfterItAndDelaysLoad() async throws {
        let (webView, _) = makeWebView()
        try await webView.load(Self.fixtures.appendingPathComponent("Stylesheets/index.html"))
        _ = await webView.runUntilIdle()
        #expect(try await webView.evaluateJavaScript("seen") == [
            "script rgb(1, 2, 3)", "defer rgb(1, 2, 3)", "dcl rgb(1, 2, 3)", "load true 2 0px",
        ])
        await webView.close()
    }
}
