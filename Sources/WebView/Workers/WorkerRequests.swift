import Foundation
import HybridLoop
import JavaScript

/// A worker's `fetch` and `XMLHttpRequest` from the page's side: each request runs through the page's network stack
/// (the web view's `WebSession`: its cookies, its fixture servers and mocks, `file:` only under the page's folder) on
/// the page's thread, and keeps the page busy until the worker has handled the result. Page-thread only.
final class WorkerNetwork {
    private let loader: PageResourceLoader
    private let documentURL: URL
    private var pending: [Int: (cancellable: Cancellable?, token: WorkToken)] = [:]
    private var isClosed = false

    init(loader: PageResourceLoader, documentURL: URL) {
        self.loader = loader
        self.documentURL = documentURL
    }

    /// Starts the worker's request `id`; `completion` runs on the page's thread with the token to end once the
    /// worker has handled the result. Nothing once the worker was terminated.
    func start(_ id: Int, _ request: WebRequest, token: WorkToken,
               completion: @escaping (Result<LoadedResource, WebLoadError>, WorkToken) -> Void) {
        guard !isClosed else { return token.end() }
        pending[id] = (nil, token)
        func finish(_ result: Result<LoadedResource, WebLoadError>) {
            guard let entry = pending.removeValue(forKey: id) else { return }
            completion(result, entry.token)
        }
        if let refusal = WebPlatformInstance.refusal(for: request.url, documentURL: documentURL) {
            LoopCallback.schedule(on: loader.session.mainContext) { finish(.failure(refusal)) }
        } else {
            pending[id]?.cancellable = loader.session.send(request) { finish($0) }
        }
    }

    /// Cancels request `id` (`xhr.abort()`, an aborted `fetch`); its result never reaches the worker.
    func abort(_ id: Int) {
        guard let entry = pending.removeValue(forKey: id) else { return }
        entry.cancellable?.cancel()
        entry.token.end()
    }

    /// The worker was terminated or closed: every request in flight is cancelled, later ones never start.
    func close() {
        isClosed = true
        let requests = pending
        pending.removeAll()
        for entry in requests.values {
            entry.cancellable?.cancel()
            entry.token.end()
        }
    }
}

/// A worker's requests from the worker's side: the callbacks of `native.send` (`xmlhttprequest-send.js`) by id.
/// Worker-thread only.
final class WorkerRequests {
    private weak var endpoint: WorkerEndpoint?
    private weak var context: JSContext?
    private var callbacks: [Int: JSValue] = [:]
    private var nextID = 1

    init(endpoint: WorkerEndpoint, context: JSContext) {
        self.endpoint = endpoint
        self.context = context
    }

    /// `native.send(method, url, headers, body, timeout, callback)`: the request's id, 0 once the worker is terminated.
    func send(_ args: JSArguments) -> Int {
        guard let endpoint, !endpoint.isTerminated else { return 0 }
        let id = nextID
        nextID += 1
        callbacks[id] = args[5]
        endpoint.startRequest(id, PlatformNatives.request(from: args))
        return id
    }

    /// `native.abort(id)`.
    func abort(_ id: Int) {
        guard callbacks.removeValue(forKey: id) != nil else { return }
        endpoint?.abortRequest(id)
    }

    /// The result of request `id`, as a task of the worker: its callback gets the object the page's requests get.
    func complete(_ id: Int, _ result: Result<LoadedResource, WebLoadError>) {
        guard let callback = callbacks.removeValue(forKey: id), let context, !context.isClosed else { return }
        do {
            _ = try callback.call(arguments: [WebPlatformInstance.resultObject(result, in: context)])
        } catch let error as JSException {
            endpoint?.reportUncaught(error)
        } catch {}
    }

    /// Drops every callback (the worker's scope is going away).
    func close() {
        callbacks.removeAll()
    }
}
