import Foundation
import Testing
import JavaScript
import Navigation
import TestSupport

/// A folder of pages for one test, removed at the end.
struct PageFolder {
    let url: URL

    init(_ files: [String: String]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("nav-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: url.appendingPathComponent(name), atomically: true, encoding: .utf8) }
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }
    func remove() { try? FileManager.default.removeItem(at: url) }
}

let bridgeSetup = """
<script>
\(bridgeSetupFunction)
function native(name, data) {
  return new Promise(function (resolve) {
    setupWebViewJavascriptBridge(function (bridge) { bridge.callHandler(name, data, resolve); });
  });
}
</script>
"""

extension EventStream<ShellEvent> {
    /// Waits for the lifecycle event `event` of the page named `page`.
    mutating func next(_ event: LifecycleEvent, of page: String) async -> LifecycleEntry? {
        var iterator = makeAsyncIterator()
        while let next = await iterator.next() {
            if case .page(let entry) = next, entry.event == event, entry.page == page { return entry }
        }
        return nil
    }
}

@MainActor @Suite struct WebPageTests {
    @Test func aWebPageOpensAnotherWebPageByURLAndReceivesItsResultThroughTheBridge() async throws {
        let folder = try PageFolder([
            "list.html": bridgeSetup + """
                <script>
                window.openDetail = function () {
                  return native('router.open', {url: 'app://detail/7?sort=new', context: {from: 'list'}});
                };
                </script>
                """,
            "detail.html": bridgeSetup + """
                <script>
                window.routeAtFirstScript = JSON.stringify(window.hybridRoute);
                window.choose = function () { native('page.finish', {result: {picked: window.hybridRoute.params.id}}); };
                </script>
                """,
            "routes.json": """
                {"start": "app://list", "routes": [{"pattern": "/list", "page": "list.html"},
                                                   {"pattern": "/detail/:id", "page": "detail.html"}]}
                """,
        ])
        defer { folder.remove() }
        let runtime = JavaScriptRuntime()
        let shell = AppShell()
        let pages = WebPages(shell: shell, runtime: runtime)
        try pages.install(RoutesFile(contentsOf: folder.file("routes.json").path))
        var events = shell.events.stream()
        try shell.start(url: "app://list")
        let list = try #require(shell.navigator.visiblePage as? WebPage)
        try await list.loaded()
        _ = try await list.webView.evaluateJavaScript("window.pending = openDetail(); true")
        let detailName = try #require(await events.next(.viewDidAppear, of: "WebPage(detail.html)")).page
        weak var weakDetail: WebPage?
        do {
            let detail = try #require(shell.navigator.visiblePage as? WebPage)
            weakDetail = detail
            #expect(detail.name == detailName)
            try await detail.loaded()
            let route = try await detail.webView.evaluateJavaScript("JSON.parse(window.routeAtFirstScript)")
            #expect(route["params"] == ["id": "7"])
            #expect(route["query"] == ["sort": "new"])
            #expect(route["pattern"] == "/detail/:id")
            #expect(route["context"] == ["from": "list"])
            #expect(await detail.webView.url?.query == "sort=new")
            _ = try await detail.webView.evaluateJavaScript("choose(); true")
        }
        let result = try await list.webView.callAsyncJavaScript("window.pending")
        #expect(result == ["picked": "7"])
        // The detail page was popped and released: its web view is closed and its handlers are gone.
        _ = await events.next(.deinit, of: detailName)
        #expect(weakDetail == nil)
        shell.shutdown()
        await runtime.shutdown()
    }

