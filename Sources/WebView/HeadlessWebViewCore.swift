internal import CJavaScriptCore
import Foundation
import JavaScript

/// The state of one ``HeadlessWebView`` on its runtime thread: the current document, delegates,
/// hooks, and the load in progress. Only ever touched on the runtime thread: the web view holds it
/// in a `LoopBound`, and work queued for it carries it the same way.
final class WebViewCore {
    let runtime: JavaScriptRuntime
    let configuration: WebViewConfiguration
    let events: EventPublisher<WebViewEvent>
    let userContentController: UserContentController
    let resources: PageResourceLoader
    var navigationDelegate: (any NavigationDelegate)?
    var uiDelegate: (any UIDelegate)?
    var exceptionHandler: (@Sendable (JSException) -> Void)?
    var observers: [any DocumentObserver] = []
    var interceptors: [@Sendable (NavigationAction) -> Bool] = []
    var document: DocumentHandle?
    private var nextPageID = 0
    var isVisible = true
    private(set) var isClosed = false
    private(set) var isLoading = false
    private var loadWaiter: (page: Int, url: String, completion: (Result<Void, any Error>) -> Void)?
    private var cancelFetch: (() -> Void)?
    /// `sessionStorage` of this web view (a browser tab's): kept across its documents.
    private(set) lazy var sessionStorage = WebStorageArea()
    /// The device pages see now (``HeadlessWebView/setDevice(_:)``), and as the JSON the page scripts read.
    var device: DeviceProfile { didSet { deviceJSON = String(decoding: device.jsonData(), as: UTF8.self) } }
    private(set) var deviceJSON: String
    /// How the current document was reached (`performance.navigation`'s type: a reload or not).
    var navigationType: NavigationType = .other
    /// The last target loaded, for `reload()`.
    var lastTarget: LoadTarget?
    /// The session history's entries of the documents before and after the current one (the current document's own
    /// entries are its `history`'s: HeadlessWebViewCore+History.swift).
    var historyBefore: [SessionEntry] = []
    var historyAfter: [SessionEntry] = []
    /// The documents kept in the back-forward cache, oldest first (HeadlessWebViewCore+BackForwardCache.swift).
    var cachedDocuments: [DocumentHandle] = []
    /// A context prepared ahead by a `WebPagePool`, which the next document takes (once); closed with the web view
    /// if no document took it.
    var preparedPage: PreparedPage?
    /// The first document installed ahead by a `WebPagePool` that expects its URL (`prepareDocument(for:from:)`),
    /// which the first load takes if it is for that URL and nothing it was installed with changed; closed otherwise.
    private(set) var preparedDocument: (document: DocumentHandle, url: URL, deviceJSON: String, type: NavigationType)?

    enum LoadTarget: Sendable {
        case url(URL)
        case html(String, baseURL: URL?)
    }

    init(runtime: JavaScriptRuntime, configuration: WebViewConfiguration, userContentController: UserContentController,
         events: EventPublisher<WebViewEvent>) {
        self.runtime = runtime
        self.configuration = configuration
        self.events = events
        self.userContentController = userContentController
        device = configuration.device
        deviceJSON = String(decoding: configuration.device.jsonData(), as: UTF8.self)
        resources = PageResourceLoader(runtime: runtime, userAgent: PageEnvironment.userAgent(configuration))
    }

    func emit(_ page: Int, _ kind: WebViewEvent.Kind) {
        events.emit(WebViewEvent(page: page, kind: kind))
    }

    /// Runs `body` as a task of `document` on the runtime thread (busy until it ran); skipped if the
    /// document went away meanwhile.
    func queueTask(for document: DocumentHandle, _ body: @escaping () -> Void) {
        let token = runtime.beginWork()
        let task = LoopBound((document: document, body: body), loop: runtime.loop)
        runtime.loop.execute {
            defer { token.end() }
            guard !task.value.document.isClosed else { return }
            // A page in the back-forward cache runs its tasks when it comes back.
            if let frozen = task.value.document.frozenPage {
                let document = task.value.document
                let body = task.value.body
                frozen.heldTasks?.append { [weak document] in if let document, !document.isClosed { body() } }
                return
            }
            task.value.body()
        }
    }

