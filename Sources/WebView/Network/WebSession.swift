internal import CSoup
import Foundation
import HybridLoop

/// The network side of a web view: a libsoup `SoupSession` on the runtime's main context, one
/// cookie jar and one `localStorage` store shared by all its pages.
///
/// Kept-alive connections close when the server closes them or the session goes, not on a client-side idle timer:
/// libsoup 3.2 fires that timer late when a long script held the thread past it, after the connection had already
/// been picked for the page's next request, which then never completed (or libsoup crashed). Like WebKit's network
/// stack, a connection the server closed meanwhile is noticed before it is reused.
///
/// Proxies come from the process's environment (`http_proxy`, `https_proxy`, `all_proxy`, `no_proxy`, as curl reads
/// them), never from the desktop's settings; without them requests go directly.
///
/// Runtime-thread only (not `Sendable`): make it, use it and drop it on the runtime thread; every
/// completion runs there, on a later iteration of the loop (never from inside the call that
/// started the load).
///
/// ```swift
/// let session = WebSession(loop: runtime.loop)
/// session.load(URL(string: "http://127.0.0.1:8080/app.js")!) { result in
///     if case .success(let resource) = result { print(resource.status, resource.text) }
/// }
/// ```
public final class WebSession {
    /// The cookies: HTTP and `document.cookie` share them.
    public let cookies: CookieJar
    /// `localStorage` per origin (`sessionStorage` is per page: ``WebStorageArea``).
    public let storage: WebStorage
    /// The GLib main context (`GMainContext *`) every load completes on.
    package let mainContext: OpaquePointer
    let session: UnsafeMutablePointer<SoupSession>
    private let owner = pthread_self()

    /// Makes a session whose I/O runs on `loop` (a runtime's `runtime.loop`). Call it on that
    /// loop's thread.
    public convenience init(loop: EventLoopThread, userAgent: String? = nil) {
        self.init(mainContext: loop.mainContext, userAgent: userAgent)
    }

    /// Makes a session whose I/O runs on `mainContext` (a `GMainContext *`, the loop's
    /// `mainContext`). Call it on the thread that iterates that context.
    /// `environment` replaces the process's for the proxy settings (tests); by default they are read once per process.
    package init(mainContext: OpaquePointer, userAgent: String? = nil, environment: [String: String]? = nil) {
        self.mainContext = mainContext
        g_main_context_push_thread_default(mainContext)
        session = hybrid_platform_session_new()
        let resolver = (environment.map(ProxySettings.init(environment:)) ?? .process).makeResolver()
        soup_session_set_proxy_resolver(session, resolver)
        g_object_unref(UnsafeMutableRawPointer(resolver))
        g_main_context_pop_thread_default(mainContext)
        cookies = CookieJar()
        storage = WebStorage()
        soup_session_add_feature(session, OpaquePointer(cookies.jar))
        if let userAgent { soup_session_set_user_agent(session, userAgent) }
    }

    deinit {
        let session = self.session
        let release = {
            soup_session_abort(session)
            g_object_unref(UnsafeMutableRawPointer(session))
        }
        // libsoup objects belong to the thread that made them: released elsewhere, hand them back.
        if pthread_equal(owner, pthread_self()) != 0 {
            release()
        } else {
            LoopCallback.schedule(on: mainContext, release)
        }
    }

    /// How long a request without a timeout of its own waits for the server: for its response to begin, and then
    /// between the chunks of its body. 60 s, as WKWebView (`NSURLRequest`'s default `timeoutInterval`, an
    /// inactivity limit). It then fails with a `.timeout` error. Time a script held the runtime thread does not count.
    public var responseTimeout: Duration = .seconds(60)

    /// The largest HTTP response body a request reads, in bytes (512 MiB unless set): past it the request fails with
    /// `.responseTooLarge` and its connection is dropped, so a hostile or broken server cannot exhaust the process's
    /// memory through a page. (A phone would run out of memory far sooner; browsers set no limit of their own.)
    public var maximumResponseSize = 512 << 20

    /// The client-side idle timeout of kept-alive connections, in seconds; 0: none (see the type's notes).
    var idleConnectionTimeout: UInt32 { hybrid_platform_session_uint(session, "idle-timeout") }

    /// libsoup's socket I/O timeout, in seconds; 0: none (requests have ``responseTimeout`` instead).
    var socketTimeout: UInt32 { hybrid_platform_session_uint(session, "timeout") }

    /// The `User-Agent` header sent with every HTTP request.
    public var userAgent: String {
        get { soup_session_get_user_agent(session).map { String(cString: $0) } ?? "" }
        set { soup_session_set_user_agent(session, newValue) }
    }

    /// Loads a document or a script: `file:` URLs from disk, `data:` URLs decoded by libsoup, `http(s)` through the
    /// session (redirects followed, cookies sent and stored). Other schemes fail with `.unsupportedScheme`.
    ///
    /// `completion` runs on the runtime thread, once, unless the returned ``Cancellable`` is
    /// cancelled first. An HTTP error status (404, 500) is a success with that status.
    @discardableResult
    public func load(_ url: URL, completion: @escaping (Result<LoadedResource, WebLoadError>) -> Void) -> Cancellable {
        send(WebRequest(url: url), completion: completion)
    }

    /// Sends `request` (any method, headers, body, timeout); see ``load(_:completion:)``.
    @discardableResult
    public func send(_ request: WebRequest, completion: @escaping (Result<LoadedResource, WebLoadError>) -> Void) -> Cancellable {
        send(request, whileHeld: false, completion: completion)
    }

