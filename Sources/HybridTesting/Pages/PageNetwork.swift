import FixtureServer
import Foundation
import Glibc
import JavaScript
import Synchronization
import WebView

/// A ``TestPage``'s network mocks, HAR replay and the requests it made, asked first for every request of the page's
/// web view (the session's interceptor, the hook `network.mock` uses in JavaScript tests).
///
/// Without a mock or a HAR every request goes out as usual (and is recorded). Once the page has a mock, a request no
/// mock matches fails loudly (``UnmatchedRequestError``) unless it is for one of the page's own files (a `GET` or
/// `HEAD` of a file in its folder, on its server): the page, its scripts and its styles still load.
final class PageNetwork: Sendable {
    /// One `mock(pattern, ...)`: the newest matching route answers.
    struct Route: Sendable {
        var pattern: String
        var answer: @Sendable (WebRequest) async throws -> NetworkMock
    }

    private struct State {
        var routes: [Route] = []
        var requests: [WebRequest] = []
        var unmatched: [UnmatchedRequestError] = []
        var har: HARReplay?
        /// The page's own server (`http://127.0.0.1:PORT/`) and its folder, for the requests that pass.
        var server: (base: String, files: PathResolver)?
    }

    private let state = Mutex(State())

    func add(_ route: Route) { state.withLock { $0.routes.insert(route, at: 0) } }
    func replay(_ har: HARReplay?) { state.withLock { $0.har = har } }
    func serve(base: String, folder: String) {
        guard let files = PathResolver(root: folder) else { return }
        state.withLock { $0.server = (base, files) }
    }
    var requests: [WebRequest] { state.withLock { $0.requests } }

    /// Throws the first request no mock matched since the last call, once.
    func throwUnmatched() throws(UnmatchedRequestError) {
        if let first = state.withLock({ state in defer { state.unmatched.removeAll() }; return state.unmatched.first }) {
            throw first
        }
    }

    /// Answers `request` when a mock or the HAR takes it, or when it must fail; false lets it go out. Runtime thread.
    func intercept(_ request: WebRequest, runtime: JavaScriptRuntime,
                   _ respond: @escaping (Result<LoadedResource, WebLoadError>) -> Void) -> Bool {
        let url = request.url.absoluteString
        let (route, mocked, har, server) = state.withLock { state in
            state.requests.append(request)
            return (state.routes.first { Self.matches($0.pattern, url) }, !state.routes.isEmpty, state.har, state.server)
        }
        if let route {
            let reply = LoopBound(respond, loop: runtime.loop)
            let token = runtime.beginWork()
            Task(executorPreference: runtime.loop) {
                defer { token.end() }
                let result: Result<LoadedResource, WebLoadError>
                do {
                    result = try await route.answer(request).result(for: request)
                } catch {
                    result = .failure(WebLoadError(url: url, message: "network.mock: the answer for \(url) threw \(error)"))
                }
                reply.value(result)
            }
            return true
        }
        if let har, har.answer(request, passThrough: server?.base, respond) { return true }
        guard mocked, !Self.isOwnFile(request, server) else { return false }
        let error = UnmatchedRequestError(method: request.method, url: url)
        state.withLock { $0.unmatched.append(error) }
        respond(.failure(WebLoadError(url: url, message: error.description)))
        return true
    }

    /// A pattern matches the whole URL or its path (with the query): `*` stands for any characters, as in
    /// `network.mock` (shell-style, `fnmatch`).
    static func matches(_ pattern: String, _ url: String) -> Bool {
        fnmatch(pattern, url, 0) == 0 || fnmatch(pattern, HARReplay.pathAndQuery(url), 0) == 0
    }

    private static func isOwnFile(_ request: WebRequest, _ server: (base: String, files: PathResolver)?) -> Bool {
        let url = request.url.absoluteString
        guard let server, ["GET", "HEAD"].contains(request.method.uppercased()), url.hasPrefix(server.base),
              let path = URLComponents(string: url)?.percentEncodedPath else { return false }
        if case .file = server.files.resolve(encodedPath: path) { return true }
        return false
    }
}

/// Puts a page's ``PageNetwork`` in front of its web view's session when its first document is made (the session is
/// the web view's, so it stays for the documents after).
final class PageNetworkHook: DocumentObserver {
    let network: PageNetwork
    let runtime: JavaScriptRuntime

    init(network: PageNetwork, runtime: JavaScriptRuntime) {
        self.network = network
        self.runtime = runtime
    }

    func documentDidCreate(_ document: DocumentHandle) {
        let runtime = runtime
        document.session.interceptor = { [network] request, respond in
            network.intercept(request, runtime: runtime, respond)
        }
    }

    func documentWillClose(_ document: DocumentHandle) {}
}