    // MARK: Loading

    /// Loads `target` in place of the current document, which is left first (``leaveDocument(replacing:type:)``).
    /// `referrer` is the new document's `document.referrer`: the page's for a navigation a page asked for
    /// (``WebOrigin/referrer(from:to:policy:)``); a `reload()` keeps the current document's; else empty.
    ///
    /// The session history takes the current document's entries (see `enterHistory`); a traversal gives the
    /// entries before and after the one it goes to instead (`around`).
    func load(_ target: LoadTarget, type: NavigationType, referrer: String? = nil, replacing: Bool = false,
              around: (before: [SessionEntry], after: [SessionEntry])? = nil,
              completion: ((Result<Void, any Error>) -> Void)?) {
        guard !isClosed else { completion?(.failure(WebViewError.closed)); return }
        let referrer = referrer ?? (type == .reload ? document?.referrer ?? "" : "")
        let history = around ?? enterHistory(type: type, replacing: replacing)
        let kept = leaveDocument(replacing: replacing, type: type)   // the page's handlers see the history it had
        (historyBefore, historyAfter) = history
        navigationType = type
        let url: URL
        switch target {
        case .url(let target): url = target
        case .html(_, let base): url = base ?? URL(string: "about:blank")!
        }
        cancelPendingLoad()
        if kept, let document { keepInBackForwardCache(document) } else { closeDocument() }
        pruneBackForwardCache()
        lastTarget = target
        nextPageID += 1
        let page = nextPageID
        loadWaiter = completion.map { (page, url.absoluteString, $0) }
        isLoading = true
        emit(page, .load(milestone: .start, url: url.absoluteString))
        navigationDelegate?.didStartLoad(url: url)
        switch target {
        case .html(let html, _):
            let token = runtime.beginWork()
            let core = LoopBound(self, loop: runtime.loop)
            runtime.loop.execute {
                defer { token.end() }
                let core = core.value
                guard core.nextPageID == page, !core.isClosed else { return }
                core.beginDocument(page: page, url: url, html: html, referrer: referrer)
            }
        case .url(let url):
            // The request's Referer is the new document's referrer (observed on WebKitGTK 2.50).
            cancelFetch = resources.load(url, referrer: referrer, failOnHTTPError: false) { [weak self] result in
                guard let self, self.nextPageID == page, !self.isClosed else { return }
                self.cancelFetch = nil
                switch result {
                case .success(let resource):
                    self.beginDocument(page: page, url: resource.url, html: resource.text, referrer: referrer,
                                       policy: resource.referrerPolicy)
                case .failure(let error): self.loadFailed(page: page, url: url, error: WebViewError.loadFailed(url: error.url, message: error.message))
                }
            }
        }
    }

    private func loadFailed(page: Int, url: URL, error: any Error) {
        isLoading = false
        navigationDelegate?.didFail(url: url, error: error)
        emit(page, .exception(JSException(name: "NetworkError", message: "\(error)", sourceURL: url.absoluteString)))
        if let waiter = loadWaiter, waiter.page == page {
            loadWaiter = nil
            waiter.completion(.failure(error))
        }
    }

    /// Installs the environment of the first document for `url` now, before its load (a `WebPagePool` with an
    /// expected URL, in idle time): the same set-up, with the same URL, origin, device and user agent, as the load
    /// would do, which then only parses and runs the page. `prepared` is a context with domino loaded, if any.
    func prepareDocument(for url: URL, from prepared: PreparedPage?) throws {
        precondition(document == nil && preparedDocument == nil && nextPageID == 0, "only a new web view's first document")
        let page = nextPageID + 1
        prepared?.context.name = "page \(page)"
        let context = prepared?.context
            ?? runtime.assumeIsolated { LoopBound($0.makeContext(name: "page \(page)"), loop: $0.loop) }.value
        let document = DocumentHandle(id: page, context: context, url: url, core: self)
        do {
            try PageEnvironment.install(in: document, core: self, require: prepared?.require)
        } catch {
            document.close()
            throw error
        }
        preparedDocument = (document, url, deviceJSON, navigationType)
    }

