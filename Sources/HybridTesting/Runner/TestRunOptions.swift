import Bridge
import Foundation
import WebView

/// How tests run.
public struct TestRunOptions: Sendable {
    /// The longest one test may take (`--test-timeout`); default 5 s.
    public var testTimeout: Duration
    /// The longest a page may take to load (its `load` event); default 10 s.
    public var loadTimeout: Duration
    /// Keep only tests whose `file › name` contains this text (`--filter`); nil keeps all.
    public var filter: String?
    /// How many files run at once, each in its own runtime (`--jobs`); default the number of cores.
    public var jobs: Int
    /// How long after a test's own timeout the page counts as hung (it stopped answering at all):
    /// the test timeout, kept between 2 and 5 seconds so a busy machine's late timers are not hangs.
    var hangGrace: Duration
    /// Lets another thread fail the files running now (see ``TestInterruption``); nil: none can.
    public var interruption: TestInterruption?
    /// The device every page sees (`--device`); default `DeviceProfile.default` (an iPhone 15 in WKWebView; see the
    /// WebView module).
    public var device = DeviceProfile.default
    /// Runs every page on a virtual clock (`--virtual-time`) that jumps to the next timer or animation frame
    /// while a page's tests wait, so a test awaiting a 2-second transition passes at once; ``testTimeout`` then counts
    /// virtual time (the page's own timer). Default false.
    public var virtualTime = false

    /// Fails a page on any divergence from the device (`--strict`), even one it expects with
    /// `<meta name="hybrid-expect-divergence" content="CODE">`. Default false: only unexpected ones fail it.
    public var strict = false

    /// The container every page runs in (`--container NAME`): which bridges it sees, and its user agent. Default
    /// `ContainerProfile.iOSWebViewJavascriptBridge`.
    public var container = ContainerProfile.iOSWebViewJavascriptBridge

    /// The bridge's compatibility setting for every page (`--lenient`: `BridgeCompatibility.lenient`). Default
    /// `BridgeCompatibility.device`; divergences are reported either way.
    public var compatibility = BridgeCompatibility.device

    /// The bridge's largest message in bytes of JSON text, either way (`--max-message-size`); nil keeps the
    /// bridge's default (256 MiB).
    public var maximumMessageSize: Int?

    /// How many times a file with a failed test runs again (`--retries`); default 0. A test that fails and then
    /// passes on a retry passes, marked ``TestCaseResult/isFlaky``; the file's report is its last run's.
    public var retries = 0

    /// After the first file with a failed test, start no other file (`--bail`); the files running finish, and each
    /// file not started is reported as one skipped test. Default false.
    public var bail = false

    /// `toMatchSnapshot()` replaces a stored snapshot that differs instead of failing (`--update-snapshots`).
    /// Default false: a new snapshot is stored, a changed one fails its test.
    public var updateSnapshots = false

    /// The bridge's timing for every page (`--timing-seed S`: `BridgeTiming.explore(seed: S)`). Default
    /// `BridgeTiming.device`. Any other timing runs the pages on a virtual clock, so its delays are exact and the
    /// same in every run.
    public var timing = BridgeTiming.device

    /// Timing exploration (`--timing-seeds N`): a file that passes under ``timing`` runs again under
    /// `BridgeTiming.explore(seed:)` for seeds 1 to N, and the report of the first seed under which it fails replaces
    /// its report, each failure naming the seed and how to replay it (`--timing-seed S`). Every run of an exploration,
    /// the first one's too, is on a virtual clock. Default 0: no exploration.
    public var timingSeeds = 0

    /// `window.webkit.messageHandlers.NAME` for every page (`--message-handler NAME`): a name the file's mocks answer
    /// replies with the mock's answer (`postMessage` returns a Promise, as with WKWebView's
    /// `addScriptMessageHandlerWithReply`); any other only receives. `native.mock(NAME, ...)` answers it per test,
    /// and `native.calls(NAME)` lists its messages. Default none.
    public var messageHandlers: [String] = []

    /// JavaScript modules of native handlers (`--mock-script FILE`, see the Bridge module's `MockScript`) installed in
    /// every page's bridge over its sidecar mocks, each in a context of its own. Default none.
    public var mockScripts: [String] = []

    /// A HAR file whose recorded responses answer every page's requests (`--replay-har FILE`, see ``HARReplay``); a
    /// request it does not have fails, except to the page's own server. `network.mock` answers first. Default none: a
    /// page with a sidecar `NAME.har` replays that.
    public var replayHAR: String?

    /// Records for a report what each file's pages did beside its tests (``TestFileReport/pageEvents``): bridge
    /// messages, dialogs and the DOM after each `page.*` step (`hybrid test --report`). Default false: nothing is
    /// recorded and no DOM is serialised.
    public var recordsPageEvents = false

    /// Instruments every page's own scripts and records what they ran (`--coverage`); ``CodeCoverage/report()``
    /// after the run merges it. Default nil: nothing is instrumented.
    public var coverage: CodeCoverage?

    /// The engine every page runs in (`--engine`). Default ``TestEngine/headless``. On ``TestEngine/webkit`` each
    /// file's page loads in a WebKit web view of its own (a `hybrid-webkit-host` process, started before the load
    /// timeout counts), served as on the headless engine, with the bridge as WKWebView carries it, the sidecar mocks
    /// and the Swift handlers of `configure`; `test`, `expect`, `assert` and `toMatchSnapshot()` run as they do on the
    /// headless engine, `native.mock`, `native.calls` and `native.call` too, and `expect(page).toHaveScreenshot(name)`
    /// compares the page's pixels with a stored PNG. `page.open(url)` opens a page of the test's folder in a frame of
    /// the test page that covers its viewport, and the page verbs (`click`, `fill`, `select`, `check`, `uncheck`,
    /// `press`, `type`, `waitFor`, `evaluate`, `dom`) drive it with the steps of `hybrid run --engine webkit`, failing
    /// with the headless engine's words; `native.call` reaches the test's own page only (the bridge does not reach a
    /// frame). What WebKit cannot run (`clock`, `native.fire`, `network.*`, `native.call` to an opened page) fails the
    /// test that uses it with an error naming the headless engine; a file with a sidecar `NAME.har` fails by name.
    public var engine = TestEngine.headless

    /// Options; `jobs` below 1 counts as 1.
    public init(testTimeout: Duration = .seconds(5), loadTimeout: Duration = .seconds(10), filter: String? = nil,
                jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.testTimeout = testTimeout
        self.loadTimeout = loadTimeout
        self.filter = filter
        self.jobs = max(1, jobs)
        hangGrace = min(max(testTimeout, .seconds(2)), .seconds(5))
    }

    /// True when the test `name` of `file` passes the filter.
    public func keeps(file: String, name: String) -> Bool {
        guard let filter, !filter.isEmpty else { return true }
        return "\(file) › \(name)".contains(filter)
    }
}

extension Duration {
    /// `5 s`, `250 ms`: how timeouts appear in messages.
    var shortText: String {
        let milliseconds = components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }
}
