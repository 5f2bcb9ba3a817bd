import Foundation
import Hybrid

/// The FixtureServer `hybrid run` starts for a local page: it serves the page's folder (or the routes
/// file's folder) on a free loopback port, with `--api-mocks`, and reports each request as an `http`
/// event (`method`, `path`, `status`, `bytes`, `ms`) on the web view's event stream.
struct RunServer: Sendable {
    let server: FixtureServer
    let root: URL
    let baseURL: URL

    /// Starts serving `root` on `webView`'s runtime thread.
    static func start(root: URL, apiMocks: String?, webView: HeadlessWebView, report: RunReport) async throws(RunInputError) -> RunServer {
        try await start(root: root, apiMocks: apiMocks, runtime: webView.runtime) { [weak webView] fields in
            webView?.events.emit(WebViewEvent(page: report.currentPage, kind: .custom(kind: "http", fields: fields)))
        }
    }

    /// Starts serving `root` on `runtime`'s thread; `request` gets each request's `http` event fields.
    static func start(root: URL, apiMocks: String?, runtime: JavaScriptRuntime,
                      request: @escaping @Sendable (JSONObject) -> Void) async throws(RunInputError) -> RunServer {
        let server = FixtureServer(root: root.path, host: "127.0.0.1", port: 0, runtime: runtime)
        var options = FixtureServer.Options()
        options.apiMocks = apiMocks
        server.accessLog.observe { entry in
            let fields: JSONObject = [
                "method": .string(entry.method), "path": .string(entry.path), "status": .number(Double(entry.status)),
                "bytes": .number(Double(entry.bytes)), "ms": .number((entry.milliseconds * 1000).rounded() / 1000),
            ]
            request(fields)
        }
        server.options = options
        do {
            let base = try await server.start()
            guard let baseURL = URL(string: base) else { throw RunInputError("the fixture server gave a bad URL \(base)") }
            return RunServer(server: server, root: root.standardizedFileURL, baseURL: baseURL)
        } catch let error as RunInputError {
            throw error
        } catch {
            throw RunInputError("cannot serve \(root.path): \(error)")
        }
    }

    /// The served URL of a local file under the root (query and fragment kept); other URLs unchanged.
    func served(_ url: URL) -> URL {
        guard url.isFileURL else { return url }
        let path = url.standardizedFileURL.path
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        guard path.hasPrefix(rootPath) else { return url }
        let relative = String(path.dropFirst(rootPath.count))
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)
        components?.path = "/" + relative
        components?.query = url.query
        components?.fragment = url.fragment
        return components?.url ?? url
    }

    /// The local file a served URL is (the inverse of ``served(_:)``, query and fragment dropped); nil for URLs
    /// this server does not serve from its root.
    func file(for url: String) -> String? {
        let base = baseURL.absoluteString.hasSuffix("/") ? baseURL.absoluteString : baseURL.absoluteString + "/"
        guard url.hasPrefix(base) else { return nil }
        var relative = String(url.dropFirst(base.count))
        if let cut = relative.firstIndex(where: { $0 == "?" || $0 == "#" }) { relative = String(relative[..<cut]) }
        relative = relative.removingPercentEncoding ?? relative
        guard !relative.isEmpty, !relative.split(separator: "/").contains("..") else { return nil }
        return root.appendingPathComponent(relative).path
    }

    func stop() async {
        await server.stop()
    }
}
