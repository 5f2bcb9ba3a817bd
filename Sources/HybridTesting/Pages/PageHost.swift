import Bridge
import Foundation
import JavaScript
import Logging
import Synchronization
import WebView

/// The pages a test opens with `page.open(url)` (the test API's `hybrid-page-api.js`): each a ``HeadlessWebView`` of
/// its own on the test's runtime, so the test reads its live `window` and `document`, loaded from the test's fixture
/// server with a bridge set up as the test page's is (container, compatibility, timing, sidecar mocks, the Swift
/// `configure`). The verbs run through the web view's step helpers, the ones `hybrid run`'s steps use.
///
/// Installs `__hybridPageNative(command, page, args, resolve, reject)` in each test document; the commands that take
/// time run in a task and settle the promise on the runtime thread. Every page closes when its test ends
/// (`closeAll`) and when the file ends (``close()``).
final class PageHost: Sendable {
    /// What every opened page gets from the test file's own setup.
    struct Setup: Sendable {
        var configuration: WebViewConfiguration
        var container: ContainerProfile
        var compatibility: BridgeCompatibility
        var timing: BridgeTiming
        var maximumMessageSize: Int?
        /// The test file's sidecar mocks, read for each page.
        var mocks: @Sendable () throws -> MockHandlers?
        /// The file on disk a served URL is (nil: not one of the test folder's files), for the page's own sidecar.
        var locate: @Sendable (String) -> URL?
        var configure: BridgeSetup?
        /// The test file's native side: the running test's `native` and `network` mocks answer the page too.
        var native: NativeTestSide?
        /// `window.webkit.messageHandlers` names to register (`--message-handler`).
        var messageHandlers: [String] = []
        /// The mock modules (`--mock-script`), installed into each page's bridge as into the test page's.
        var mockScripts: [String] = []
        /// Where each page's bridge messages, dialogs and DOM after each step go, for a report (nil: not recorded).
        var eventLog: TestPageEventLog?
        /// Code coverage of the opened pages' scripts (`--coverage`), nil when off.
        var coverage: CodeCoverage? = nil
    }

    /// An opened page.
    private struct Opened: Sendable {
        let webView: HeadlessWebView
        let bridge: WebViewJavascriptBridge
    }

    /// Runtime-thread state: the promises waiting for a command, and each page's current document.
    fileprivate struct State {
        var pending: [Int: (resolve: JSValue, reject: JSValue)] = [:]
        var contexts: [Int: JSContext] = [:]
        var nextRequest = 1
    }

    let runtime: JavaScriptRuntime
    private let setup: Setup
    private let signals: AsyncStream<HarnessSignal>.Continuation
    private let state: LoopBoundBox<State>
    private let pages = Mutex<[Int: Opened]>([:])
    private let nextPage = Atomic(1)

    init(runtime: JavaScriptRuntime, setup: Setup, signals: AsyncStream<HarnessSignal>.Continuation) {
        self.runtime = runtime
        self.setup = setup
        self.signals = signals
        state = LoopBoundBox(sending: State(), loop: runtime.loop)
    }

    /// Runtime thread: gives a test document (page number `document` of the test's web view) `__hybridPageNative`.
    func install(in context: JSContext, document: Int) {
        // The test's own timers (its timeout, a waitFor's poll) are not the opened page's work.
        context.timersIgnoredBySettle = true
        context.setFunction("__hybridPageNative") { [weak self] args in
            guard let self else { throw JSException(name: "Error", message: "the test's pages are closed") }
            let command = args.string(at: 0) ?? ""
            let page = args.int(at: 1) ?? 0
            let arguments: [String] = if case .array(let items)? = try? args.json(at: 2) {
                items.map { if case .string(let text) = $0 { text } else { $0.jsonString } }
            } else { [] }
            switch command {
            case "window":
                return state.value.contexts[page]?.globalObject
            case "closeAll":
                let closing = pages.withLock { pages in defer { pages.removeAll() }; return Array(pages.values) }
                for page in closing { setup.native?.release(page.bridge) }
                Task { for page in closing { await page.webView.close() } }
                return nil
            default:
                let request = state.withValue { state in
                    defer { state.nextRequest += 1 }
                    state.pending[state.nextRequest] = (args[3], args[4])
                    return state.nextRequest
                }
                Task { await self.settle(request, await self.perform(command, page: page, arguments: arguments, opener: document)) }
                return nil
            }
        }
    }

    /// What a command came to: a value for its promise, or the reason it failed (a sentence, without the verb).
    private enum Outcome: Sendable {
        case value(JSONValue)
        case failure(String)
    }

    private func perform(_ command: String, page: Int, arguments: [String], opener: Int) async -> Outcome {
        do {
            if command == "open" {
                guard let text = arguments.first, let url = URL(string: text) else { return .failure("not a URL") }
                return .value(.number(Double(try await open(url, opener: opener))))
            }
            guard let opened = pages.withLock({ $0[page] }) else { return .failure("the page is closed") }
            let webView = opened.webView
            if try await PageVerbs.perform(command, arguments, on: webView) {
                await PageVerbs.settle(webView)
                await recordDOM(of: webView, after: command, arguments)
                return .value(.null)
            }
            switch command {
            case "idle":
                await PageVerbs.settle(webView)
            case "close":
                pages.withLock { _ = $0.removeValue(forKey: page) }
                setup.native?.release(opened.bridge)
                await webView.close()
                return .value(.null)
            default:
                return .failure("no such page command")
            }
            await PageVerbs.settle(webView)
            return .value(.null)
        } catch let error as JSException {
            return .failure(error.message)
        } catch {
            return .failure("\(error)")
        }
    }

