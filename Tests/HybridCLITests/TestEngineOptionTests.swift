import Foundation
import Testing
import TestSupport
import WebKitEngine

/// `hybrid test --engine webkit`: options it cannot run refused by name before any test runs, and the HTML reports
/// (`hybrid test --report`, `hybrid run --report`) with the WebKit engine's screenshots embedded. The WebKit runs need
/// WebKitGTK (skipped, with the reason, without it; CI installs it); the refusal does not.
@Suite struct TestEngineOptionTests {
    static let webKitReason = WebKitWebView.unavailableReason

    @Test func whatWebKitCannotRunIsRefusedByName() async throws {
        let folder = try await RunFixture.folder(["a.test.html": "<script>test('x', function () {});</script>"])
        let result = try await HybridBinary.run(["test", folder.path, "--engine", "webkit", "--virtual-time",
                                                 "--message-handler", "native"])
        #expect(result.status == 2)
        #expect(result.stderr == "hybrid test: --engine webkit does not run --virtual-time (WebKit's timers run on its "
                + "own clock), --message-handler (WebKit runs the iOS bridge with the sidecar mocks only); run these tests "
                + "on the headless engine (--engine headless)\n")
        #expect(result.stdout.isEmpty)
    }

    /// A test file with a sidecar HAR fails by name on WebKit (whose network is not intercepted), instead of its
    /// requests failing with WebKit's bare "Load failed".
    @Test(.enabled(if: webKitReason == nil, Comment(rawValue: webKitReason ?? "")))
    func aSidecarHARFailsTheFileByNameOnWebKit() async throws {
        let folder = try await RunFixture.folder([
            "api.test.html": "<script>test('x', async function () { await fetch('https://api.test/x'); });</script>",
            "api.har": #"{"log": {"version": "1.2", "entries": []}}"#,
        ])
        let result = try await HybridBinary.run(["test", folder.path, "--engine", "webkit"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("api.har is replayed on the headless engine only (hybrid test --engine headless)"),
                "\(result.stdout)")
    }

    @Test(.enabled(if: webKitReason == nil, Comment(rawValue: webKitReason ?? "")))
    func theTestReportShowsTheScreenshotAndTheDiffOfAFailedOne() async throws {
        func page(_ colour: String) -> String {
            """
            <!DOCTYPE html>
            <style>body { margin: 0; background: \(colour); }</style>
            <script>
            test('the page', async function () { await expect(page).toHaveScreenshot(); });
            </script>
            """
        }
        let folder = try await RunFixture.folder(["shot.test.html": page("white")])
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try await HybridBinary.run(["test", folder.path, "--engine", "webkit"])
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        #expect(first.stdout.hasSuffix("1 passed, 0 failed\n"), "\(first.stdout)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("__snapshots__/shot.test.html/the-page-1.png").path))

        try page("black").write(to: folder.appendingPathComponent("shot.test.html"), atomically: true, encoding: .utf8)
        let report = folder.appendingPathComponent("report")
        let changed = try await HybridBinary.run(["test", folder.path, "--engine", "webkit", "--report", report.path])
        #expect(changed.status == 1, "\(changed.stdout)\(changed.stderr)")
        #expect(changed.stdout.contains("expect(page).toHaveScreenshot(\"the-page-1.png\"): "), "\(changed.stdout)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: report.appendingPathComponent("files").path)
        #expect(pages.count == 1, "\(pages)")
        let html = try String(contentsOf: report.appendingPathComponent("files/" + (pages.first ?? "")), encoding: .utf8)
        #expect(html.contains("<h2>Screenshots</h2>"))
        #expect(html.components(separatedBy: "<img src=\"data:image/png;base64,").count == 4,
                "the baseline, the screenshot and the diff")
        #expect(html.contains("<figcaption>differences (red)"))
        #expect(html.contains("mismatch"))

        let updated = try await HybridBinary.run(["test", folder.path, "--engine", "webkit", "--update-snapshots"])
        #expect(updated.status == 0, "\(updated.stdout)\(updated.stderr)")
    }

    @Test(.enabled(if: webKitReason == nil, Comment(rawValue: webKitReason ?? "")))
    func theRunReportEmbedsTheScreenshots() async throws {
        let url = try await RunFixture.page("<button id=b onclick=\"document.body.style.background='teal'\">b</button>")
        let folder = url.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("run.html")
        let result = try await HybridBinary.run(["run", url.path, "--engine", "webkit", "--click", "#b",
                                                 "--screenshot-each", folder.appendingPathComponent("each").path,
                                                 "--report", report.path])
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOf: report, encoding: .utf8)
        #expect(html.contains("<h2>Screenshots</h2>"))
        #expect(html.contains("<figcaption>load.png"))
        #expect(html.contains("<figcaption>step-1.png"))
        #expect(html.components(separatedBy: "<img src=\"data:image/png;base64,iVBORw0KGgo").count == 3)
        #expect(html.contains("<strong>click</strong>"))
    }

    /// web/tests/driving.test.js drives web/tests/pages/signup.html with page.open and the page verbs, and checks their
    /// failures by their text: it passes on both engines, so the verbs mean the same on each.
    @Test(.enabled(if: webKitReason == nil, Comment(rawValue: webKitReason ?? "")))
    func theSameDrivingTestFilePassesOnBothEngines() async throws {
        for engine in ["webkit", "headless"] {
            let result = try await HybridBinary.run(["test", "web/tests/driving.test.js", "--engine", engine],
                                                    currentDirectory: RunFixture.repository)
            #expect(result.status == 0, "\(engine): \(result.stdout)\(result.stderr)")
            #expect(result.stdout.hasSuffix("5 passed, 0 failed\n"), "\(engine): \(result.stdout)")
        }
    }

    @Test(.enabled(if: webKitReason == nil, Comment(rawValue: webKitReason ?? "")))
    func aClickOnASelectorThatMatchesNothingFailsTheTestNamingIt() async throws {
        let folder = try await RunFixture.folder([
            "page.html": "<!DOCTYPE html><button id=b>b</button>",
            "click.test.js": "test('clicks', async () => { await page.open('page.html'); await page.click('#b'); await page.click('#nosuch'); });",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await HybridBinary.run(["test", folder.path, "--engine", "webkit"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("PageError: page.click('#nosuch'): no element matches the selector '#nosuch'"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("0 passed, 1 failed\n"), "\(result.stdout)")
    }
}
