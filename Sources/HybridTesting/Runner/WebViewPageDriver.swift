import Bridge
import FixtureServer
import Foundation
import JavaScript
import Logging
import Synchronization
import WebView

/// Runs a test file in a ``HeadlessWebView`` of its own runtime: the file's folder served over HTTP
/// by a ``TestFolderServer`` on the same runtime thread, a bridge with the sidecar mocks (injected as on the phone for a
/// page, before a test script), the test API as a user script at document start, and `__hybridTestReport` installed
/// in every document.
final class WebViewPageDriver: TestPageDriver {
    let target: TestPageTarget
    let runtime: JavaScriptRuntime
    let webView: HeadlessWebView
    let configure: BridgeSetup?
    private let folderServer: TestFolderServer
    private let checksInterrupts: Bool
    private let clockDriver = Mutex<Task<Void, Never>?>(nil)
    private let virtualTime: Bool
    private let compatibility: BridgeCompatibility
    private let maximumMessageSize: Int?
    private let timing: BridgeTiming
    private let container: ContainerProfile
    /// The pages the tests open (`page.open`), made when the file loads.
    private let pages = Mutex<PageHost?>(nil)
    private let configuration: WebViewConfiguration
    private let messageHandlers: [String]
    private let mockScripts: [String]
    private let replayHAR: String?
    /// The file's page events, when a report wants them.
    private let eventLog: TestPageEventLog?
    private let coverage: CodeCoverage?

    init(target: TestPageTarget, options: TestRunOptions, configure: BridgeSetup?) {
        self.target = target
        self.configure = configure
        checksInterrupts = options.interruption != nil
        container = options.container
        messageHandlers = options.messageHandlers
        mockScripts = options.mockScripts
        replayHAR = options.replayHAR
        coverage = options.coverage
        // The watchdog stops a runaway script (also a loop after an `await`) some time after the runner's
        // own deadline has already failed the test as hung, so the page's thread never spins for good.
        let limit = options.testTimeout + options.hangGrace * 2
        // A seeded timing's delays are exact only on a virtual clock; an exploration's first run, under the device
        // timing, is on one too, so that its outcome does not hang on the machine's load.
        let virtualTime = options.virtualTime || target.declaresVirtualTime || !options.timing.isImmediate
            || options.timingSeeds > 0
        self.virtualTime = virtualTime
        eventLog = options.recordsPageEvents ? TestPageEventLog() : nil
        compatibility = options.compatibility
        maximumMessageSize = options.maximumMessageSize
        timing = options.timing
        runtime = JavaScriptRuntime(configuration: .init(name: "hybrid.test", clock: virtualTime ? .virtual() : .real,
                                                         executionTimeLimit: limit, consoleSink: { _ in }))
        let runtime = self.runtime
        var configuration = WebViewConfiguration(device: options.device)
        options.container.configure(&configuration)
        // No back-forward cache: the harness tells that a page was left by its document closing (a test page that
        // navigates away fails), which a kept page would not do.
        configuration.backForwardCacheCapacity = 0
        webView = HeadlessWebView(runtime: runtime, configuration: configuration)
        self.configuration = configuration
        folderServer = TestFolderServer(target: target, runtime: runtime)
    }

    func loadedFiles() -> [String] {
        folderServer.loadedFiles()
    }

    func pageEvents() -> [TestPageEvent] {
        eventLog?.all ?? []
    }

