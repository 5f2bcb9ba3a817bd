import Foundation
@testable import HybridTesting
import Testing
import TestSupport
import WebKitEngine

/// Test files on the WebKit engine (`TestRunOptions.engine = .webkit`, `hybrid test --engine webkit`): the test API and
/// the bridge's sidecar mocks in real WebKit, what it cannot run failing by name, and screenshot snapshots
/// (`expect(page).toHaveScreenshot(name)`). The WebKit runs need WebKitGTK (skipped, with the reason, without it;
/// CI installs it); the headless engine's refusal does not.
@Suite struct WebKitEngineTestFileTests {
    static let webKitReason = WebKitWebView.unavailableReason

    static func folder(_ files: [String: String]) throws -> URL {
        try temporaryFolder(files, prefix: "webkit-tests")
    }

    static func webKit(_ options: TestRunOptions = Fixtures.options()) -> TestRunOptions {
        var options = options
        options.engine = .webkit
        return options
    }

    @Test(.enabled(if: webKitReason == nil, Comment(rawValue: webKitReason ?? "")))
    func aTestFilePassesOnWebKitAndWhatItCannotRunFailsByName() async throws {
        let folder = try Self.folder([
            "greet.test.html": """
                <!DOCTYPE html>
                <div id="box" style="height: 37px"></div>
                <script>
                \(bridgeSetupFunction)
                var answered = new Promise(function (resolve) {
                  setupWebViewJavascriptBridge(function (bridge) { bridge.callHandler('greet', {name: 'page'}, resolve); });
                });
                function ask(name, data) {
                  return new Promise(function (resolve) {
                    setupWebViewJavascriptBridge(function (bridge) { bridge.callHandler(name, data, resolve); });
                  });
                }
                setupWebViewJavascriptBridge(function (bridge) {
                  bridge.registerHandler('jsEcho', function (data, respond) { respond({ echoed: data }); });
                });
                test('real layout', function () {
                  assert.equal(document.getElementById('box').offsetHeight, 37);
                  expect(navigator.userAgent).toMatch(/AppleWebKit/);
                });
                test('the sidecar mock answers through the bridge', async function () {
                  expect(await answered).toBe('Hello from native');
                  expect({ answer: await answered }).toMatchSnapshot();
                });
                test('a failing expectation fails', function () { expect(1 + 1).toBe(3); });
                test('clock', function () { clock.install(); });
                test('native.mock, native.calls and native.call', async function () {
                  native.mock('greet', function (data) { return 'mocked for ' + data.name; });
                  expect(await ask('greet', { name: 'Ann' })).toBe('mocked for Ann');
                  expect(native.calls('greet').map(function (c) { return c.data; })).toEqual([{ name: 'Ann' }]);
                  expect(await native.call('jsEcho', { n: 1 })).toEqual({ echoed: { n: 1 } });
                });
                test('the sidecar mock answers again once the mock is gone', async function () {
                  expect(await ask('greet', {})).toBe('Hello from native');
                });
                test('native.fire', async function () { await native.fire('resume'); });
                test('network.mock', function () { network.mock('/api', { json: 1 }); });
                test('page.open', async function () { await page.open('other.html'); });
                </script>
                """,
            "greet.mock.json": #"{"greet": {"response": "Hello from native"}}"#,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = TestFile(url: folder.appendingPathComponent("greet.test.html"), path: "greet.test.html")
        let report = await runTestFile(file, options: Self.webKit())
        let outcomes = report.tests.map { "\($0.name): \($0.status.rawValue) \($0.message ?? "")" }
        #expect(Array(outcomes.dropLast()) == [
            "real layout: passed ",
            "the sidecar mock answers through the bridge: passed ",
            "a failing expectation fails: failed expect(received).toBe(3): expected 3, received 2",
            "clock: failed Error: clock.install() needs the headless engine's virtual clock (hybrid test --engine headless): "
                + "WebKit runs its timers on its own clock",
            "native.mock, native.calls and native.call: passed ",
            "the sidecar mock answers again once the mock is gone: passed ",
            "native.fire: failed Error: native.fire(\"resume\"): unsupported: native.fire() needs the headless engine "
                + "(hybrid test --engine headless)",
            "network.mock: failed Error: network.mock() needs the headless engine (hybrid test --engine headless): WebKit's "
                + "network is not intercepted",
        ], "\(report)")
        #expect(report.tests.last?.status == .failed)
        #expect(report.tests.last?.message == "PageError: page.open('other.html'): no such page in the test's folder (other.html)",
                "\(String(describing: report.tests.last))")
        #expect(report.tests[2].location?.line == 31, "\(String(describing: report.tests[2].location))")
        let snapshots = try String(contentsOf: folder.appendingPathComponent("__snapshots__/greet.test.html.snap.json"),
                                   encoding: .utf8)
        #expect(snapshots.contains("Hello from native"))
    }

    @Test(.enabled(if: webKitReason == nil, Comment(rawValue: webKitReason ?? "")))
    func thePageVerbsDriveAnOpenedPageInAFrameAndFailNamingTheSelector() async throws {
        let folder = try Self.folder([
            "form.html": """
                <!DOCTYPE html>
                <input id="name"><select id="plan"><option value="free">Free</option><option value="pro">Pro</option></select>
                <input id="terms" type="checkbox"><button id="go">Go</button><p id="out"></p>
                <script>
                function $(id) { return document.getElementById(id); }
                $('go').addEventListener('click', function () {
                  $('out').textContent = [$('name').value, $('plan').value, $('terms').checked, innerWidth].join(',');
                });
                \(bridgeSetupFunction)
                setupWebViewJavascriptBridge(function (bridge) {
                  bridge.registerHandler('jsEcho', function (data, respond) { respond(data); });
                });
                </script>
                """,
            "drive.test.html": """
                <!DOCTYPE html>
                <script>
                test('the verbs', async function () {
                  var form = await page.open('form.html');
                  await form.fill('#name', 'Ann');
                  await form.select('#plan', 'Pro');
                  await form.check('#terms');
                  await form.click('#go');
                  expect(form.document.getElementById('out').textContent).toBe('Ann,pro,true,' + window.innerWidth);
                  expect(form.window.location.pathname).toBe('/form.html');
                  expect(form.window.WebViewJavascriptBridge).toBeUndefined();
                  await form.type('#name', '!');
                  expect(await form.evaluate(function () { return document.getElementById('name').value; })).toBe('Ann!');
                });
                test('a click on a selector that matches nothing', async function () {
                  await page.open('form.html');
                  await page.click('#nothing');
                });
                test('native.call to an opened page', async function () {
                  await page.open('form.html');
                  await native.call('jsEcho', 1);
                });
                test('a page of another origin', async function () {
                  await page.open('http://example.invalid/a.html');
                });
                test('the pages closed with the test', function () {
                  expect(page.current).toBe(null);
                  expect(document.querySelectorAll('iframe[data-hybrid-page]').length).toBe(0);
                });
                </script>
                """,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = TestFile(url: folder.appendingPathComponent("drive.test.html"), path: "drive.test.html")
        let report = await runTestFile(file, options: Self.webKit())
        let outcomes = report.tests.map { "\($0.name): \($0.status.rawValue) \($0.message ?? "")" }
        #expect(outcomes.count == 5, "\(outcomes)")
        #expect(outcomes.first == "the verbs: passed ", "\(outcomes)")
        #expect(outcomes.dropFirst().first == "a click on a selector that matches nothing: failed "
                + "PageError: page.click('#nothing'): no element matches the selector '#nothing'", "\(outcomes)")
        #expect(outcomes.dropFirst(2).first == "native.call to an opened page: failed Error: native.call(\"jsEcho\"): "
                + "unsupported: native.call() reaches the test's own page only on --engine webkit: the pages page.open "
                + "opened are frames of it, which the bridge does not reach (hybrid test --engine headless)", "\(outcomes)")
        #expect(outcomes.dropFirst(3).first?.hasPrefix("a page of another origin: failed PageError: "
                + "page.open('http://example.invalid/a.html'): on --engine webkit a test opens the pages of its own folder (http://127.0.0.1:")
                == true, "\(outcomes)")
        #expect(outcomes.last == "the pages closed with the test: passed ", "\(outcomes)")
    }

    static func coloured(_ colour: String) -> String {
        """
        <!DOCTYPE html>
        <style>body { margin: 0; } #block { width: 120px; height: 80px; background: \(colour); }</style>
        <div id="block"></div>
        <script>
        test('the block', async function () {
          await expect(page).toHaveScreenshot('block.png');
        });
        </script>
        """
    }

    @Test(.enabled(if: webKitReason == nil, Comment(rawValue: webKitReason ?? "")))
    func aScreenshotSnapshotFailsAfterAColourChangeWithADiffImageAndPassesAfterAnUpdate() async throws {
        let folder = try Self.folder(["shot.test.html": Self.coloured("rgb(200, 30, 30)")])
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("shot.test.html")
        let file = TestFile(url: url, path: "shot.test.html")
        let baseline = folder.appendingPathComponent("__snapshots__/shot.test.html/block.png")
        let diff = folder.appendingPathComponent("__snapshots__/shot.test.html/block.diff.png")
        var options = Self.webKit()
        options.recordsPageEvents = true

        let first = await runTestFile(file, options: options)
        #expect(first.counts == TestCounts(passed: 1), "\(first.failures)")
        let stored = try Data(contentsOf: baseline)
        #expect(first.pageEvents.map { $0.fields["outcome"] } == ["recorded"])

        let same = await runTestFile(file, options: options)
        #expect(same.counts == TestCounts(passed: 1), "\(same.failures)")
        #expect(same.pageEvents.map { $0.fields["outcome"] } == ["matched"])

        try Self.coloured("rgb(30, 30, 200)").write(to: url, atomically: true, encoding: .utf8)
        let changed = await runTestFile(file, options: options)
        #expect(changed.counts == TestCounts(failed: 1))
        let message = changed.tests.first?.message ?? ""
        #expect(message.hasPrefix("expect(page).toHaveScreenshot(\"block.png\"): "), "\(message)")
        #expect(message.contains("differ from the baseline \(baseline.path)"), "\(message)")
        #expect(message.hasSuffix("(hybrid test --update-snapshots accepts the new screenshot)"), "\(message)")
        #expect(changed.tests.first?.location?.line == 6, "\(String(describing: changed.tests.first?.location))")
        #expect(try Data(contentsOf: baseline) == stored, "a failing run leaves the baseline alone")
        #expect(try Data(contentsOf: diff).prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        #expect(changed.pageEvents.first?.fields["diff"] == .string(diff.path))

        var update = options
        update.updateSnapshots = true
        let updated = await runTestFile(file, options: update)
        #expect(updated.counts == TestCounts(passed: 1), "\(updated.failures)")
        #expect(updated.pageEvents.map { $0.fields["outcome"] } == ["updated"])
        #expect(try Data(contentsOf: baseline) != stored)
        #expect(!FileManager.default.fileExists(atPath: diff.path), "a match removes the diff image")
        let after = await runTestFile(file, options: options)
        #expect(after.counts == TestCounts(passed: 1), "\(after.failures)")
    }

    @Test func aScreenshotOnTheHeadlessEngineFailsNamingTheWebKitEngine() async throws {
        let folder = try Self.folder(["shot.test.html": Self.coloured("red")])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = TestFile(url: folder.appendingPathComponent("shot.test.html"), path: "shot.test.html")
        let report = await runTestFile(file, options: Fixtures.options())
        #expect(report.counts == TestCounts(failed: 1))
        #expect(report.tests.first?.message == "expect(page).toHaveScreenshot(): screenshots need the WebKit engine: run "
                + "hybrid test --engine webkit (the headless engine does not lay out or paint the page)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("__snapshots__").path))
    }
}
