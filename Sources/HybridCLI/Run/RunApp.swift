import Foundation
import Hybrid

/// The app of a `--routes` run: the shell, its web pages, the page the phases act on.
@MainActor
final class RunApp {
    let shell: AppShell
    let pages: WebPages
    /// The first web page (the start page or PAGE).
    private(set) var root: WebPage?
    /// Every web view the app made, closed at the end (pages close theirs when deallocated, too).
    private var webViews: [HeadlessWebView] = []

    init(shell: AppShell, pages: WebPages) {
        self.shell = shell
        self.pages = pages
    }

    func adopt(_ page: WebPage) {
        if root == nil { root = page }
        webViews.append(page.webView)
    }

    /// The visible web page's web view and bridge (the root when none is visible), once its load
    /// finished (a page opened by the previous step loads as part of that step).
    func target() async -> RunTarget? {
        guard let page = shell.navigator.visiblePage as? WebPage ?? root else { return nil }
        try? await page.loaded()
        return RunTarget(webView: page.webView, bridge: page.bridge)
    }

    /// Terminates the app and closes every web view it made.
    func shutdown() async {
        shell.shutdown()
        root = nil
        let views = webViews
        webViews = []
        for view in views { await view.close() }
    }
}