    func load(harness: String, signals: AsyncStream<HarnessSignal>.Continuation) async {
        if target.url.isFileURL, !FileManager.default.isReadableFile(atPath: target.url.path) {
            signals.yield(.loadFailed("cannot read \(target.name)"))
            return
        }
        if checksInterrupts { await runtime.setChecksInterrupts(true) }
        let eventLog = eventLog
        webView.events.observe { event in
            eventLog?.record(event)
            switch event.kind {
            case .exception(let error): signals.yield(.exception(error))
            case .console(let message): signals.yield(.console(message))
            default: break
            }
        }
        webView.userContentController.addUserScript(UserScript(source: harness, injectionTime: .atDocumentStart,
                                                               sourceURL: HybridTestingScripts.testAPIURL))
        let logger = Logger(label: "WebViewJavascriptBridge") { _ in ConsoleLogHandler(signals: signals) }
        // A test page gets the bridge as on the phone: when it asks (`__bridge_loaded__`), after its DOMContentLoaded
        // listeners. A test script has no page of its own: its blank page gets the bridge before the script runs.
        let bridge = switch target.kind {
        case .page: await WebViewJavascriptBridge(for: webView, container: container, logger: logger)
        case .script: WebViewJavascriptBridge(runtime: runtime, logger: logger)
        }
        bridge.compatibility = compatibility
        bridge.timing = timing
        if let maximumMessageSize { bridge.maximumMessageSize = maximumMessageSize }
        bridge.divergences.observe { divergence in signals.yield(.divergence(divergence)) }
        let target = target
        let native = NativeTestSide(bridge: bridge, isLocalFile: { [weak self] url in
            guard let file = self?.locate(url: url.absoluteString)?.file else { return false }
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory) && !isDirectory.boolValue
        })
        let host = PageHost(runtime: runtime, setup: .init(configuration: configuration, container: container,
                                                           compatibility: compatibility, timing: timing,
                                                           maximumMessageSize: maximumMessageSize,
                                                           mocks: { try target.mocks() },
                                                           locate: { [weak self] in self?.locate(url: $0)?.file },
                                                           configure: configure, native: native,
                                                           messageHandlers: messageHandlers, mockScripts: mockScripts, eventLog: eventLog,
                                                           coverage: coverage),
                            signals: signals)
        pages.withLock { $0 = host }
        if let coverage {
            await webView.addDocumentObserver(coverage.observer { [weak self] in self?.locate(url: $0)?.file.path })
        }
        await webView.addDocumentObserver(DocumentHooks(signals: signals, bridge: target.kind == .script ? bridge : nil,
                                                        pages: host, native: native))
        do {
            let mocks = try target.mocks()
            mocks?.install(into: bridge)
            for script in mockScripts { try await MockScript.install(contentsOf: script, into: bridge) }
            if let configure { try await configure(bridge) }
            native.layerRegisteredHandlers()
            (mocks ?? MockHandlers()).registerMessageHandlers(messageHandlers, in: webView) { message, reply in
                native.ask(message.name, page: message.page, data: message.body, reply: reply)
            }
            let url = try await folderServer.pageURL()
            if let replayHAR = replayHAR ?? target.har() {
                let har = try HARReplay(contentsOf: replayHAR)
                let passThrough = folderServer.baseURL
                native.replay.withLock { $0 = (har, passThrough) }
            }
            switch target.kind {
            case .page: try await webView.load(url)
            case .script: try await webView.loadHTMLString(target.blankPage, baseURL: url)
            }
            signals.yield(.loaded)
        } catch {
            signals.yield(.loadFailed("\(target.name): \(error)"))
        }
    }

    func startTests() async {
        _ = try? await webView.evaluateJavaScript("__hybridTest.start()")
        // On a virtual clock, time moves while the tests wait (it stands still on its own).
        guard virtualTime else { return }
        let runtime = runtime
        clockDriver.withLock { $0 = Task { await runtime.driveVirtualClock() } }
    }

    func locate(url: String) -> (path: String, file: URL)? {
        folderServer.locate(url: url)
    }

    func interrupt(reason: String) {
        runtime.interrupt(reason: reason)
    }

    func abandon() {
        // Nothing to do: the runtime's watchdog ends the runaway entry, and `close()` then proceeds.
    }

    func close() async {
        clockDriver.withLock { $0?.cancel() }
        await pages.withLock({ $0 })?.close()
        await webView.close()
        await folderServer.stop()
        await runtime.shutdown()
    }
}

/// Per document, before its scripts: `__hybridTestReport`, and for a test script the bridge. A document that goes
/// away while the tests run (a navigation) ends the run.
private final class DocumentHooks: DocumentObserver {
    let signals: AsyncStream<HarnessSignal>.Continuation
    /// The bridge to inject before the document's scripts (test scripts only).
    let bridge: WebViewJavascriptBridge?
    /// The pages the document's tests open.
    let pages: PageHost
    /// `native` in the test API.
    let native: NativeTestSide

    init(signals: AsyncStream<HarnessSignal>.Continuation, bridge: WebViewJavascriptBridge?, pages: PageHost, native: NativeTestSide) {
        self.signals = signals
        self.bridge = bridge
        self.pages = pages
        self.native = native
    }

    func documentDidCreate(_ document: DocumentHandle) {
        let signals = signals
        _ = bridge?.inject(into: document.context, page: document.id)
        native.documentDidCreate(document)
        document.context.setFunction("__hybridTestReport") { args in
            if let json = try? args.json(at: 0) { signals.yield(.event(json)) }
            return nil
        }
        pages.install(in: document.context, document: document.id)
        // The test API's `clock` holds and moves the runtime's virtual clock (--virtual-time only).
        if let clock = document.context.virtualClockFunctions() {
            document.context.globalObject["__hybridClock"] = clock
        }
    }

    func documentWillClose(_ document: DocumentHandle) {
        bridge?.detach(from: document.context)
        native.documentWillClose(document)
        signals.yield(.pageClosed)
    }
}
