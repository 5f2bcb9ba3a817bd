import HybridLoop
import Synchronization

/// A local HTTP server for hybrid pages under test: serves a folder of fixtures and mock API routes, on libsoup.
///
/// ```swift
/// let server = FixtureServer(root: "web")               // 127.0.0.1, a free port
/// try server.route("GET", "/api/user/:id") { request in
///     .json(["id": .string(request.parameters["id"] ?? "")])
/// }
/// let base = try await server.start()                   // http://127.0.0.1:PORT/
/// // ... load base.appending("index.html") in a web view ...
/// await server.stop()
/// ```
///
/// It runs on its own runtime thread's GLib main context, or on an existing runtime's (``init(root:host:port:loop:)``
/// with `runtime.loop`), so a web view and the server it loads from can share one thread. libsoup objects are only
/// ever touched on that thread; the public API is safe from any thread.
public final class FixtureServer: Sendable {
    /// The folder served (as given).
    public let root: String
    /// The address listened on; `127.0.0.1` unless another is asked for.
    public let host: String
    /// The port asked for; 0 picks a free one (see ``start()``).
    public let port: Int

    /// Options read by ``start()``; set them before.
    public struct Options: Sendable {
        /// Serve an HTML listing for folders without `index.html` (off by default).
        public var listDirectories = false
        /// Add CORS headers to every answer and answer preflight requests.
        public var cors = false
        /// A folder of mock responses (`GET/api/user/[id].json`; see the README).
        public var apiMocks: String?
        /// The `Cache-Control` of files; `no-cache` by default since fixtures change while developing.
        public var cacheControl = "no-cache"
        /// Request and connection limits.
        public var limits = ServerLimits()

        public init() {}
    }

    private struct State {
        var options = Options()
        /// The running server, on the loop's thread.
        var core: LoopBound<ServerCore>?
        var baseURL: String?
    }

    private let sharedLoop: EventLoopThread?
    private let ownsLoop: Bool
    private let state = Mutex(State())
    private let loopBox = Mutex<EventLoopThread?>(nil)
    let routes = MockRoutes()

    /// One event per answered request: `accessLog.observe { ... }` runs on the server's thread (keep it
    /// quick), `accessLog.stream()` iterates them with a bounded buffer.
    public let accessLog = EventPublisher<AccessLogEvent>()

    /// A server for `root` on `host:port`, on its own runtime thread (or on `loop`, shared and not shut down).
    public init(root: String, host: String = "127.0.0.1", port: Int = 0, loop: EventLoopThread? = nil) {
        self.root = root
        self.host = host == "localhost" ? "127.0.0.1" : host
        self.port = port
        sharedLoop = loop
        ownsLoop = loop == nil
    }

    /// A server running on `runtime`'s thread (a `JavaScriptRuntime`'s, say), next to its JavaScript.
    public convenience init(root: String, host: String = "127.0.0.1", port: Int = 0, runtime: some EventLoopProvider) {
        self.init(root: root, host: host, port: port, loop: runtime.loop)
    }

    /// The options; changes apply at the next ``start()``.
    public var options: Options {
        get { state.withLock { $0.options } }
        set { state.withLock { $0.options = newValue } }
    }

    /// The base URL (`http://127.0.0.1:PORT/`) while running, else nil.
    public var baseURL: String? { state.withLock { $0.baseURL } }

    /// Adds a mock API route in the `URLRouter`'s pattern syntax (`/api/user/:id`, `/api/<int:id>`, `/files/*`).
    ///
    /// Routes win over files and over the mocks folder. The handler runs on the server's thread; a thrown error
    /// answers 500 with its description. Routes may be added while the server runs.
    public func route(_ method: String, _ pattern: String,
                      _ handler: @escaping @Sendable (MockRequest) throws -> MockResponse) throws(FixtureServerError) {
        do {
            try routes.add(method: method, pattern: pattern, priority: 1, handler: handler)
        } catch {
            throw .invalidRoute("\(error)")
        }
    }

    /// Starts listening and returns the base URL, `http://HOST:PORT/` with the bound port.
    @discardableResult
    public func start() async throws -> String {
        let options = self.options
        guard let resolver = PathResolver(root: root) else { throw FixtureServerError.rootNotFound(root) }
        if let mocks = options.apiMocks {
            guard PathResolver.isDirectory(mocks) else { throw FixtureServerError.mocksNotFound(mocks) }
            for entry in try MockFolder.scan(mocks) {
                let file = entry.file
                try? routes.add(method: entry.method, pattern: entry.pattern, priority: 0) { request in
                    MockFolder.response(for: file, request: request)
                }
            }
        }
        guard state.withLock({ $0.core == nil }) else { throw FixtureServerError.alreadyStarted }
        let loop = currentLoop()
        let host = self.host, port = self.port, routes = self.routes, accessLog = self.accessLog
        let result: Result<(LoopBound<ServerCore>, Int), FixtureServerError> = try await loop.submit {
            let files = FileResponder(resolver: resolver, listDirectories: options.listDirectories,
                                      cacheControl: options.cacheControl)
            let core = ServerCore(files: files, routes: routes, limits: options.limits, cors: options.cors,
                                  log: accessLog)
            do throws(FixtureServerError) {
                return .success((LoopBound(core, loop: loop), try core.listen(host: host, port: port)))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .failure(let error):
            releaseLoop()
            throw error
        case .success(let (core, bound)):
            let shown = host.contains(":") ? "[\(host)]" : host
            let url = "http://\(shown):\(bound)/"
            state.withLock {
                $0.core = core
                $0.baseURL = url
            }
            return url
        }
    }

    /// Closes the listeners and every open connection. Safe to call when stopped.
    public func stop() async {
        guard let core = state.withLock({ state -> LoopBound<ServerCore>? in
            defer { state.core = nil; state.baseURL = nil }
            return state.core
        }) else { return }
        _ = try? await currentLoop().submit { core.value.close() }
        releaseLoop()
    }

    /// How many client connections are open (WebSockets and event streams included); 0 when stopped. For tests that
    /// check that clients close what they opened.
    package func openConnectionCount() async -> Int {
        guard let core = state.withLock({ $0.core }) else { return 0 }
        return (try? await currentLoop().submit { core.value.connections.count }) ?? 0
    }

    /// The loop to run on: the shared one, or a new own thread made at start.
    private func currentLoop() -> EventLoopThread {
        if let sharedLoop { return sharedLoop }
        return loopBox.withLock { loop in
            if let loop { return loop }
            let made = EventLoopThread(name: "hybrid.server")
            loop = made
            return made
        }
    }

    /// Ends the own thread, waiting for it to exit.
    private func releaseLoop() {
        guard ownsLoop, let loop = loopBox.withLock({ box in defer { box = nil }; return box }) else { return }
        loop.shutdown()
    }

    deinit {
        if let core = state.withLock({ $0.core }) {
            currentLoop().execute { core.value.close() }
        }
        releaseLoop()
    }
}