    /// The document installed ahead for this load, if it is for `url` and page `page` and was installed with the
    /// device and navigation type of now; a prepared document that does not fit is closed.
    private func takePreparedDocument(page: Int, url: URL) -> DocumentHandle? {
        guard let prepared = preparedDocument else { return nil }
        preparedDocument = nil
        guard prepared.document.id == page, prepared.url == url, prepared.deviceJSON == deviceJSON,
              prepared.type == navigationType, !prepared.document.isClosed else {
            prepared.document.close()
            return nil
        }
        // Nothing of it depends on when it was installed: `performance.now()` and `timeOrigin` are the runtime's clock.
        return prepared.document
    }

    /// `policy`: the referrer policy of the document's response, if it named one.
    private func beginDocument(page: Int, url: URL, html: String, referrer: String, policy: ReferrerPolicy? = nil) {
        if let document = takePreparedDocument(page: page, url: url) {
            self.document = document
            document.referrer = referrer
            document.referrerPolicy = policy ?? .default
            startDocument(document, page: page, html: html)
            return
        }
        let prepared = preparedPage
        preparedPage = nil
        prepared?.context.name = "page \(page)"
        let context = prepared?.context
            ?? runtime.assumeIsolated { LoopBound($0.makeContext(name: "page \(page)"), loop: $0.loop) }.value
        let document = DocumentHandle(id: page, context: context, url: url, core: self)
        document.referrer = referrer
        document.referrerPolicy = policy ?? .default
        self.document = document
        do {
            try PageEnvironment.install(in: document, core: self, require: prepared?.require)
        } catch {
            closeDocument()
            loadFailed(page: page, url: url, error: WebViewError.loadFailed(url: url.absoluteString, message: "\(error)"))
            return
        }
        startDocument(document, page: page, html: html)
    }

    /// A document whose environment is installed: observers, user scripts at document start, then its loader.
    private func startDocument(_ document: DocumentHandle, page: Int, html: String) {
        let context = document.context
        if !isVisible { setVisible(false, on: document) }
        for observer in observers { observer.documentDidCreate(document) }
        for script in userContentController.userScripts where script.injectionTime == .atDocumentStart {
            context.evaluateScript(script.source, sourceURL: script.sourceURL)
        }
        let loader = DocumentLoader(document: document, html: html, resources: resources, onDOMContentLoaded: { [weak self, weak document] in
            guard let self, let document else { return }
            self.emit(page, .load(milestone: .domcontentloaded, url: document.url.absoluteString))
            for script in self.userContentController.userScripts where script.injectionTime == .atDocumentEnd {
                document.context.evaluateScript(script.source, sourceURL: script.sourceURL)
            }
        }, onLoad: { [weak self, weak document] in
            guard let self, let document else { return }
            self.didFinishLoad(document)
        })
        document.loader = loader
        loader.resume()
    }

    private func didFinishLoad(_ document: DocumentHandle) {
        isLoading = false
        emit(document.id, .load(milestone: .load, url: document.url.absoluteString))
        navigationDelegate?.didFinish(url: document.url)
        if let waiter = loadWaiter, waiter.page == document.id {
            loadWaiter = nil
            waiter.completion(.success(()))
        }
    }

    /// The load in progress is replaced: a waiting ``load(_:type:referrer:replacing:around:completion:)`` fails,
    /// its fetch stops.
    func cancelPendingLoad() {
        if let waiter = loadWaiter {
            loadWaiter = nil
            waiter.completion(.failure(WebViewError.navigationCancelled(url: waiter.url)))
        }
        cancelFetch?()
        cancelFetch = nil
    }

