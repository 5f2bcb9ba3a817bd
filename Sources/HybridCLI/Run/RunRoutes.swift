import Foundation
import Hybrid

/// `--routes FILE`: the routes file (Navigation's ``RoutesFile``) and the native ``AppShell`` that
/// opens its `start` URL. Page lifecycle callbacks and app states become `page` and `app` events.
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

    /// Starts the app shell on the main actor: installs the routes, launches the app and opens
    /// `start` (the page the run loads when given no PAGE), whose web page gets Navigation's built-in
    /// bridge handlers (``PageCommands``). Returns the app (kept until the end of the run) and the
    /// start route's page URL.
    @MainActor
    func launch(webView: HeadlessWebView, bridge: WebViewJavascriptBridge, report: RunReport,
                openStart: Bool) -> Result<(RunApp, URL?), RunInputError> {
        do {
            let (shell, url) = try start(webView: webView, report: report, openStart: openStart)
            return .success((RunApp(shell: shell, bridge: bridge), url))
        } catch {
            return .failure(error)
        }
    }

    @MainActor
    private func start(webView: HeadlessWebView, report: RunReport, openStart: Bool) throws(RunInputError) -> (AppShell, URL?) {
        let shell = AppShell(router: Router(options: file.options))
        shell.onEvent { [weak webView] event in
            var fields = JSONObject()
            // `page` is the web page id on every transcript line; the lifecycle page's name is `name`.
            for (key, value) in event.fields { fields[key == "page" ? "name" : key] = value }
            webView?.emit(WebViewEvent(page: report.currentPage, kind: .custom(kind: event.kind, fields: fields)))
        }
        let opened = OpenedPage()
        do {
            try file.install(on: shell.navigator) { entry, _, url in
                opened.url = opened.url ?? url
                return Page(name: entry.page ?? entry.pattern)
            }
        } catch {
            throw RunInputError("--routes: \(error.description)")
        }
        guard openStart else { return (shell, nil) }
        guard let start = file.start else { throw RunInputError("--routes: no PAGE given and the routes file has no \"start\" URL") }
        do {
            try shell.start(url: start)
        } catch {
            throw RunInputError("--routes: cannot open the start URL \(start): \(error)")
        }
        guard let url = opened.url else { throw RunInputError("--routes: the route of \(start) has no \"page\"") }
        return (shell, url)
    }
}

/// The page URL the start route built (main actor only).
@MainActor
private final class OpenedPage {
    var url: URL?
}
