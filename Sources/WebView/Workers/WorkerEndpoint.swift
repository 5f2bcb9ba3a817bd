import Dispatch
import Foundation
import JavaScript
import Synchronization

/// What a worker tells its page.
enum WorkerEvent: Sendable {
    /// `postMessage` from the worker.
    case message(WorkerMessage)
    /// An uncaught error in the worker: its message (`Error: boom`), script URL, line and column.
    case error(message: String, filename: String, line: Int, column: Int)
    /// The worker's script could not be fetched (for a module worker: a module of its graph).
    case loadFailed
    /// A module worker's graph was fetched and began to run: the page's waiting messages may go.
    case started
    /// On a page's virtual clock: the worker's next timer falls due at `deadline` (the page's `now`), and whether a
    /// one-shot timer keeps the worker busy; nil when none is pending. The page fires it from a timer of its own.
    case clock(deadline: Double?, keepsBusy: Bool)
}

/// The two ends of a dedicated worker, shared by the page's runtime thread and the worker's own: the worker's
/// ``JavaScriptRuntime``, its global scope (touched only on the worker's thread), and the way back to the page (its
/// events run as tasks of the page's thread, each keeping the page busy until it ran).
final class WorkerEndpoint: Sendable {
    let url: URL
    let name: String
    /// A module worker (`type: 'module'`).
    let isModule: Bool
    let origin: String
    /// The creating document's URL: the referrer of a module worker's own script.
    let documentURL: URL
    let userAgent: String
    /// The device's `navigator.platform` and first language, as the page has them.
    let platform: String
    let language: String
    /// The worker's runtime: a thread of its own, made and shut down by the page.
    let runtime: JavaScriptRuntime
    /// The worker's global scope once its script was fetched; worker thread only.
    let scope: LoopBoundBox<WorkerScope?>
    let pageRuntime: JavaScriptRuntime
    private let page: LoopBound<WorkerOwner>
    private let loader: LoopBound<PageResourceLoader>
    /// The worker's `fetch` and `XMLHttpRequest` requests on the page's thread.
    let network: LoopBound<WorkerNetwork>
    private let events: EventPublisher<WebViewEvent>
    private let pageID: Int
    /// The page runtime's wall-clock deadline when the worker was made: it covers the worker too.
    private let deadline: ContinuousClock.Instant?
    /// On a page's virtual clock, the page's `now` when the worker was made: the worker's clock is the page's, started
    /// there, and moves only when the page's reaches the worker's timers (``syncClock()``, ``fireTimers(at:)``).
    private let clockOrigin: Double?
    private struct State {
        var terminated = false
        /// The synchronous `importScripts` fetch or `XMLHttpRequest` in progress: terminating the worker wakes it.
        var waiting: DispatchSemaphore?
        /// What keeps the page busy while a module worker's graph loads: terminating the worker ends it.
        var starting: WorkToken?
        /// The last ``WorkerEvent/clock(deadline:keepsBusy:)`` sent (virtual clock only).
        var clock: (deadline: Double?, keepsBusy: Bool)?
    }
    private let state = Mutex(State())

    /// Made on the page's thread by ``DedicatedWorker``.
    init(url: URL, name: String, isModule: Bool, owner: WorkerOwner, document: DocumentHandle, core: WebViewCore) {
        self.url = url
        self.name = name
        self.isModule = isModule
        origin = document.origin
        documentURL = document.documentURL
        userAgent = PageEnvironment.userAgent(core.configuration, device: core.device)
        platform = core.device.platform
        language = core.device.languages.first ?? "en-US"
        pageRuntime = core.runtime
        pageID = document.id
        events = core.events
        page = LoopBound(owner, loop: core.runtime.loop)
        loader = LoopBound(core.resources, loop: core.runtime.loop)
        network = LoopBound(WorkerNetwork(loader: core.resources, documentURL: document.documentURL, workerURL: url,
                                          documentPolicy: document.referrerPolicy), loop: core.runtime.loop)
        // The page's time limit covers its workers; the watchdog checks for `terminate()` in every slice. On a virtual
        // clock the worker's is the page's from now on: the page fires the worker's timers as its clock reaches them.
        var clock = RuntimeClock.real
        if case .virtual(let start) = core.runtime.configuration.clock {
            let now = core.runtime.assumeIsolated { $0.now }
            clock = .virtual(start: start.addingTimeInterval(now / 1000))
            clockOrigin = now
        } else {
            clockOrigin = nil
        }
        runtime = JavaScriptRuntime(configuration: .init(name: "hybrid.worker", clock: clock,
                                                         executionTimeLimit: core.runtime.configuration.executionTimeLimit))
        scope = LoopBoundBox(sending: nil, loop: runtime.loop)
        deadline = core.runtime.assumeIsolated { $0.deadline }
    }

