import Bridge
import Foundation
import HybridTesting
import JavaScript
import Testing

/// `runTestPage`: JS test pages against real Swift handlers, the way a Swift developer uses HybridTesting.
/// Every run has generous limits (`Fixtures.options()`): none of these tests is about a timeout.
@Suite struct PageRunnerTests {
    let pages = Fixtures.root.appendingPathComponent("pages")
    let options = Fixtures.options()

    @Test func jsTestPageRunsAgainstSwiftHandlers() async throws {
        let report = try await runTestPage(pages.appendingPathComponent("handlers.test.html"), options: options) { bridge in
            bridge.registerHandler("login") { data, respond in
                respond(["token": .string("t-" + (data?["user"]?.stringValue ?? "?"))])
            }
            bridge.registerHandler("overridden") { _, respond in respond("from Swift") }
        }
        #expect(report.tests.map(\.name) == ["login answers from Swift", "clicking logs in",
                                             "the sidecar mock answers scanClick",
                                             "a Swift handler replaces the mock of the same name",
                                             "a mocked error rejects with its code"])
        #expect(!report.hasFailures, "\(report.failures)")
        #expect(report.counts == TestCounts(passed: 5))
    }

    /// The README's example, verbatim but for the path and the options.
    @Test func bridgeTestPageAgainstSwift() async throws {
        let page = Fixtures.root.appendingPathComponent("../../../web/tests/bridge.test.html").standardizedFileURL
        let report = try await runTestPage(page, options: options) { bridge in
            // The real handler replaces the sidecar mock (bridge.mock.json) of the same name.
            bridge.registerHandler("scanClick") { data, respond in respond("www.example.com") }
        }
        #expect(!report.hasFailures, "\(report.failures)")
        #expect(report.counts.passed == 5)
    }

    @Test func withoutTheSwiftHandlersTheTestsFail() async throws {
        let report = try await runTestPage(pages.appendingPathComponent("handlers.test.html"), options: options)
        #expect(report.counts == TestCounts(passed: 2, failed: 3))
        let login = try #require(report.test(named: "login answers from Swift"))
        #expect(login.message?.contains("no native handler named \"login\"") == true)
        #expect(login.location?.line == 29, "the test's own line, not the bridge script's")
        #expect(report.console.contains { $0.text.contains("No handler for message from JS") })
    }

    @Test func missingScriptIsAFileLevelFailure() async throws {
        let report = try await runTestPage(pages.appendingPathComponent("broken.test.html"), options: options)
        #expect(report.tests.map(\.status) == [.failed, .passed], "\(report.tests.map { ($0.name, $0.message ?? "") })")
        #expect(report.tests.first?.message?.contains("failed to load script") == true)
        #expect(report.tests.first?.message?.contains("missing-library.js") == true)
    }

    @Test func navigatingAwayFailsTheRunningTest() async throws {
        let report = try await runTestPage(pages.appendingPathComponent("navigates.test.html"), options: options)
        #expect(report.tests.map(\.name) == ["navigates away"])
        #expect(report.tests.first?.message == "the page navigated away or closed before the tests finished")
    }

    @Test func malformedSidecarMockFailsThePageWithThePosition() async throws {
        let report = try await runTestPage(Fixtures.root.appendingPathComponent("badmock/page.test.html"), options: options)
        #expect(report.tests.count == 1)
        let message = try #require(report.tests.first?.message)
        #expect(message.contains("page.mock.json: line 2"), "\(message)")
    }

    @Test func sidecarAPIMocksFolderIsServedWithThePage() async throws {
        let page = Fixtures.root.appendingPathComponent("apimocks/page.test.html")
        let report = try await runTestPage(page, options: options)
        #expect(!report.hasFailures, "\(report.failures)")
        #expect(report.counts == TestCounts(passed: 2))
        // A page without the folder gets no mock APIs: the same request is a missing file.
        let plain = try await runTestPage(Fixtures.root.appendingPathComponent("apimocks/other.test.html"), options: options)
        #expect(!plain.hasFailures, "\(plain.failures)")
        #expect(plain.counts == TestCounts(passed: 1))
    }

    @Test func setupThatThrowsFailsThePage() async throws {
        struct SetupFailed: Error {}
        let report = try await runTestPage(pages.appendingPathComponent("handlers.test.html"), options: options) { _ in throw SetupFailed() }
        #expect(report.tests.count == 1)
        #expect(report.tests.first?.message?.contains("SetupFailed") == true)
    }

    @Test func unusableURLsThrow() async {
        await #expect(throws: TestPageError.self) { try await runTestPage(pages.appendingPathComponent("nope.test.html")) }
        await #expect(throws: TestPageError.self) { try await runTestPage(pages) }
        await #expect(throws: TestPageError.self) { try await runTestPage(URL(string: "ftp://example.com/a.test.html")!) }
    }

    @Test func testPagesGetADocumentAndTheBridgeBeforeTheirScripts() async throws {
        let report = await runTestFile(TestFile(url: Fixtures.root.appendingPathComponent("../../../web/tests/dom.test.html"),
                                                path: "web/tests/dom.test.html"), options: options)
        #expect(!report.hasFailures, "\(report.failures)")
        #expect(report.counts.passed >= 3)
    }
}
