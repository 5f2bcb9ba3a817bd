import Bridge
import Foundation
import JavaScript
import Logging
import Synchronization
import WebKitEngine
import WebView

/// Runs a test file in real WebKit (`hybrid test --engine webkit`): a `WebKitWebView` of its own (its host process
/// started before the load timeout counts), the file's folder served by a ``TestFolderServer``, the bridge as WKWebView
/// carries it (`WebViewJavascriptBridge(engine:)`) with the sidecar mocks and the Swift handlers of `configure`, and
/// the test API as a user script at document start, its `native` answered by a ``WebKitNativeSide`` and its `page`
/// (`page.open` and the verbs) by ``WebKitPages``. The test API reports through the message handler
/// `__hybridTestReport`, and `expect(page).toHaveScreenshot(name)` asks `__hybridScreenshot` (with a reply), which
/// takes WebKit's snapshot and checks it against `__snapshots__/FILE/NAME` with `ScreenshotBaseline`.
final class WebKitPageDriver: TestPageDriver {
    let target: TestPageTarget
    private let options: TestRunOptions
    private let configure: BridgeSetup?
    /// The thread the folder's server runs on.
    private let serverRuntime = JavaScriptRuntime(configuration: .init(name: "hybrid.test.server"))
    private let folderServer: TestFolderServer
    private let eventLog: TestPageEventLog?
    private struct State {
        var view: WebKitWebView?
        var bridge: WebViewJavascriptBridge?
        var observation: EventObservation?
        var native: WebKitNativeSide?
    }
    private let state = Mutex(State())

    init(target: TestPageTarget, options: TestRunOptions, configure: BridgeSetup?) {
        self.target = target
        self.options = options
        self.configure = configure
        folderServer = TestFolderServer(target: target, runtime: serverRuntime)
        eventLog = options.recordsPageEvents ? TestPageEventLog() : nil
    }

    func prepare() async -> String? {
        if let reason = WebKitWebView.unavailableReason { return "--engine webkit: \(reason)" }
        do {
            let view = try await WebKitWebView.start(.init(device: options.device, loadTimeout: options.loadTimeout,
                                                           scriptTimeout: options.testTimeout + options.hangGrace * 2))
            state.withLock { $0.view = view }
            return nil
        } catch {
            return "--engine webkit: \(error)"
        }
    }

    func loadedFiles() -> [String] {
        folderServer.loadedFiles()
    }

    func pageEvents() -> [TestPageEvent] {
        eventLog?.all ?? []
    }

    /// Defines what the test API calls native code through, before it runs: `__hybridTestReport(event)` and
    /// `__hybridScreenshot(request)`, over the view's message handlers.
    static let nativeHooks = """
        (function (global) {
          var handlers = global.webkit.messageHandlers;
          Object.defineProperty(global, "__hybridTestReport", { value: function (event) {
            handlers.__hybridTestReport.postMessage(JSON.parse(JSON.stringify(event)));
          } });
          Object.defineProperty(global, "__hybridScreenshot", { value: function (request) {
            return handlers.__hybridScreenshot.postMessage(request);
          } });
        })(globalThis);

        """

    func load(harness: String, signals: AsyncStream<HarnessSignal>.Continuation) async {
        guard let view = state.withLock({ $0.view }) else {
            signals.yield(.loadFailed("\(target.name): the WebKit engine did not start"))
            return
        }
        if target.url.isFileURL, !FileManager.default.isReadableFile(atPath: target.url.path) {
            signals.yield(.loadFailed("cannot read \(target.name)"))
            return
        }
        // A sidecar HAR would silently not answer on WebKit (its network is not intercepted): say so instead.
        if let har = target.har() {
            signals.yield(.loadFailed("\(target.name): \((har as NSString).lastPathComponent) is replayed on the headless engine only "
                                      + "(hybrid test --engine headless): WebKit's network is not intercepted"))
            return
        }
        let eventLog = eventLog
        let observation = view.observeEvents { event in
            eventLog?.record(event)
            switch event.kind {
            case .exception(let error): signals.yield(.exception(error))
            case .console(let message): signals.yield(.console(message))
            // A second document: the test page navigated away.
            case .load(.start, _) where event.page > 1: signals.yield(.pageClosed)
            case .custom("webProcessTerminated", let fields):
                signals.yield(.interrupted("the WebKit web process ended (\(fields["reason"]?.stringValue ?? "crashed"))"))
            default: break
            }
        }
        state.withLock { $0.observation = observation }
        do {
            try await view.addScriptMessageHandler(name: "__hybridTestReport") { message in
                signals.yield(.event(message.body))
            }
            try await view.addScriptMessageHandlerWithReply(name: "__hybridScreenshot") { [weak self] message in
                await self?.screenshot(message.body, view: view)
            }
            try await view.addUserScript(UserScript(source: Self.nativeHooks + WebKitNativeSide.controlScript + WebKitPages.script + harness,
                                                    injectionTime: .atDocumentStart, sourceURL: HybridTestingScripts.testAPIURL),
                                         forMainFrameOnly: true)
            let logger = Logger(label: "WebViewJavascriptBridge") { _ in ConsoleLogHandler(signals: signals) }
            let bridge = try await WebViewJavascriptBridge(engine: view, logger: logger)
            state.withLock { $0.bridge = bridge }
            try target.mocks()?.install(into: bridge)
            if let configure { try await configure(bridge) }
            let native = WebKitNativeSide(bridge: bridge, view: view)
            try await native.install()
            native.layerRegisteredHandlers()
            state.withLock { $0.native = native }
            let url = try await folderServer.pageURL()
            switch target.kind {
            case .page: try await view.load(url)
            case .script: try await view.loadHTMLString(target.blankPage, baseURL: url)
            }
            signals.yield(.loaded)
        } catch {
            signals.yield(.loadFailed("\(target.name): \(error)"))
        }
    }

