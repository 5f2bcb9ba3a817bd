import Bridge
import Foundation
import JavaScript
import Synchronization
import TestSupport
import Testing
import WebKitEngine
import WebView

/// The same pages, handlers and bridge on both engines, through ``WebViewEngine``. The WebKit half runs when
/// WebKitGTK is installed (CI installs it with `scripts/bootstrap --webkit`); elsewhere it is skipped with the reason.
@Suite(.enabled(if: WebKitWebView.unavailableReason == nil,
                Comment(rawValue: WebKitWebView.unavailableReason ?? "")))
struct WebViewEngineTests {
    /// Runs `body` on a fresh web view of each engine and returns what it returned, headless first.
    static func onBothEngines<T: Sendable>(_ body: (any WebViewEngine) async throws -> T) async throws -> [T] {
        let runtime = JavaScriptRuntime()
        let headless = HeadlessWebView(runtime: runtime)
        let first = try await body(headless)
        await headless.close()
        let webkit = try await WebKitWebView.start(WebKitWebViewTests.generous())
        do {
            let second = try await body(webkit)
            await webkit.close()
            return [first, second]
        } catch {
            await webkit.close()
            throw error
        }
    }

    static let bridgePages = WebKitWebViewTests.packageRoot.appendingPathComponent("web/bridge")

