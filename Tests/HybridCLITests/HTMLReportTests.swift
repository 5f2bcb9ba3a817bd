import Foundation
import Testing
import TestSupport

/// `hybrid run --report FILE.html` and `hybrid test --report DIR`: self-contained HTML pages of a run, checked as text
/// and, when Debian's Chromium is installed, loaded in headless Chromium.
@Suite struct HTMLReportTests {
    static let driving = RunFixture.repository.appendingPathComponent("Tests/Fixtures/HybridTesting/driving")

    /// The checkout page filled, paid (the sidecar mock echoes the order) and checked with one failing assertion.
    static func runReport() async throws -> (result: CommandResult, html: String, file: URL) {
        let folder = try await RunFixture.folder([
            "checkout.html": try String(contentsOf: driving.appendingPathComponent("checkout.html"), encoding: .utf8),
            "checkout.mock.json": try String(contentsOf: driving.appendingPathComponent("checkout.mock.json"), encoding: .utf8),
        ])
        let file = folder.appendingPathComponent("run.html")
        let result = try await HybridBinary.run(["run", folder.appendingPathComponent("checkout.html").path, "--quiet",
                                                 "--fill", "#name=Ann", "--check", "#terms", "--click", "#pay",
                                                 "--eval", "console.log('paid <ok>'), alert('Thanks'), 1",
                                                 "--assert", "document.getElementById('msg').textContent === 'nope'",
                                                 "--report", file.path])
        return (result, try String(contentsOf: file, encoding: .utf8), file)
    }

