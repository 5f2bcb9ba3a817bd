import Foundation
import Testing
import Bridge
import JavaScript
import Navigation

/// The example flow in web/navigation, driven through its routes file as `hybrid run --routes` would.
@MainActor @Suite struct ExampleFlowTests {
    static let routes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("web/navigation/routes.json").path

    @Test func theListOpensTheDetailByURLAndShowsItsResultAndTheCartNotificationReachesTheList() async throws {
        let runtime = JavaScriptRuntime()
        let shell = AppShell()
        let pages = WebPages(shell: shell, runtime: runtime)
        let file = try RoutesFile(contentsOf: Self.routes)
        try pages.install(file)
        var events = shell.events.stream()
        try shell.start(url: try #require(file.start))
        let list = try #require(shell.navigator.visiblePage as? WebPage)
        try await list.loaded()
        _ = await list.webView.runUntilIdle(timeout: nil)
        #expect(try await list.webView.evaluateJavaScript("document.getElementById('badge').textContent") == "0")

        _ = try await list.webView.evaluateJavaScript("openItem(2); true")
        let detailName = try #require(await events.next(.viewDidAppear, of: "WebPage(detail.html)")).page
        weak var weakDetail: WebPage?
        var detailBridge: WebViewJavascriptBridge?
        do {
            let detail = try #require(shell.navigator.visiblePage as? WebPage)
            weakDetail = detail
            detailBridge = detail.bridge
            #expect(detail.bridge.handlerNames == PageCommands.names.sorted())
            try await detail.loaded()
            #expect(try await detail.webView.evaluateJavaScript("document.getElementById('title').textContent")
                    == "Red kettle")
            #expect(try await detail.webView.evaluateJavaScript("document.getElementById('source').textContent")
                    == "list")
            // The detail posts cart.changed; the covered list page observes it (deliveries are never paused).
            _ = try await detail.webView.callAsyncJavaScript("""
                native('store.get', {key: 'cart.count'}).then(function (count) {
                  return native('store.set', {key: 'cart.count', value: (count || 0) + 1}).then(function () {
                    return native('notification.post', {name: 'cart.changed', userInfo: {count: (count || 0) + 1}});
                  });
                })
                """)
            #expect(shell.store.value("cart.count") == 1)
            #expect(try await list.webView.evaluateJavaScript("document.visibilityState") == "hidden")
            _ = try await detail.webView.evaluateJavaScript("choose(); true")
        }
        // The result arrives after the notification: deliveries to one page keep their order.
        #expect(try await list.webView.callAsyncJavaScript("window.lastOpen") == ["id": "2", "name": "Red kettle",
                                                                                    "quantity": 1])
        _ = await events.next(.deinit, of: detailName)
        #expect(weakDetail == nil)
        // Nobody called removeHandler: the page's deallocation removed its handlers.
        #expect(detailBridge?.handlerNames == [])
        #expect(try await list.webView.evaluateJavaScript("document.getElementById('badge').textContent") == "1")
        #expect(try await list.webView.evaluateJavaScript("document.getElementById('picked').textContent")
                == "Red kettle x1")
        shell.shutdown()
        await runtime.shutdown()
    }
}