    /// `expect(page).toHaveScreenshot()`'s request (`name`, `test`, `threshold`, `maxDiffPixelRatio`): the page's
    /// snapshot checked against `__snapshots__/FILE/NAME`; the answer is `{pass, message}`.
    private func screenshot(_ request: JSONValue, view: WebKitWebView) async -> JSONValue {
        let name = request["name"]?.stringValue ?? ""
        guard target.folder != nil else {
            return ["pass": false, "message": .string("screenshots are stored next to a local test file; \(target.name) is not one")]
        }
        guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else {
            return ["pass": false, "message": .string("\(JSONValue.string(name).jsonString) cannot name a file")]
        }
        let baseline = ScreenshotSnapshots.baseline(named: name, forTestFile: target.url)
        var tolerance = ScreenshotBaseline.Tolerance()
        if let threshold = request["threshold"]?.doubleValue { tolerance.colorDistance = threshold }
        if let ratio = request["maxDiffPixelRatio"]?.doubleValue { tolerance.differingRatio = ratio }
        var fields: JSONObject = ["test": request["test"] ?? .null, "name": .string(name), "baseline": .string(baseline.path)]
        defer { eventLog?.record("screenshot", fields) }
        do {
            let png = try await view.takeSnapshot()
            switch try ScreenshotBaseline(url: baseline, tolerance: tolerance).check(png, update: options.updateSnapshots) {
            case .recorded: fields["outcome"] = "recorded"
            case .matched: fields["outcome"] = "matched"
            case .updated: fields["outcome"] = "updated"
            }
            return ["pass": true]
        } catch let mismatch as ScreenshotMismatch {
            fields["outcome"] = "mismatch"
            fields["actual"] = .string(mismatch.actual.path)
            if let diff = mismatch.diff { fields["diff"] = .string(diff.path) }
            return ["pass": false, "message": .string("\(mismatch) (hybrid test --update-snapshots accepts the new screenshot)")]
        } catch {
            fields["outcome"] = "error"
            fields["error"] = .string("\(error)")
            return ["pass": false, "message": .string("\(error)")]
        }
    }

    func startTests() async {
        _ = try? await state.withLock({ $0.view })?.evaluateJavaScript("__hybridTest.start()")
    }

    func locate(url: String) -> (path: String, file: URL)? {
        folderServer.locate(url: url)
    }

    func interrupt(reason: String) {
        guard let view = state.withLock({ $0.view }) else { return }
        Task { try? await view.terminateWebProcess() }
    }

    func close() async {
        let (view, bridge, observation) = state.withLock { ($0.view, $0.bridge, $0.observation) }
        observation?.cancel()
        await view?.close()
        await folderServer.stop()
        await serverRuntime.shutdown()
        await bridge?.runtime.shutdown()
    }
}

/// Where `expect(page).toHaveScreenshot(NAME)` keeps its baselines: `__snapshots__/FILE/NAME` next to the test file
/// `FILE`, beside the file's value snapshots (`__snapshots__/FILE.snap.json`).
enum ScreenshotSnapshots {
    /// The baseline PNG `name` of the test file at `testFile`.
    static func baseline(named name: String, forTestFile testFile: URL) -> URL {
        testFile.deletingLastPathComponent().appendingPathComponent("__snapshots__")
            .appendingPathComponent(testFile.lastPathComponent).appendingPathComponent(name)
    }
}