    /// The values a handler received, in order, awaitable.
    final class Received: Sendable {
        private let state = Mutex<(values: [JSONValue], waiters: [(Int, CheckedContinuation<Void, Never>)])>(([], []))
        func add(_ value: JSONValue) {
            let ready = state.withLock { state in
                state.values.append(value)
                let count = state.values.count
                let ready = state.waiters.filter { $0.0 <= count }.map(\.1)
                state.waiters.removeAll { $0.0 <= count }
                return ready
            }
            ready.forEach { $0.resume() }
        }
        func values(count: Int) async -> [JSONValue] {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state in
                    if state.values.count >= count { return true }
                    state.waiters.append((count, continuation))
                    return false
                }
                if now { continuation.resume() }
            }
            return state.withLock { $0.values }
        }
    }

    @Test func theEchoPageAnswersTheSameHandlersTheSameWayOnBothEngines() async throws {
        let results = try await Self.onBothEngines { view -> [JSONValue?] in
            let bridge = try await WebViewJavascriptBridge(engine: view)
            let greeted = Received()
            bridge.registerHandler("Greet") { data, respond in
                greeted.add(data ?? .null)
                respond(nil)
            }
            bridge.registerHandler("objcEchoToJs") { data, respond in respond(data) }
            try await view.load(Self.bridgePages.appendingPathComponent("echo.html"))
            let greeting = await greeted.values(count: 1)
            let echoed = try await bridge.call("echoHandler", ["n": 1, "s": "é\u{2028}", "a": [true, nil]])
            let roundTrip = try await bridge.call("jsRcvResponseTest")
            return [greeting.first, echoed, roundTrip]
        }
        #expect(results[0] == [["greeting": "Hello from the echo page"], ["n": 1, "s": "é\u{2028}", "a": [true, nil]],
                               "Response from JS"])
        #expect(results[1] == results[0])
    }

    @Test func theDemoPageCallsNativeAndIsCalledWithItsAlertAnsweredOnBothEngines() async throws {
        let results = try await Self.onBothEngines { view -> [JSONValue?] in
            let dialogs = Received()
            try await view.setDialogHandler { dialog in
                dialogs.add(.string("\(dialog.type.rawValue): \(dialog.message)"))
                return .ok
            }
            let bridge = try await WebViewJavascriptBridge(engine: view)
            bridge.registerHandler("scanClick") { data, respond in respond(["scanned": data ?? .null]) }
            try await view.load(WebKitWebViewTests.packageRoot.appendingPathComponent("web/index.html"))
            let answer = try await bridge.call("testJavaScriptFunction", ["from": "Swift"])
            _ = try await view.value(of: "scanClick()")
            let alerts = await dialogs.values(count: 2)
            let shown = try await view.value(of: "document.getElementById('returnValue').value")
            return [answer, .array(alerts), shown]
        }
        #expect(results[0] == [["data": ["from": "Swift"], "from": "JS"],
                               ["alert: JS was called by native", "alert: JS called native scanClick"],
                               #"{"scanned":{"data":"scan data from JS"}}"#])
        #expect(results[1] == results[0])
    }

    /// The seed tutorial's page (`wvjbscheme://__BRIDGE_LOADED__`, and a `registerHanlder` typo that ends the setup
    /// loop): on both engines the second setup callback never runs, so `changeBGColor` is not there.
    @Test func theSeedPagesTypoLeavesChangeBGColorUnregisteredOnBothEngines() async throws {
        let results = try await Self.onBothEngines { view -> [String] in
            let bridge = try await WebViewJavascriptBridge(engine: view)
            try await view.load(Self.bridgePages.appendingPathComponent("seed.html"))
            do {
                _ = try await bridge.call("changeBGColor", "orange")
                return ["answered"]
            } catch let error as BridgeError {
                let color = try await view.value(of: "document.body.style.backgroundColor")
                return [error.code, color?.stringValue ?? "?"]
            }
        }
        #expect(results[0] == [BridgeError.handlerNotFound, ""])
        #expect(results[1] == results[0])
    }

    /// The app's navigation pages (web/navigation) with Swift handlers in the part the Navigation module plays on
    /// the headless engine (`router.open`, `notification.observe`, `page.finish`, `window.hybridRoute`): the list
    /// opens an item and shows the result, takes a notification, and the detail page reads its route and finishes
    /// with its item, the same way on both engines.
    @Test func theNavigationPagesTalkToTheirNativeRouterTheSameWayOnBothEngines() async throws {
        let pages = WebKitWebViewTests.packageRoot.appendingPathComponent("web/navigation")
        let results = try await Self.onBothEngines { view -> [JSONValue?] in
            let bridge = try await WebViewJavascriptBridge(engine: view)
            let asked = Received()
            bridge.registerHandler("notification.observe") { data, respond in
                asked.add(["observe": data ?? .null])
                respond(nil)
            }
            bridge.registerHandler("router.open") { data, respond in
                asked.add(["open": data ?? .null])
                respond(["name": "Blue mug", "quantity": 2])
            }
            bridge.registerHandler("page.finish") { data, respond in
                asked.add(["finish": data ?? .null])
                respond(nil)
            }
            try await view.load(pages.appendingPathComponent("list.html"))
            _ = await asked.values(count: 1)
            let result = try await view.awaitedValue(of: "document.getElementById('item-1').click(), window.lastOpen")
            _ = try await view.value(of: """
                window.badgeChanged = new Promise(function (resolve) {
                  var badge = document.getElementById('badge');
                  new MutationObserver(function () { resolve(badge.textContent); })
                    .observe(badge, {childList: true, characterData: true, subtree: true});
                }), 0
                """)
            bridge.callHandler("notification.received", data: ["name": "cart.changed", "userInfo": ["count": 3]])
            let badge = try await view.awaitedValue(of: "window.badgeChanged")
            let picked = try await view.value(of: "document.getElementById('picked').textContent")

            let route = #"{"url":"app://item/2?from=list","pattern":"/item/:id","params":{"id":"2"},"query":{"from":"list"},"context":{"source":"list"}}"#
            try await view.addUserScript(UserScript(source: "window.hybridRoute = \(route);", injectionTime: .atDocumentStart),
                                         forMainFrameOnly: true)
            try await view.load(pages.appendingPathComponent("detail.html"))
            let shown = try await view.value(of: "['title', 'source', 'query'].map(function (id) { return document.getElementById(id).textContent; })")
            _ = try await view.value(of: "document.getElementById('choose').click(), 0")
            let asks = await asked.values(count: 3)
            return [.array(asks), result, badge, picked, shown]
        }
        #expect(results[0] == [[["observe": ["name": "cart.changed"]],
                                ["open": ["url": "app://item/1?from=list", "context": ["source": "list"]]],
                                ["finish": ["result": ["id": "2", "name": "Red kettle", "quantity": 1]]]],
                               ["name": "Blue mug", "quantity": 2], "3", "Blue mug x2",
                               ["Red kettle", "list", #"{"from":"list"}"#]])
        #expect(results[1] == results[0])
    }

    @Test func errorsTravelBothWaysTheSameOnBothEngines() async throws {
        let results = try await Self.onBothEngines { view -> [String] in
            let bridge = try await WebViewJavascriptBridge(engine: view)
            bridge.handle("refuses") { _, responder in responder.fail(BridgeError(code: "denied", message: "not now")) }
            try await view.loadHTMLString("""
                <script>
                window.WVJBCallbacks = [function (bridge) {
                  bridge.registerHandler('fails', function () { throw new Error('boom'); });
                  window.askNative = bridge.call('refuses', 1).then(function () { return 'resolved'; },
                    function (e) { return e.code + ': ' + e.message; });
                }];
                var f = document.createElement('iframe'); f.src = 'https://__bridge_loaded__';
                document.documentElement.appendChild(f);
                </script>
                """, baseURL: URL(string: "https://example.test/"))
            var fromPage = "not thrown"
            do { _ = try await bridge.call("fails") } catch let error as BridgeError { fromPage = error.code }
            var missing = "not thrown"
            do { _ = try await bridge.call("absent") } catch let error as BridgeError { missing = error.code }
            let fromNative = try await view.awaitedValue(of: "window.askNative")?.stringValue ?? "?"
            return [fromPage, missing, fromNative]
        }
        #expect(results[0] == [BridgeError.handlerFailed, BridgeError.handlerNotFound, "denied: not now"])
        #expect(results[1] == results[0])
    }

    @Test func aCallPendingWhenTheWebProcessEndsFailsWithPageGone() async throws {
        let view = try await WebKitWebView.start(WebKitWebViewTests.generous())
        let bridge = try await WebViewJavascriptBridge(engine: view)
        let ready = Received()
        bridge.registerHandler("ready") { data, _ in ready.add(data ?? .null) }
        try await view.loadHTMLString("""
            <script>
            window.WVJBCallbacks = [function (bridge) {
              bridge.registerHandler('never', function (data, respond) { bridge.callHandler('ready', 2); });
              bridge.callHandler('ready', 1);
            }];
            var f = document.createElement('iframe'); f.src = 'https://__bridge_loaded__';
            document.documentElement.appendChild(f);
            </script>
            """, baseURL: URL(string: "https://example.test/"))
        _ = await ready.values(count: 1)
        let pending = Task { try await bridge.call("never") }
        // The call has reached the page's handler, which never answers.
        _ = await ready.values(count: 2)
        try await view.terminateWebProcess()
        let error = await #expect(throws: BridgeError.self) { try await pending.value }
        #expect(error?.code == BridgeError.pageGone)
        await view.close()
    }

    @Test func messageHandlersWithAndWithoutReplyUserScriptsAndStorageOnBothEngines() async throws {
        let results = try await Self.onBothEngines { view -> [JSONValue?] in
            let posted = Received()
            try await view.addScriptMessageHandler(name: "log") { message in posted.add(message.body) }
            try await view.addScriptMessageHandlerWithReply(name: "sum") { message in
                guard let numbers = message.body.arrayValue?.compactMap(\.doubleValue) else {
                    throw BridgeError(code: "bad", message: "not numbers")
                }
                return .number(numbers.reduce(0, +))
            }
            try await view.addUserScript(UserScript(source: "window.startedEarly = typeof document.body;",
                                                    injectionTime: .atDocumentStart), forMainFrameOnly: true)
            try await view.loadHTMLString("<body><p>x</p></body>", baseURL: URL(string: "https://example.test/"))
            let early = try await view.value(of: "window.startedEarly")
            let plain = try await view.value(of: "typeof window.webkit.messageHandlers.log.postMessage({a: [1, 'b']})")
            let logged = await posted.values(count: 1)
            let sum = try await view.awaitedValue(of: "window.webkit.messageHandlers.sum.postMessage([1, 2, 3.5])")
            let rejected = try await view.awaitedValue(of: """
                window.webkit.messageHandlers.sum.postMessage('x').then(function () { return 'resolved' },
                  function (e) { return e instanceof Error ? 'rejected' : typeof e })
                """)
            try await view.setLocalStorageItem("k", "v")
            let stored = try await view.localStorageItem("k")
            return [early, logged.first, sum, rejected, stored.map(JSONValue.string), plain]
        }
        #expect(results[0] == ["object", ["a": [1, "b"]], 6.5, "rejected", "v", "undefined"])
        // WebKit's postMessage returns a promise (resolved with undefined) for a handler without reply too; the
        // headless web view's returns undefined, as WebKit did before replies existed.
        #expect(results[1] == ["object", ["a": [1, "b"]], 6.5, "rejected", "v", "object"])
    }

    @Test func dialogsAreAnsweredByTheSwiftHandlerOnBothEngines() async throws {
        let results = try await Self.onBothEngines { view -> JSONValue? in
            try await view.setDialogHandler { dialog in
                switch dialog.type {
                case .confirm: dialog.message == "yes?" ? .ok : .cancel
                case .prompt: dialog.defaultText == "d" ? .text("typed " + dialog.message) : .cancel
                case .alert: .ok
                }
            }
            try await view.loadHTMLString("<p>x</p>", baseURL: URL(string: "https://example.test/"))
            return try await view.value(of: "[alert('a'), confirm('yes?'), confirm('no?'), prompt('p', 'd'), prompt('q')]")
        }
        #expect(results[0] == [nil, true, false, "typed p", nil])
        #expect(results[1] == results[0])
    }

    @Test func cookiesAreReadAndSetOnTheWebKitEngine() async throws {
        let view = try await WebKitWebView.start(WebKitWebViewTests.generous())
        try await view.loadHTMLString("<p>x</p>", baseURL: URL(string: "https://example.test/"))
        try await view.setCookie("a=1; path=/")
        try await view.setCookie("b=two; path=/")
        #expect(try await view.cookieString() == "a=1; b=two")
        await view.close()
    }

    @Test func theHeadlessEngineSaysWhatItCannotDo() async throws {
        let view = HeadlessWebView(runtime: JavaScriptRuntime()) as any WebViewEngine
        let snapshot = await #expect(throws: WebViewEngineUnsupportedError.self) { try await view.takeSnapshot() }
        #expect(snapshot?.description == "takeSnapshot() is not supported by the headless engine")
        await #expect(throws: WebViewEngineUnsupportedError.self) {
            try await view.addUserScript(UserScript(source: "1", injectionTime: .atDocumentEnd), forMainFrameOnly: false)
        }
        await view.close()
    }
}