    @Test func aCoveredWebPagesTimersArePausedAndItsVisibilityIsHidden() async throws {
        let folder = try PageFolder(["ticker.html": """
            <script>
            window.ticks = 0;
            window.visibility = [];
            setInterval(function () { window.ticks++; }, 100);
            document.addEventListener('visibilitychange', function () { visibility.push(document.visibilityState); });
            </script>
            """])
        defer { folder.remove() }
        let runtime = JavaScriptRuntime(configuration: .init(clock: .virtual()))
        let shell = AppShell()
        let pages = WebPages(shell: shell, runtime: runtime)
        let ticker = pages.page(folder.file("ticker.html"), match: nil)
        try shell.start(root: ticker)
        try await ticker.loaded()
        _ = try await ticker.webView.evaluateJavaScript("visibility = []; ticks = 0")
        #expect(try await ticker.webView.evaluateJavaScript("document.visibilityState") == "visible")
        await runtime.advance(by: .milliseconds(350))
        #expect(try await ticker.webView.evaluateJavaScript("ticks") == 3)
        try shell.navigator.push(Page(name: "Cover"))
        await ticker.visibilityApplied()
        #expect(try await ticker.webView.evaluateJavaScript("document.visibilityState") == "hidden")
        await runtime.advance(by: .seconds(2))
        #expect(try await ticker.webView.evaluateJavaScript("ticks") == 3)
        shell.navigator.pop()
        await ticker.visibilityApplied()
        // The overdue interval fires once, not once per missed period.
        await runtime.advance(by: .milliseconds(1))
        #expect(try await ticker.webView.evaluateJavaScript("ticks") == 4)
        #expect(try await ticker.webView.evaluateJavaScript("visibility") == ["hidden", "visible"])
        shell.shutdown()
        await runtime.shutdown()
    }
}

@MainActor @Suite struct WebPageAppStateTests {
    @Test func theBackgroundHidesAVisibleWebPageAndTheForegroundShowsItAgain() async throws {
        let folder = try PageFolder(["page.html": "<script>window.states = [];"
            + "document.addEventListener('visibilitychange', function () { states.push(document.visibilityState); });"
            + "</script>"])
        defer { folder.remove() }
        let runtime = JavaScriptRuntime()
        let shell = AppShell()
        let page = WebPages(shell: shell, runtime: runtime).page(folder.file("page.html"), match: nil)
        try shell.start(root: page)
        try await page.loaded()
        _ = try await page.webView.evaluateJavaScript("states = []")
        try shell.application.enterBackground()
        await page.visibilityApplied()
        #expect(try await page.webView.evaluateJavaScript("document.visibilityState") == "hidden")
        try shell.application.enterForeground()
        await page.visibilityApplied()
        #expect(try await page.webView.evaluateJavaScript("states") == ["hidden", "visible"])
        #expect(try await page.webView.evaluateJavaScript("document.visibilityState") == "visible")
        shell.shutdown()
        await runtime.shutdown()
    }

    @Test func aWebPageThatCannotLoadReportsTheErrorAndTheAppKeepsWorking() async throws {
        let runtime = JavaScriptRuntime()
        let shell = AppShell()
        try shell.start(root: Page(name: "Root"))
        let pages = WebPages(shell: shell, runtime: runtime)
        pages.installFallback()
        let handle = try shell.navigator.open("file:///nonexistent/nowhere.html")
        let page = try #require(handle.page as? WebPage)
        await #expect(throws: (any Error).self) { try await page.loaded() }
        #expect(throws: NavigationError.noRoute("mailto:x@y")) { try shell.navigator.open("mailto:x@y") }
        shell.navigator.pop()
        #expect(try await handle.result == nil)
        shell.shutdown()
        await runtime.shutdown()
    }
}

@MainActor @Suite struct WebPageTimerOrderTests {
    @Test func onAppearOverdueTimersFireOnceEachInDeadlineOrder() async throws {
        let folder = try PageFolder(["timers.html": """
            <script>
            window.fired = [];
            window.arm = function () {
              setTimeout(function () { fired.push('late'); }, 300);
              setTimeout(function () { fired.push('early'); }, 100);
              setInterval(function () { fired.push('every50'); }, 50);
            };
            </script>
            """])
        defer { folder.remove() }
        let runtime = JavaScriptRuntime(configuration: .init(clock: .virtual()))
        let shell = AppShell()
        let page = WebPages(shell: shell, runtime: runtime).page(folder.file("timers.html"), match: nil)
        try shell.start(root: page)
        try await page.loaded()
        try shell.navigator.push(Page(name: "Cover"))
        await page.visibilityApplied()
        _ = try await page.webView.evaluateJavaScript("arm(); true")
        await runtime.advance(by: .seconds(5))
        #expect(try await page.webView.evaluateJavaScript("fired") == [])
        shell.navigator.pop()
        await page.visibilityApplied()
        await runtime.advance(by: .milliseconds(1))
        #expect(try await page.webView.evaluateJavaScript("fired") == ["every50", "early", "late"])
        shell.shutdown()
        await runtime.shutdown()
    }
}