    var isTerminated: Bool { state.withLock { $0.terminated } }

    /// Runs the worker's script (already fetched) in a new global scope on the worker's thread; the page stays busy
    /// until it ran, so what the script posts at once reaches the page before the page counts as idle.
    func start(script: String) {
        let token = pageRuntime.beginWork()
        runtime.loop.execute { [self] in
            defer { token.end() }
            _ = run(script: script, token: nil)
            syncClock()
        }
    }

    /// Runs a module worker's script and its imports (fetched by the worker through the page's network) in a new
    /// global scope on the worker's thread; the page stays busy until the graph was fetched and began to run (then
    /// ``WorkerEvent/started``, or ``WorkerEvent/loadFailed``). `source`: the module's text when the page has it (a
    /// blob: URL of its own store); its imports are fetched.
    func startModule(source: String?) {
        let token = pageRuntime.beginWork()
        state.withLock { $0.starting = token }
        runtime.loop.execute { [self] in
            if !run(script: nil, moduleSource: source, token: token) { token.end() }
            syncClock()
        }
    }

    /// Makes the worker's global scope on the worker's thread and runs the worker's script: `script`, or the module
    /// graph at ``url`` (its text `moduleSource` when given; `token` ends once it began to run); false (and no scope)
    /// once terminated.
    private func run(script: String?, moduleSource: String? = nil, token: WorkToken?) -> Bool {
        let endpoint = self
        let started: @Sendable (Bool) -> Void = { started in
            endpoint.send(started ? .started : .loadFailed)
            token?.end()
        }
        return runtime.assumeIsolated { runtime -> Bool in
            guard !isTerminated else { return false }
            runtime.setChecksInterrupts(true)
            if let deadline { runtime.setDeadline(deadline) }
            let scope = WorkerScope(endpoint: self, context: runtime.context)
            self.scope.value = scope
            if let script {
                scope.run(script, sourceURL: url.absoluteString)
            } else {
                scope.runModule(url, source: moduleSource, started: started)
            }
            return true
        }
    }

    /// Hands a message from the page to the worker's `message` event, as a task of the worker; the page stays busy
    /// until the worker handled it.
    func post(_ message: WorkerMessage) {
        let token = pageRuntime.beginWork()
        let scope = self.scope
        let now = clockOrigin != nil ? pageNow : nil   // on a virtual clock the worker's catches up with the page's
        runtime.loop.execute { [self] in
            defer { token.end() }
            if let now, let clockOrigin { runtime.assumeIsolated { $0.advanceVirtualClock(to: now - clockOrigin) } }
            scope.value?.receive(message)
            syncClock()
        }
    }

    /// Sends `event` to the page, as a task of the page; nothing once terminated.
    func send(_ event: WorkerEvent) {
        guard !isTerminated else { return }
        let token = pageRuntime.beginWork()
        let page = self.page
        pageRuntime.loop.execute {
            defer { token.end() }
            page.value.worker?.handle(event)
        }
    }

    /// The worker's console output goes to the page's console log.
    func console(_ message: ConsoleMessage) {
        events.emit(WebViewEvent(page: pageID, kind: .console(message)))
    }

    /// Fetches `url` through the page's network and waits for it (on the worker's thread): the script's text, nil
    /// when the fetch failed, the URL is of another origin or the worker was terminated meanwhile.
    func fetchScriptSynchronously(_ url: URL) -> String? {
        guard WebOrigin.of(url) == origin else { return nil }
        let loader = self.loader, network = self.network
        return waitForPage { done in
            _ = loader.value.load(url, referrer: network.value.referrer(to: url)) { done(try? $0.get().text) }
        } ?? nil
    }

    /// Sends `request` through the page's network and waits for its result (on the worker's thread), as a synchronous
    /// `XMLHttpRequest` in a worker does: the worker's script and tasks wait, the page goes on (its thread runs the
    /// request, and answers it when a fixture server runs there). Nil once the worker was terminated meanwhile.
    /// Its id is the worker's (``WorkerRequests``): terminating the worker cancels it, as it does asynchronous ones.
    func requestSynchronously(_ id: Int, _ request: WebRequest) -> Result<LoadedResource, WebLoadError>? {
        let network = self.network, pageRuntime = self.pageRuntime
        return waitForPage { done in
            network.value.start(id, request, token: pageRuntime.beginWork()) { result, token in
                token.end()
                done(result)
            }
        }
    }