    /// Asked first for every request (a test's network mocks): returns true when it answers the request through its
    /// closure (once, on the runtime thread, now or later; the answer reaches the page on a later loop iteration), false
    /// to send it. nil, the default, costs nothing. Runtime thread.
    package var interceptor: ((WebRequest, @escaping (Result<LoadedResource, WebLoadError>) -> Void) -> Bool)?

    /// Hears every request's outcome (`hybrid run --record-har`): the request, and its response with the whole body
    /// (a streamed one's chunks put together) and its ``LoadedResource/timings``, or the failure. Set it before the web
    /// view loads its first document (``HeadlessWebView/withSession(_:)``) to hear the document's request too. nil,
    /// the default, costs nothing. Runtime thread.
    package var recorder: ((WebRequest, Result<LoadedResource, WebLoadError>) -> Void)?

    /// What a streamed HTTP request reports before it completes.
    enum Progress {
        /// The response head (after redirects): status, headers, final URL; the body is empty.
        case head(LoadedResource)
        /// The next bytes of the body, as they arrived.
        case chunk([UInt8])
    }

    /// Sends `request`; a completion that arrives while a script waits for a synchronous request (`NestedLoop`) is
    /// held until that wait has ended, unless `whileHeld` (the synchronous request itself, which the wait is for).
    /// With `progress`, an `http(s)` response is streamed: `progress` hears its head and each chunk of its body (held
    /// as the completion is), and the completion's resource has no body. A `file:` load or a failure before the head
    /// only completes, with the whole body.
    func send(_ request: WebRequest, whileHeld: Bool, progress callerProgress: ((Progress) -> Void)? = nil,
              completion callerCompletion: @escaping (Result<LoadedResource, WebLoadError>) -> Void) -> Cancellable {
        var callerProgress = callerProgress, callerCompletion = callerCompletion
        let recording = recorder != nil
        if let recorder { Self.record(request, recorder, progress: &callerProgress, completion: &callerCompletion) }
        let cancellable = Cancellable()
        func held<T>(_ body: @escaping (T) -> Void) -> (T) -> Void {
            whileHeld ? body : { [cancellable] value in
                guard NestedLoop.isHoldingTasks else { return body(value) }
                NestedLoop.deferTask { if !cancellable.isCancelled { body(value) } }
            }
        }
        let completion = held(callerCompletion)
        let progress = callerProgress.map { held($0) }
        if let interceptor {
            let context = mainContext
            let answered = interceptor(request) { result in
                LoopCallback.schedule(on: context) { [cancellable] in
                    if !cancellable.isCancelled { completion(result) }
                }
            }
            if answered { return cancellable }
        }
        g_main_context_push_thread_default(mainContext)
        defer { g_main_context_pop_thread_default(mainContext) }
        var failure: WebLoadError?
        switch request.url.scheme?.lowercased() {
        case "file":
            FileTransfer.start(request.url, cancellable: cancellable, completion: completion)
        case "data":   // decoded now, answered on a later loop iteration as a load is
            if let (type, body) = DataURL.decode(request.url.absoluteString) {
                let resource = LoadedResource(url: request.url, status: 200, statusText: "OK", mimeType: type, body: body,
                                              headers: [("Content-Type", type), ("Content-Length", String(body.count))])
                LoopCallback.schedule(on: mainContext) { [cancellable] in
                    if !cancellable.isCancelled { completion(.success(resource)) }
                }
            } else {
                failure = WebLoadError(url: request.url.absoluteString, message: "the data: URL cannot be decoded", kind: .invalidURL)
            }
        case "http", "https":
            failure = HTTPTransfer.start(request, session: session, mainContext: mainContext, cancellable: cancellable,
                                         responseTimeout: responseTimeout, maximumResponseSize: maximumResponseSize,
                                         progress: progress, collectsTimings: recording, completion: completion)
        case let scheme:
            let name = scheme.map { "'\($0):'" } ?? "(none)"
            failure = WebLoadError(url: request.url.absoluteString,
                                   message: "unsupported URL scheme \(name): only http, https, file and data are supported",
                                   kind: .unsupportedScheme)
        }
        if let failure {
            LoopCallback.schedule(on: mainContext) { [cancellable] in
                if !cancellable.isCancelled { completion(.failure(failure)) }
            }
        }
        return cancellable
    }

    /// Wraps a request's progress and completion so that `recorder` hears its outcome with the whole body and its
    /// timings (an answer without libsoup's, from a file or an interceptor, all `wait`).
    private static func record(_ request: WebRequest, _ recorder: @escaping (WebRequest, Result<LoadedResource, WebLoadError>) -> Void,
                               progress: inout ((Progress) -> Void)?, completion: inout (Result<LoadedResource, WebLoadError>) -> Void) {
        final class Body { var bytes: [UInt8] = [] }
        let streamed = Body(), isStreamed = progress != nil
        if let inner = progress {
            progress = { event in
                if case .chunk(let bytes) = event { streamed.bytes += bytes }
                inner(event)
            }
        }
        let inner = completion
        let started = Date(), start = ContinuousClock.now
        completion = { result in
            if case .success(var resource) = result {
                if isStreamed, resource.body.isEmpty { resource.body = streamed.bytes }
                if resource.timings == nil {
                    let elapsed = ContinuousClock.now - start
                    resource.timings = NetworkTimings(started: started, wait: elapsed.seconds * 1000)
                }
                recorder(request, .success(resource))
            } else {
                recorder(request, result)
            }
            inner(result)
        }
    }
}
