import Foundation
import HybridLoop
import JavaScript

/// A worker's `fetch` and `XMLHttpRequest` from the page's side: each request runs through the page's network stack
/// (the web view's `WebSession`: its cookies, its fixture servers and mocks, `file:` only under the page's folder) on
/// the page's thread, and keeps the page busy until the worker has handled the result. Page-thread only.
final class WorkerNetwork {
    private let loader: PageResourceLoader
    private let documentURL: URL
    /// The worker's URL, the referrer of its requests.
    private let workerURL: URL
    /// The policy of the worker's script loads (`importScripts`, module imports) and `XMLHttpRequest`: the creating
    /// document's when the worker was made.
    private let documentPolicy: ReferrerPolicy
    /// The policy of the worker's `fetch`: its script's `Referrer-Policy` header when it named one, else the
    /// document's. Observed on WebKitGTK 2.50, which loads the others through the document.
    var fetchPolicy: ReferrerPolicy
    private var pending: [Int: (cancellable: Cancellable?, token: WorkToken)] = [:]
    /// The worker's WebSockets and event streams until they end (``WorkerConnections``); each keeps the page busy
    /// while it connects.
    var connections: [Int: (connection: WorkerConnection, connecting: WorkToken?)] = [:]
    private(set) var isClosed = false

    init(loader: PageResourceLoader, documentURL: URL, workerURL: URL, documentPolicy: ReferrerPolicy) {
        self.loader = loader
        self.documentURL = documentURL
        self.workerURL = workerURL
        self.documentPolicy = documentPolicy
        fetchPolicy = documentPolicy
    }

    /// The `Referer` of the worker's request to `url`: from the worker's URL under `referrer`'s policy, else the
    /// worker's `fetch` policy for a `fetch`, the document's for the rest.
    func referrer(to url: URL, _ referrer: RequestReferrer = .client(policy: nil), fetch: Bool = false) -> String {
        referrer.header(to: url, client: workerURL, policy: fetch ? fetchPolicy : documentPolicy)
    }

    /// Starts the worker's request `id`; `completion` runs on the page's thread with the token to end once the
    /// worker has handled the result. Nothing once the worker was terminated.
    /// `referrer` and `fetch`: see ``referrer(to:_:fetch:)``.
    func start(_ id: Int, _ request: WebRequest, referrer: RequestReferrer = .client(policy: nil), fetch: Bool = false,
               token: WorkToken, completion: @escaping (Result<LoadedResource, WebLoadError>, WorkToken) -> Void) {
        guard !isClosed else { return token.end() }
        var request = request
        request.addReferer(self.referrer(to: request.url, referrer, fetch: fetch))
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

    /// The worker's session (its WebSockets and event streams connect through it).
    var session: WebSession { loader.session }

    /// The worker was terminated or closed: every request in flight is cancelled, later ones never start; its
    /// WebSockets (1001, as a page's when it closes) and event streams end.
    func close() {
        isClosed = true
        let requests = pending
        pending.removeAll()
        for entry in requests.values {
            entry.cancellable?.cancel()
            entry.token.end()
        }
        let open = connections
        connections.removeAll()
        for entry in open.values {
            entry.connection.end()
            entry.connecting?.end()
        }
    }
}

/// A worker's requests from the worker's side: the completions of `native.send` (`xmlhttprequest-send.js`) and of
/// module fetches by id. Worker-thread only.
final class WorkerRequests {
    typealias Completion = (Result<LoadedResource, WebLoadError>) -> Void
    private weak var endpoint: WorkerEndpoint?
    private weak var context: JSContext?
    private var completions: [Int: Completion] = [:]
    private var nextID = 1

    init(endpoint: WorkerEndpoint, context: JSContext) {
        self.endpoint = endpoint
        self.context = context
    }

    /// `native.send(method, url, headers, body, timeout, callback)`: the request's id, 0 once the worker is terminated.
    /// The callback gets the object the page's requests get.
    func send(_ args: JSArguments) -> Int {
        let callback = args[5], endpoint = self.endpoint
        let referrer = RequestReferrer(sendArguments: args), fetch = args.string(at: 7) == "fetch"
        return start(PlatformNatives.request(from: args), referrer: referrer, fetch: fetch) { [weak context] result in
            guard let context, !context.isClosed else { return }
            do {
                _ = try callback.call(arguments: [WebPlatformInstance.resultObject(result, in: context)])
            } catch let error as JSException {
                endpoint?.reportUncaught(error)
            } catch {}
        }
    }

    /// Starts `request` through the page's network; `completion` runs as a task of the worker unless aborted first.
    /// Returns its id, 0 once the worker is terminated.
    /// `referrer` and `fetch`: see ``WorkerNetwork/referrer(to:_:fetch:)``.
    func start(_ request: WebRequest, referrer: RequestReferrer = .client(policy: nil), fetch: Bool = false,
               completion: @escaping Completion) -> Int {
        guard let endpoint, !endpoint.isTerminated else { return 0 }
        let id = nextID
        nextID += 1
        completions[id] = completion
        endpoint.startRequest(id, request, referrer: referrer, fetch: fetch)
        return id
    }

    /// `native.sendSync(method, url, headers, body, timeout)`: the result object once the request has ended (the
    /// worker waits meanwhile, see ``WorkerEndpoint/requestSynchronously(_:_:)``), null once the worker is terminated.
    func sendSynchronously(_ args: JSArguments) -> JSValue? {
        guard let endpoint, !endpoint.isTerminated else { return nil }
        let id = nextID
        nextID += 1
        guard let result = endpoint.requestSynchronously(id, PlatformNatives.request(from: args)) else { return nil }
        return WebPlatformInstance.resultObject(result, in: args.context)
    }

    /// `native.abort(id)`.
    func abort(_ id: Int) {
        guard completions.removeValue(forKey: id) != nil else { return }
        endpoint?.abortRequest(id)
    }

    /// The result of request `id`, as a task of the worker.
    func complete(_ id: Int, _ result: Result<LoadedResource, WebLoadError>) {
        completions.removeValue(forKey: id)?(result)
    }

    /// Drops every completion (the worker's scope is going away).
    func close() {
        completions.removeAll()
    }
}