    /// Runs `start` on the page's thread and waits (worker thread) until it calls `done` with the outcome; nil when
    /// the worker is or gets terminated first (terminating the worker wakes the wait).
    private func waitForPage<T: Sendable>(_ start: @escaping @Sendable (_ done: @escaping @Sendable (T) -> Void) -> Void) -> T? {
        let semaphore = DispatchSemaphore(value: 0)
        let result = Mutex<T?>(nil)
        guard state.withLock({ state -> Bool in
            guard !state.terminated else { return false }
            state.waiting = semaphore
            return true
        }) else { return nil }
        pageRuntime.loop.execute {
            start { value in
                result.withLock { $0 = value }
                semaphore.signal()
            }
        }
        semaphore.wait()
        state.withLock { $0.waiting = nil }
        return isTerminated ? nil : result.withLock { $0 }
    }

    /// Starts the worker's request `id` (worker thread) through the page's network; its result comes back as a task
    /// of the worker (``WorkerRequests/complete(_:_:)``), and the page stays busy until the worker handled it.
    /// `referrer` and `fetch`: see ``WorkerNetwork/referrer(to:_:fetch:)``.
    func startRequest(_ id: Int, _ request: WebRequest, referrer: RequestReferrer, fetch: Bool) {
        let token = pageRuntime.beginWork()
        let network = self.network, scope = self.scope, runtime = self.runtime
        pageRuntime.loop.execute {
            network.value.start(id, request, referrer: referrer, fetch: fetch, token: token) { [self] result, token in
                runtime.loop.execute {
                    defer { token.end() }
                    scope.value?.requests.complete(id, result)
                    self.syncClock()
                }
            }
        }
    }

    /// On a page's virtual clock, tells the page when the worker's next timer falls due, after each task of the
    /// worker (worker thread; a task is where timers are set or cleared). Nothing when that did not change.
    func syncClock(force: Bool = false) {
        guard let clockOrigin else { return }
        let next = runtime.assumeIsolated { $0.nextVirtualTimer }
        let clock = (deadline: next.map { clockOrigin + $0.deadline }, keepsBusy: next?.keepsBusy ?? false)
        let changed = state.withLock { state -> Bool in
            if !force, let last = state.clock, last.deadline == clock.deadline, last.keepsBusy == clock.keepsBusy { return false }
            state.clock = clock
            return true
        }
        if changed { send(.clock(deadline: clock.deadline, keepsBusy: clock.keepsBusy)) }
    }

    /// The page's virtual clock reached the worker's next timer (page thread): the worker's clock moves to `now` (the
    /// page's), firing what falls due, as a task of the worker that keeps the page busy until it ran.
    func fireTimers(at now: Double) {
        guard let clockOrigin else { return }
        let token = pageRuntime.beginWork()
        runtime.loop.execute { [self] in
            defer { token.end() }
            guard !isTerminated else { return }
            runtime.assumeIsolated { $0.advanceVirtualClock(to: now - clockOrigin) }
            syncClock(force: true)
        }
    }

    /// The page's `now` (page thread).
    var pageNow: Double { pageRuntime.assumeIsolated { $0.now } }

    /// Cancels the worker's request `id` (worker thread).
    func abortRequest(_ id: Int) {
        let network = self.network
        pageRuntime.loop.execute { network.value.abort(id) }
    }

    /// Stops the worker: a pending fetch is abandoned, its runtime shut down on its own thread, no more events reach
    /// the page. `terminate()` from the page interrupts the running script (an endless loop too); the worker's own
    /// `close()` lets the script that called it finish, and the page then lets the worker go.
    func terminate(interruptingScript: Bool) {
        let (waiting, starting) = state.withLock { state -> (DispatchSemaphore?, WorkToken?) in
            state.terminated = true
            defer { state.starting = nil }
            return (state.waiting, state.starting)
        }
        waiting?.signal()
        starting?.end()
        let network = self.network
        pageRuntime.loop.execute { network.value.close() }
        if interruptingScript {
            runtime.interrupt(reason: "the worker was terminated")
        } else {
            let page = self.page
            pageRuntime.loop.execute { page.value.worker?.didClose() }
        }
        let scope = self.scope, runtime = self.runtime
        runtime.loop.execute {
            scope.value?.requests.close()
            scope.value?.connections.close()
            scope.value = nil
            runtime.assumeIsolated { $0.shutdown() }
        }
    }
}

/// The page-side worker an endpoint reports to, held weakly so the endpoint never keeps it alive.
final class WorkerOwner {
    weak var worker: DedicatedWorker?
}
