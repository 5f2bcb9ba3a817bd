import Foundation
import JavaScript
import Navigation
import WebView

extension ProbeScenario {
    /// A web page (HeadlessWebView, DOM, bridge, timers, a built-in handler call) pushed on a stack, shown,
    /// covered by nothing, popped and released; its web view is closed before the next cycle.
    static let webPagePushPop = ProbeScenario(
        name: "webpage-push-pop",
        summary: "push a web page with a bridge call and timers onto a stack, pop it, release it"
    ) {
        try await WebPageCycle.run()
    }
}

/// One shell, runtime and page folder for every cycle of the process.
@MainActor
enum WebPageCycle {
    static var environment: (shell: AppShell, pages: WebPages, page: URL)?

    static func run() async throws {
        let (shell, pages, pageURL) = try prepare()
        weak var weakPage: WebPage?
        let webView: HeadlessWebView
        do {
            let page = pages.page(pageURL, match: nil)
            weakPage = page
            webView = page.webView
            try shell.navigator.push(page)
            try await page.loaded()
            let answer = try await webView.callAsyncJavaScript("ping()")
            guard answer == "pong" else { throw ScenarioError(description: "unexpected answer \(answer)") }
            shell.navigator.pop()
        }
        guard weakPage == nil else { throw ScenarioError(description: "the popped page was not released") }
        // The page's deinit closes its web view in a task; closing again waits for it to be done.
        await webView.close()
        await collectGarbage(pages.runtime)
    }

    /// A full collection, so the figures show what is still referenced rather than when the collector ran.
    static func collectGarbage(_ runtime: JavaScriptRuntime) async {
        await runtime.perform { runtime in runtime.virtualMachine.collectGarbage(in: runtime.context) }
    }

    private static func prepare() throws -> (AppShell, WebPages, URL) {
        if let environment { return environment }
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("webpage-push-pop-\(getpid())", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let pageURL = folder.appendingPathComponent("page.html")
        try """
            <!DOCTYPE html><html><body><ul id="list"></ul>
            <script>
            for (var i = 0; i < 50; i++) {
              var li = document.createElement('li'); li.textContent = 'item ' + i;
              document.getElementById('list').appendChild(li);
            }
            setInterval(function () {}, 1000);
            setTimeout(function () {}, 60000);
            // The bridge comes as on the phone: when the page asks for it (the usual snippet).
            var bridgeReady = new Promise(function (resolve) {
              window.WVJBCallbacks = [resolve];
              var frame = document.createElement('iframe');
              frame.style.display = 'none';
              frame.src = 'https://__bridge_loaded__';
              document.documentElement.appendChild(frame);
              setTimeout(function () { document.documentElement.removeChild(frame); }, 0);
            });
            function ping() {
              return bridgeReady.then(function (bridge) {
                return new Promise(function (resolve) {
                  bridge.callHandler('store.set', {key: 'probe', value: 'pong'}, function () {
                    bridge.callHandler('store.get', {key: 'probe'}, resolve);
                  });
                });
              });
            }
            </script></body></html>
            """.write(to: pageURL, atomically: true, encoding: .utf8)
        let runtime = JavaScriptRuntime()
        let shell = AppShell()
        try shell.start(root: Page(name: "Root"))
        let prepared = (shell, WebPages(shell: shell, runtime: runtime), pageURL)
        environment = prepared
        return prepared
    }
}
