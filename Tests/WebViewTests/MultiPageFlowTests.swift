import Foundation
import JavaScript
import Synchronization
import Testing
import TestSupport
@testable import WebView

/// A multi-page H5 flow across documents: a list rendered by Vue 2 (Debian's `libjs-vue`, which `scripts/bootstrap`
/// installs), a tap that opens the detail page (`detail.html?id=3`), which asks a bridge handler for its item, and its
/// back button (`history.back()`). The pages are Tests/Fixtures/MultiPage. Every asserted value was observed on
/// WebKitGTK 2.50 with the same steps (`hybrid run --engine webkit` and `hybrid conform` on that folder with
/// `vue.js` copied in, `--message-handler openItem --message-handler analytics` and a mock answering openItem):
/// WebKit restores the list from its back-forward cache where the headless engine loads it afresh and the page
/// restores itself from `sessionStorage`; both end in the same state.
@Suite struct MultiPageFlowTests {
    static let pages = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/MultiPage")
    static let vue = "/usr/share/javascript/vue/vue.min.js"

    /// Serves the two pages and Vue, and answers the analytics beacons with 204.
    static func makeServer() async throws -> LoopbackServer {
        try #require(FileManager.default.fileExists(atPath: vue), "\(vue) is missing: run scripts/bootstrap")
        let library = try Array(Data(contentsOf: URL(fileURLWithPath: vue)))
        let files = try Dictionary(uniqueKeysWithValues: ["list.html", "detail.html"].map {
            ("/" + $0, try Array(Data(contentsOf: pages.appendingPathComponent($0))))
        })
        return try await LoopbackServer { request in
            if request.path == "/beacon" { return TestResponse(status: 204) }
            if request.path == "/vue.js" { return TestResponse(contentType: "text/javascript", body: library) }
            guard let page = files[request.path] else { return .text("not found", status: 404) }
            return TestResponse(contentType: "text/html; charset=utf-8", body: page)
        }
    }

    @Test func aListOpensADetailPageAndComesBackWhereItWas() async throws {
        let server = try await Self.makeServer()
        let (webView, log) = makeWebView()
        let opened = Mutex<[JSONValue]>([]), analytics = Mutex<[JSONValue]>([])
        webView.userContentController.addWithReply(name: "openItem") { message in
            opened.withLock { $0.append(message.body) }
            return ["name": message.body == ["id": 3] ? "Plum" : "Kiwi"]
        }
        webView.userContentController.add(name: "analytics") { message in analytics.withLock { $0.append(message.body) } }
        let beacons = {
            server.requests.filter { $0.path == "/beacon" }.map { "\($0.method) \($0.headers["content-type"] ?? "-") \($0.text)" }
        }

        try await webView.load(server.url("list.html"))
        // history.length | page | scrollY | the selected item | referrer's last path component
        #expect(try await webView.evaluateJavaScript("scrollTo(0, 450); listState()") == "1 | list.html | 450 | none | ")

        try await webView.settle(after: "document.getElementById('item-3').click()")
        #expect(await webView.url == server.url("detail.html?id=3"))
        // navigation type | history.length | page | title from the bridge's answer | referrer | what the list logged
        // while it was left (pagehide, then hidden, as WebKit orders them)
        #expect(try await webView.evaluateJavaScript("detailState()") == .string(
            "navigate | 2 | detail.html?id=3 | Plum #3 | list.html | pagehide persisted=true beacon=true;visibilitychange hidden;"))
        #expect(opened.withLock { $0 } == [["id": 3]])
        #expect(analytics.withLock { $0 } == [["event": "hidden", "page": "list", "selected": 3]])
        #expect(beacons() == ["POST text/plain;charset=UTF-8 left list 3"])

        try await webView.settle(after: "document.getElementById('back').click()")
        #expect(await webView.url == server.url("list.html"))
        #expect(try await webView.evaluateJavaScript("listState()") == "2 | list.html | 450 | item-3 Plum | ")
        #expect(await webView.canGoForward)
        // Shown again, the list sends nothing more; the detail page has no handlers of its own.
        #expect(analytics.withLock { $0.count } == 1)
        #expect(beacons().count == 1)
        #expect(log.exceptions.isEmpty)
        #expect(log.milestones.filter { $0 == .load }.count == 3)

        // And again, from the restored list: the next item opens with its own id.
        try await webView.settle(after: "document.getElementById('item-5').click()")
        #expect(try await webView.evaluateJavaScript("detailState()") == .string(
            "navigate | 2 | detail.html?id=5 | Kiwi #5 | list.html | pagehide persisted=true beacon=true;visibilitychange hidden;"
            + "pagehide persisted=true beacon=true;visibilitychange hidden;"))
        #expect(opened.withLock { $0 } == [["id": 3], ["id": 5]])
        #expect(analytics.withLock { $0 }.last == ["event": "hidden", "page": "list", "selected": 5])
        #expect(beacons() == ["POST text/plain;charset=UTF-8 left list 3", "POST text/plain;charset=UTF-8 left list 5"])
        await webView.close()
        await server.stop()
    }
}
