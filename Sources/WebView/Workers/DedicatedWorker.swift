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
            endpoint.startModule()
            return
        }
        if let source {   // the page's own blob: the script is here already
            endpoint.start(script: source)
            waiting = nil
            return
        }
        cancelLoad = core.resources.load(url) { [weak self] result in
            guard let self else { return }
            cancelLoad = nil
            switch result {
            case .success(let resource):
                endpoint.start(script: resource.text)
                for message in waiting ?? [] { endpoint.post(message) }
                waiting = nil
            case .failure:
                handle(.loadFailed)
            }
        }
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
        }
        do {
            _ = try callback.call(arguments: arguments)
        } catch let error as JSException {
            document.report(error)
        } catch {}
    }
}