    func stopLoading() {
        cancelFetch?()
        cancelFetch = nil
        document?.loader?.cancel()
        isLoading = false
        if let waiter = loadWaiter {
            loadWaiter = nil
            waiter.completion(.failure(WebViewError.navigationCancelled(url: waiter.url)))
        }
    }

    /// Leaving the current document for another: its page gets `beforeunload`, `pagehide`, `visibilitychange` and,
    /// unless the page goes into the back-forward cache, `unload` (page.js `leave`). A reload or a
    /// `location.replace` does not keep the page (`persisted` false, then `unload`); other navigations do, as WebKit
    /// keeps a loaded page whose history entry stays (observed on WebKitGTK 2.50), unless the cache's capacity is 0.
    /// Closing the web view fires none. True when the page is to be kept (HeadlessWebViewCore+BackForwardCache.swift).
    func leaveDocument(replacing: Bool, type: NavigationType) -> Bool {
        guard let document, !document.isClosed, let env = document.env else { return false }
        let persisted = !replacing && type != .reload && backForwardCacheCapacity > 0
        document.isLeaving = true
        return (try? env.invokeMethod("leave", arguments: [persisted]).toBool()) ?? false
    }

    func closeDocument() {
        guard let document else { return }
        for observer in observers { observer.documentWillClose(document) }
        document.close()
        self.document = nil
    }

    func close() {
        guard !isClosed else { return }
        stopLoading()
        closeDocument()
        emptyBackForwardCache()
        preparedPage?.context.close()
        preparedPage = nil
        preparedDocument?.document.close()
        preparedDocument = nil
        isClosed = true
        navigationDelegate = nil
        uiDelegate = nil
        exceptionHandler = nil
        observers.removeAll()
        interceptors.removeAll()
        userContentController.removeAllScriptMessageHandlers()
        userContentController.removeAllUserScripts()
        events.finish()
    }

    func setVisible(_ visible: Bool, on document: DocumentHandle) {
        if visible { document.context.resumeTimers() } else { document.context.pauseTimers() }
        _ = try? document.env?.invokeMethod("setVisible", arguments: [visible])
        for (_, frame) in document.childFrames { setVisible(visible, on: frame) }
    }

    // MARK: Errors

    /// An uncaught exception or unhandled rejection of `document`: `onerror`/`error` (or
    /// `unhandledrejection`) on the window first; unless handled, the exception handler and events.
    func uncaught(_ value: JSValue, rejectedPromise: JSValue? = nil, in document: DocumentHandle) {
        // Positions in ES modules, mapped into the modules' texts (`ESModules`); a page without modules has no loader.
        var placeless = false
        if let loader = document.env?["moduleLoader"], loader.isObject {
            _ = try? loader.invokeMethod("mapError", arguments: [value])
            placeless = (try? loader.invokeMethod("isPlaceless", arguments: [value]).toBool()) ?? false
        }
        let exception = JSException(value)
        var handled = false
        if !document.isDispatchingError, let env = document.env, !exception.isExecutionTimeLimitExceeded {
            document.isDispatchingError = true
            defer { document.isDispatchingError = false }
            if let rejectedPromise {
                handled = (try? env.invokeMethod("dispatchRejection", arguments: [rejectedPromise, value]).toBool()) ?? false
            } else {
                // WebKit's `ErrorEvent.message` is the error's own text ("Error: boom", "42"); "Uncaught " is Chrome's.
                // A module graph's failure to link has no place in WebKit's event: file "", line and column 0.
                let message = exception.name.isEmpty ? exception.message : "\(exception.name): \(exception.message)"
                handled = (try? env.invokeMethod("dispatchError", arguments: [
                    value, message, placeless ? "" : exception.sourceURL ?? "", placeless ? 0 : exception.line ?? 0,
                    placeless ? 0 : exception.column ?? 0,
                ]).toBool()) ?? false
            }
        }
        if !handled { deliverException(exception, in: document) }
    }

    func deliverException(_ exception: JSException, in document: DocumentHandle) {
        emit(document.id, .exception(exception))
        exceptionHandler?(exception)
    }
}