    @Test func theRunReportShowsStepsBridgeTrafficConsoleAndTheFailedAssertion() async throws {
        let (result, html, _) = try await Self.runReport()
        #expect(result.status == 1, "\(result.stderr)")
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        // Steps in order on the timeline, each followed by the DOM after it.
        let steps = ["<strong>fill</strong> <code>#name</code> &quot;Ann&quot;", "<strong>check</strong> <code>#terms</code>",
                     "<strong>click</strong> <code>#pay</code>", "<strong>assert</strong>"]
        let positions = steps.map { html.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil }, "\(html)")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        #expect(html.contains("DOM after this step"))
        #expect(html.contains("Paid: {&quot;name&quot;:&quot;Ann&quot;,&quot;shipping&quot;:&quot;post&quot;}"), "the DOM after the click")
        // The bridge's call and its answer between the two lanes, each expandable to its data.
        #expect(html.contains("<summary class=\"arrow right\">call pay"), "\(html)")
        #expect(html.contains("<summary class=\"arrow left\">response pay"))
        #expect(html.contains("&quot;name&quot;: &quot;Ann&quot;"), "the message's data, pretty-printed")
        #expect(html.contains("<strong>log</strong> paid &lt;ok&gt;"), "console text escaped")
        #expect(html.contains("<strong>alert</strong> Thanks"))
        #expect(html.contains("<pre class=\"source\">--assert document.getElementById(&apos;msg&apos;).textContent === &apos;nope&apos;</pre>"))
        // Self-contained: nothing to fetch, no script (the page's own markup is in the DOM snapshots, escaped).
        for reference in ["<script", "<link", "<img", "<iframe", " src=\"", " href=\"http", "@import"] {
            #expect(!html.contains(reference), "\(reference)")
        }
    }

    @Test func anUnwritableReportFailsBeforeTheRun() async throws {
        let page = try await RunFixture.page("<p>hi</p>")
        let result = try await HybridBinary.run(["run", page.path, "--report", "/nonexistent/folder/run.html"])
        #expect(result.status == 2)
        #expect(result.stderr == "hybrid run: --report /nonexistent/folder/run.html: cannot write the file\n")
    }

    /// `hybrid test --report DIR` on the driving fixtures: one file passes, one fails on purpose.
    static func testReport() async throws -> (result: CommandResult, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString)")
        let result = try await HybridBinary.run(["test", driving.appendingPathComponent("checkout.test.js").path,
                                                 driving.appendingPathComponent("errors.test.js").path,
                                                 "--jobs", "1", "--report", folder.path])
        return (result, folder)
    }

    @Test func theTestReportHasAnIndexAndAPagePerFile() async throws {
        let (result, folder) = try await Self.testReport()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 1, "\(result.stderr)")
        let index = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains("5 passed, 5 failed"), "\(index)")
        #expect(index.contains("checkout.test.js</a>"))
        #expect(index.contains("<span class=\"failed\">✗</span> click on nothing"))
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("files").path).sorted()
        #expect(pages.count == 2, "\(pages)")
        let errors = try #require(pages.first { $0.hasSuffix("errors.test.js.html") })
        #expect(index.contains("href=\"files/\(errors)\""))
        let page = try String(contentsOf: folder.appendingPathComponent("files/" + errors), encoding: .utf8)
        #expect(page.contains("PageError: page.click(&apos;#missing&apos;): no element matches the selector &apos;#missing&apos;"), "\(page)")
        #expect(page.contains("<pre class=\"source\">4 | await page.click(&quot;#missing&quot;);</pre>"), "the failing line of the test")
        #expect(page.contains("<a href=\"../index.html\">"))
    }

    /// A test file's page shows what its pages did, as `hybrid run --report` does: the DOM after each `page.*` step,
    /// the bridge traffic as a sequence diagram, the dialogs; checked as text and, when there, in headless Chromium.
    @Test func theTestReportShowsThePagesStepsBridgeTrafficAndDialogs() async throws {
        let folder = try await RunFixture.folder([
            "shop.test.js": """
                test('orders', async () => {
                  native.mock('order', { id: 7 });
                  await page.open('shop.html');
                  await page.click('#order');
                  expect(page.document.getElementById('msg').textContent).toBe('Order 7');
                });
                """,
            "shop.html": RunFixture.bootstrap + """
                <button id="order">Order</button><p id="msg"></p>
                <script>
                setupWebViewJavascriptBridge(function (bridge) {
                  document.getElementById('order').onclick = function () {
                    alert('ordering <now>');
                    bridge.callHandler('order', { n: 1 }, function (answer) { document.getElementById('msg').textContent = 'Order ' + answer.id; });
                  };
                });
                </script>
                """,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("report")
        let result = try await HybridBinary.run(["test", folder.appendingPathComponent("shop.test.js").path, "--report", report.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: report.appendingPathComponent("files").path).first)
        let file = report.appendingPathComponent("files/" + name)
        let page = try String(contentsOf: file, encoding: .utf8)
        #expect(page.contains("<h2>Page steps</h2>"), "\(page)")
        #expect(page.contains("<code>page.click(&quot;#order&quot;)</code><details class=\"dom\"><summary>DOM after this step</summary>"), "\(page)")
        #expect(page.contains("&lt;p id=&quot;msg&quot;&gt;Order 7&lt;/p&gt;"), "the DOM after the click: \(page)")
        #expect(page.contains("<h2>Bridge: page ⇄ native</h2>"))
        #expect(page.contains(">call order"), "\(page)")
        #expect(page.contains("<strong>alert</strong> ordering &lt;now&gt;"), "\(page)")
        guard Self.chromium != nil else { return }
        let loaded = try await Self.loadInChromium(file)
        #expect(loaded.status == 0, "\(loaded.stderr)")
        #expect(loaded.stdout.contains("<h2>Bridge: page ⇄ native</h2>"), "\(loaded.stdout.prefix(2000))")
        #expect(loaded.stdout.contains("ordering &lt;now&gt;"))
        #expect(!loaded.stderr.contains("CONSOLE"), "\(loaded.stderr)")
        #expect(!loaded.stderr.contains("net::ERR"), "\(loaded.stderr)")
    }

    @Test func aBadReportFolderFailsBeforeAnyTestRuns() async throws {
        let result = try await HybridBinary.run(["test", Self.driving.appendingPathComponent("checkout.test.js").path,
                                                 "--report", "/proc/no/such/folder"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("hybrid test: --report /proc/no/such/folder: cannot make the folder"), "\(result.stderr)")
        #expect(!result.stdout.contains("passed"))
    }

    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Loads `file` in headless Chromium; its parsed DOM and what Chromium logged.
    static func loadInChromium(_ file: URL) async throws -> ChildProcessResult {
        try await ChildProcess.run(URL(fileURLWithPath: try #require(chromium)),
                                   ["--headless=new", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr", "--v=0",
                                    "--user-data-dir=" + FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)").path,
                                    "--dump-dom", file.absoluteString])
    }

    @Test(.enabled(if: chromium != nil, "headless Chromium is not installed (apt-get install chromium): the reports are not loaded in a browser"))
    func theReportsLoadInChromiumWithoutErrors() async throws {
        let (_, _, run) = try await Self.runReport()
        let loaded = try await Self.loadInChromium(run)
        #expect(loaded.status == 0, "\(loaded.stderr)")
        #expect(loaded.stdout.contains("<h2>Bridge: page ⇄ native</h2>"), "\(loaded.stdout.prefix(2000))")
        #expect(loaded.stdout.contains("call pay"))
        #expect(loaded.stdout.contains("paid &lt;ok&gt;"))
        #expect(loaded.stdout.contains("assertion failed"))
        #expect(!loaded.stderr.contains("CONSOLE"), "the page logs nothing, errors included: \(loaded.stderr)")
        #expect(!loaded.stderr.contains("net::ERR"), "nothing to fetch: \(loaded.stderr)")

        let (_, folder) = try await Self.testReport()
        defer { try? FileManager.default.removeItem(at: folder) }
        let index = try await Self.loadInChromium(folder.appendingPathComponent("index.html"))
        #expect(index.stdout.contains("5 passed, 5 failed"), "\(index.stdout.prefix(2000))")
        #expect(!index.stderr.contains("CONSOLE"), "\(index.stderr)")
        let errors = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("files").path)
            .first { $0.hasSuffix("errors.test.js.html") })
        let page = try await Self.loadInChromium(folder.appendingPathComponent("files/" + errors))
        #expect(page.stdout.contains("no element matches the selector '#missing'"), "\(page.stdout.prefix(2000))")
        #expect(!page.stderr.contains("CONSOLE"), "\(page.stderr)")
    }
}
