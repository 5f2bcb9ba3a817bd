import Bridge
import Foundation

/// Runs one test file in a runtime of its own and returns its report.
///
/// The file's folder is served over HTTP; a `*.test.html` page loads from there, a `*.test.js`
/// file runs in a blank page. Sidecar mocks (`NAME.mock.json`) are installed into the page's
/// bridge, then `configure` runs, so handlers it registers replace mocks of the same name.
public func runTestFile(_ file: TestFile, options: TestRunOptions = TestRunOptions(),
                        configure: BridgeSetup? = nil) async -> TestFileReport {
    await runTestFile(file, options: options, configure: configure, onTest: { _ in })
}

/// ``runTestFile(_:options:configure:)``, telling `onTest` as each test begins and ends.
func runTestFile(_ file: TestFile, options: TestRunOptions, configure: BridgeSetup?,
                 onTest: (TestActivity) -> Void) async -> TestFileReport {
    let driver = makeTestPageDriver(target: TestPageTarget(file: file), options: options, configure: configure)
    let report = await TestFileRunner.run(driver, file: file.path, options: options,
                                          snapshotFile: SnapshotFile.url(for: file.url), onTest: onTest)
    guard options.timingSeeds > 0, !report.hasFailures else { return report }
    // Timing exploration: the same file under each seeded schedule, until one fails.
    for seed in 1...UInt64(options.timingSeeds) {
        var seeded = options
        seeded.timing = .explore(seed: seed)
        seeded.timingSeeds = 0
        let driver = makeTestPageDriver(target: TestPageTarget(file: file), options: seeded, configure: configure)
        let explored = await TestFileRunner.run(driver, file: file.path, options: seeded,
                                                snapshotFile: SnapshotFile.url(for: file.url), onTest: { _ in })
        if explored.hasFailures { return explored.underTimingSeed(seed, replay: "hybrid test \(file.path) --timing-seed \(seed)") }
    }
    return report
}

/// The driver of `options.engine` for `target`.
func makeTestPageDriver(target: TestPageTarget, options: TestRunOptions, configure: BridgeSetup?) -> any TestPageDriver {
    switch options.engine {
    case .headless: WebViewPageDriver(target: target, options: options, configure: configure)
    case .webkit: WebKitPageDriver(target: target, options: options, configure: configure)
    }
}

extension TestFileReport {
    /// This report with each failure saying that it happened under timing seed `seed` and how to replay it.
    func underTimingSeed(_ seed: UInt64, replay: String) -> TestFileReport {
        var report = self
        for index in report.tests.indices where report.tests[index].status == .failed {
            let note = "fails under \(BridgeTiming.explore(seed: seed)); replay: \(replay)"
            report.tests[index].message = report.tests[index].message.map { "\($0) [\(note)]" } ?? note
        }
        return report
    }
}

/// Runs the JS test page at `url` against Swift handlers and returns the report.
///
/// ```swift
/// let report = try await runTestPage(URL(fileURLWithPath: "web/tests/login.test.html")) { bridge in
///     bridge.registerHandler("login") { data, respond in respond(["token": "t-1"]) }
/// }
/// #expect(!report.hasFailures, "\(report.failures)")
/// ```
///
/// A `file:` URL is served over HTTP from its folder like `hybrid test` does (sidecar mocks
/// included, and the mock APIs of a folder `NAME.api-mocks` next to the page); an `http(s):` URL loads as it is. Failures of the page itself (it does not load,
/// declares no test, throws at the top level) are failed tests in the report, named after the
/// page; the function throws only for a URL it cannot run at all.
public func runTestPage(_ url: URL, options: TestRunOptions = TestRunOptions(),
                        configure: BridgeSetup? = nil) async throws -> TestFileReport {
    if url.isFileURL {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw TestPageError(message: "no such test page: \(url.path)")
        }
    } else if !["http", "https"].contains(url.scheme?.lowercased() ?? "") {
        throw TestPageError(message: "a test page URL must be file:, http: or https: (got \(url.absoluteString))")
    }
    let target = TestPageTarget(url: url)
    let driver = makeTestPageDriver(target: target, options: options, configure: configure)
    return await TestFileRunner.run(driver, file: target.name, options: options)
}
