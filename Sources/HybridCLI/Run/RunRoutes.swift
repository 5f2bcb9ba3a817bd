import Foundation
import Hybrid

/// `--routes FILE`: the routes file (Navigation's ``RoutesFile``) opened in a native ``AppShell`` whose
/// routes build ``WebPage``s (``WebPages``): the `start` URL (or PAGE) is the root page, and a page
/// opening another by URL (`router.open`, ...) gets a web page of its own. Page lifecycle callbacks
/// and app states become `page` and `app` events.
struct RunRoutes: Sendable {
    let file: RoutesFile
    /// The routes file's folder: the fixture root that serves every page of the flow.
    let folder: URL

    /// Reads `path`; an unreadable or malformed file is a one-line input error.
    static func load(_ path: String) throws(RunInputError) -> RunRoutes {
        do {
            let file = try RoutesFile(contentsOf: path)
            return RunRoutes(file: file, folder: URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL)
        } catch {
            throw RunInputError("--routes \(path): \(error.description)")
        }
    }

    /// Starts the app on the main actor. `baseURL` (the fixture server's) replaces the routes file's
    /// folder for relative pages; `page` (PAGE, already served) is the root instead of `start`;
    /// `prepare` sees every web page before it loads (events, mocks). `events` carries `page`/`app` events.
    @MainActor
    func launch(runtime: JavaScriptRuntime, events eventView: HeadlessWebView, report: RunReport, baseURL: URL?, page: URL?,
                prepare: @escaping @MainActor (WebPage) -> Void) -> Result<RunApp, RunInputError> {
        var file = self.file
        if let baseURL { file.baseURL = baseURL }
        let shell = AppShell(router: URLRouter(options: file.options))
        shell.events.observe { [weak eventView] event in
            var fields = JSONObject()
            // `page` is the web page id on every transcript line; the lifecycle page's name is `name`.
            for (key, value) in event.fields { fields[key == "page" ? "name" : key] = value }
            eventView?.events.emit(WebViewEvent(page: report.currentPage, kind: .custom(kind: event.kind, fields: fields)))
        }
        let pages = WebPages(shell: shell, runtime: runtime)
        let app = RunApp(shell: shell, pages: pages)
        let build: @MainActor (URL, RouteMatch?, (any Sendable)?) -> WebPage = { url, match, context in
            let webPage = pages.page(url, match: match, context: context)
            app.adopt(webPage)
            prepare(webPage)
            return webPage
        }
        do {
            try file.install(on: shell.navigator) { entry, match, pageURL in
                guard let pageURL else { throw PageCommandError(code: "no_page", message: "route '\(entry.pattern)' has no page") }
                return build(pageURL, match, match.context)
            }
        } catch {
            return .failure(RunInputError("--routes: \(error.description)"))
        }
        shell.navigator.fallback = { url, context in
            guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
                  ["http", "https", "file"].contains(scheme) else { return nil }
            return RouteDestination(page: build(parsed, nil, context))
        }
        do {
            if let page {
                try shell.start(root: build(page, nil, nil))
            } else {
                guard let start = file.start else { return .failure(RunInputError("--routes: no PAGE given and the routes file has no \"start\" URL")) }
                try shell.start(url: start)
            }
        } catch {
            return .failure(RunInputError("--routes: cannot open \(page?.absoluteString ?? file.start ?? ""): \(error)"))
        }
        guard app.root != nil else { return .failure(RunInputError("--routes: the start page is not a web page")) }
        return .success(app)
    }
}
