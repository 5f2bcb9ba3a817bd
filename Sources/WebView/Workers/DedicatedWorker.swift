import Foundation
import JavaScript

/// A dedicated worker (`new Worker(url)`) from its page's side: a JavaScript context of its own on a runtime thread
/// of its own (``WorkerEndpoint``), fed with serialized messages. Its document owns it and terminates it when it
/// closes (navigation, reload, the web view's close), so no worker thread outlives its page. Page-thread only.
final class DedicatedWorker {
    let id: Int
    let endpoint: WorkerEndpoint
    /// `workers.js`' function for the worker's events: `(kind, ...)`.
    private let callback: JSValue
    private weak var document: DocumentHandle?
    /// Messages posted before the script was fetched, sent after it ran; nil once it did.
    private var waiting: [WorkerMessage]? = []
    private var cancelLoad: (() -> Void)?
    /// Set by ``terminate()``: events the worker sent before are dropped (after its own `close()` they still arrive).
    private var isTerminated = false
    /// On a virtual clock: the page's internal timer for the worker's next timer, and the page's timer functions.
    private var clockTimer: Int?
    private var timerFunctions: (schedule: JSValue, cancel: JSValue)?

    init(id: Int, url: URL, name: String, isModule: Bool, source: String?, callback: JSValue, document: DocumentHandle,
         core: WebViewCore) {
        self.id = id
        self.callback = callback
        self.document = document
        let owner = WorkerOwner()
        endpoint = WorkerEndpoint(url: url, name: name, isModule: isModule, owner: owner, document: document, core: core)
        owner.worker = self
        // A module worker fetches its graph itself (its module loader is the worker's); messages wait for `.started`.
        if isModule {
            endpoint.startModule(source: source)
            return
        }
        if let source {   // the page's own blob: the script is here already
            endpoint.start(script: source)
            waiting = nil
            return
        }
        // Its Referer is the page's; its `Referrer-Policy` header is the policy of the worker's `fetch`.
        cancelLoad = core.resources.load(url, for: document) { [weak self] result in
            guard let self else { return }
            cancelLoad = nil
            switch result {
            case .success(let resource) where ["http", "https"].contains(resource.url.scheme?.lowercased() ?? "")
                    && !MimeTypes.isJavaScript(resource.mimeType ?? ""):
                // HTML's classic worker script fetch: over HTTP it must be served as JavaScript (WebKit refuses it).
                handle(.loadFailed)
            case .success(let resource):
                if let policy = resource.referrerPolicy { endpoint.network.value.fetchPolicy = policy }
                endpoint.start(script: resource.text)
                for message in waiting ?? [] { endpoint.post(message) }
                waiting = nil
            case .failure:
                handle(.loadFailed)
            }
        }
    }

    /// The worker's next timer on the page's virtual clock (``WorkerEvent/clock(deadline:keepsBusy:)``): a timer of the
    /// page at that time (keeping the page busy as the worker's one-shot timers do) moves the worker's clock there.
    private func setClockTimer(_ deadline: Double?, keepsBusy: Bool, in document: DocumentHandle) {
        let timers = timerFunctions ?? document.context.internalTimerFunctions()
        timerFunctions = timers
        if let clockTimer { _ = try? timers.cancel.call(arguments: [clockTimer]) }
        clockTimer = nil
        guard let deadline else { return }
        let endpoint = self.endpoint
        let fire = JSValue(function: { [weak self] _ in
            self?.clockTimer = nil
            endpoint.fireTimers(at: endpoint.pageNow)
            return nil
        }, name: "workerTimers", in: document.context)
        clockTimer = try? timers.schedule.call(arguments: [fire, max(0, deadline - endpoint.pageNow), keepsBusy]).toInt()
    }

    /// `worker.postMessage` from the page.
    func post(_ message: WorkerMessage) {
        if waiting != nil { waiting?.append(message) } else { endpoint.post(message) }
    }

    /// `worker.terminate()`, or the page went away.
    func terminate() {
        isTerminated = true
        cancelLoad?()
        cancelLoad = nil
        waiting = nil
        if let clockTimer, let timerFunctions { _ = try? timerFunctions.cancel.call(arguments: [clockTimer]) }
        clockTimer = nil
        endpoint.terminate(interruptingScript: true)
        document?.workers[id] = nil
    }

    /// The worker called `close()`: its thread is shutting down, the page lets it go.
    func didClose() {
        document?.workers[id] = nil
    }

    /// An event from the worker, as a task of the page.
    func handle(_ event: WorkerEvent) {
        guard let document, !document.isClosed, !isTerminated else { return }
        if case .started = event {
            for message in waiting ?? [] { endpoint.post(message) }
            waiting = nil
            return
        }
        let context = document.context
        let arguments: [any JSValueConvertible]
        switch event {
        case .message(let message): arguments = ["message"] + message.arguments(in: context)
        case .error(let message, let filename, let line, let column): arguments = ["error", message, filename, line, column]
        case .loadFailed: arguments = ["loaderror"]
        case .started: return
        case .clock(let deadline, let keepsBusy): return setClockTimer(deadline, keepsBusy: keepsBusy, in: document)
        }
        do {
            _ = try callback.call(arguments: arguments)
        } catch let error as JSException {
            document.report(error)
        } catch {}
    }
}