    /// For a report: the page's DOM after the step `command` (nothing when no report wants it).
    private func recordDOM(of webView: HeadlessWebView, after command: String, _ arguments: [String]) async {
        guard let eventLog = setup.eventLog,
              case .string(let html)? = try? await webView.evaluateJavaScript("document.documentElement.outerHTML") else { return }
        let step = "page.\(command)(" + arguments.map { JSONValue.string($0).jsonString }.joined(separator: ", ") + ")"
        eventLog.record("dom", ["step": .string(step), "html": .string(html)])
    }

    /// Opens `url` in a new web view set up as the test page is; its id once the page is idle. The running test's
    /// mocks (`native`, `network`, asked in the test document `opener`) answer it as they answer the test page.
    private func open(_ url: URL, opener: Int) async throws -> Int {
        // A page of the test's folder that is not there fails here, not as the server's 404 page.
        if let file = setup.locate(url.absoluteString), !FileManager.default.isReadableFile(atPath: file.path) {
            throw TestPageError(message: "no such page in the test's folder (\(file.lastPathComponent))")
        }
        let id = nextPage.add(1, ordering: .relaxed).oldValue
        let webView = HeadlessWebView(runtime: runtime, configuration: setup.configuration)
        let signals = signals, eventLog = setup.eventLog
        webView.events.observe { event in
            eventLog?.record(event)
            switch event.kind {
            case .exception(let error): signals.yield(.exception(error))
            case .console(let message): signals.yield(.console(message))
            default: break
            }
        }
        let logger = Logger(label: "WebViewJavascriptBridge") { _ in ConsoleLogHandler(signals: signals) }
        let bridge = await WebViewJavascriptBridge(for: webView, container: setup.container, logger: logger)
        bridge.compatibility = setup.compatibility
        bridge.timing = setup.timing
        if let size = setup.maximumMessageSize { bridge.maximumMessageSize = size }
        bridge.divergences.observe { divergence in signals.yield(.divergence(divergence)) }
        let requests = BridgeRequests(bridge)
        await webView.addDocumentObserver(PageDocuments(state: state, page: id, native: setup.native))
        if let coverage = setup.coverage {
            let locate = setup.locate
            await webView.addDocumentObserver(coverage.observer { locate($0)?.path })
        }
        pages.withLock { $0[id] = Opened(webView: webView, bridge: bridge) }
        do {
            let pageMocks = try mocks(for: url)
            pageMocks.install(into: bridge)
            for script in setup.mockScripts { try await MockScript.install(contentsOf: script, into: bridge) }
            if let configure = setup.configure { try await configure(bridge) }
            if let native = setup.native {
                native.adopt(bridge, opener: opener, page: id)
                pageMocks.registerMessageHandlers(setup.messageHandlers, in: webView) { message, reply in
                    native.ask(message.name, page: opener, data: message.body, reply: reply)
                }
            }
            try await webView.load(url)
        } catch {
            setup.native?.release(bridge)
            pages.withLock { _ = $0.removeValue(forKey: id) }
            await webView.close()
            throw error
        }
        await PageVerbs.settleLoaded(webView, bridge: requests)
        await recordDOM(of: webView, after: "open", [url.absoluteString])
        return id
    }

    /// The page's mocks, as `hybrid run` gives them: its own sidecar (`NAME.mock.json` next to `NAME.html`), then the
    /// test file's sidecar over it, handler by handler.
    private func mocks(for url: URL) throws -> MockHandlers {
        var mocks = MockHandlers()
        if let file = setup.locate(url.absoluteString) {
            let sidecar = MockHandlers.sidecarURL(forPage: file)
            if FileManager.default.fileExists(atPath: sidecar.path) { mocks = try MockHandlers(contentsOf: sidecar) }
        }
        if let own = try setup.mocks() { mocks = mocks.overriding(with: own) }
        return mocks
    }

    /// Runtime thread, later: resolves or rejects the promise of `request`.
    private func settle(_ request: Int, _ outcome: Outcome) async {
        let state = state
        await runtime.perform { _ in
            guard let waiting = state.value.pending.removeValue(forKey: request) else { return }
            switch outcome {
            case .value(let value): _ = try? waiting.resolve.call(arguments: [value])
            case .failure(let reason): _ = try? waiting.reject.call(arguments: [reason])
            }
        }
    }

    /// Closes every page and lets go of the promises still waiting (the file ended).
    func close() async {
        let closing = pages.withLock { pages in defer { pages.removeAll() }; return Array(pages.values) }
        for page in closing {
            setup.native?.release(page.bridge)
            await page.webView.close()
        }
        let state = state
        await runtime.perform { _ in state.value = State() }
    }
}

/// Follows an opened page's documents, so `page.window` is the current one's.
private final class PageDocuments: DocumentObserver {
    private let state: LoopBoundBox<PageHost.State>
    private let page: Int
    private let native: NativeTestSide?

    init(state: LoopBoundBox<PageHost.State>, page: Int, native: NativeTestSide?) {
        self.state = state
        self.page = page
        self.native = native
    }

    func documentDidCreate(_ document: DocumentHandle) {
        state.value.contexts[page] = document.context
        native?.intercept(document.session)
    }

    func documentWillClose(_ document: DocumentHandle) {
        if state.value.contexts[page] === document.context { state.value.contexts[page] = nil }
    }
}
