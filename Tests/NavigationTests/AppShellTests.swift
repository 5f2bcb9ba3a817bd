import Foundation
import Testing
import JavaScript
import Navigation
import HybridRouting

/// The API `hybrid run --routes` builds on: routes files, the shell's event stream, window.hybridRoute.
@MainActor @Suite struct AppShellTests {
    @Test func theEventStreamReportsAppStatesAndPageLifecycleWithURLs() async throws {
        let shell = AppShell()
        try shell.navigator.register("/list") { _ in RouteDestination(page: Page(name: "List")) }
        try shell.navigator.register("/item/:id") { _ in RouteDestination(page: Page(name: "Item")) }
        let events = shell.events.stream()
        try shell.start(url: "app://list")
        try shell.navigator.open("app://item/7")
        shell.navigator.pop()
        try shell.application.enterBackground()
        shell.shutdown()
        var lines: [String] = []
        for await event in events {
            switch event {
            case .page(let entry) where LifecycleEvent.appearance.union([.deinit]).contains(entry.event)
                && entry.page != "NavigationStack":
                lines.append("\(entry) \(entry.url ?? "-")")
            case .app(let state, let event):
                lines.append("app \(event) \(state.rawValue)")
            default:
                break
            }
        }
        #expect(lines == [
            "app willFinishLaunching inactive", "app didFinishLaunching inactive", "app didBecomeActive active",
            "List.viewWillAppear app://list", "List.viewDidAppear app://list",
            "List.viewWillDisappear app://list", "Item.viewWillAppear app://item/7",
            "List.viewDidDisappear app://list", "Item.viewDidAppear app://item/7",
            "Item.viewWillDisappear app://item/7", "List.viewWillAppear app://list",
            "Item.viewDidDisappear app://item/7", "List.viewDidAppear app://list", "Item.deinit app://item/7",
            "app willResignActive inactive", "app didEnterBackground background",
            "app willTerminate notRunning",
            "List.viewWillDisappear app://list", "List.viewDidDisappear app://list", "List.deinit app://list",
        ])
    }

    @Test func startWithAnUnknownURLThrowsAndLaunchesNothing() {
        let shell = AppShell()
        #expect(throws: NavigationError.noRoute("app://nowhere")) { try shell.start(url: "app://nowhere") }
        #expect(shell.application.state == .notRunning)
    }

    @Test func aRoutesFileParsesPagesShowModesAndStart() throws {
        let file = try RoutesFile(json: """
            {"start": "app://list",
             "routes": [{"pattern": "/list", "page": "list.html"},
                        {"pattern": "/item/:id", "page": "pages/detail.html", "show": "present", "priority": 2},
                        {"pattern": "/docs", "page": "https://example.com/docs?x=1", "show": "tab"},
                        {"pattern": "/native", "scheme": "app"}],
             "fallbackToGlobal": ["app"], "caseInsensitivePaths": true}
            """, baseURL: URL(fileURLWithPath: "/srv/flow/", isDirectory: true))
        #expect(file.start == "app://list")
        #expect(file.routes.map(\.showMode) == [.push, .present(), .tab, .push])
        #expect(file.pageURL(of: file.routes[0])?.absoluteString == "file:///srv/flow/list.html")
        #expect(file.pageURL(of: file.routes[1])?.absoluteString == "file:///srv/flow/pages/detail.html")
        #expect(file.pageURL(of: file.routes[2])?.absoluteString == "https://example.com/docs?x=1")
        #expect(file.pageURL(of: file.routes[3]) == nil)
        #expect(file.options.caseInsensitivePaths)
        let router = try file.makeRouter()
        #expect(router.match("app://ITEM/3")?.parameters == ["id": "3"])
    }

    @Test func malformedRoutesFilesGiveClearErrors() {
        #expect(throws: RoutesFileError.self) { try RoutesFile(json: "{not json") }
        #expect(throws: RoutesFileError(message: "route '/a': unknown show 'slide' (use push, present or tab)")) {
            try RoutesFile(json: #"{"routes":[{"pattern":"/a","show":"slide"}]}"#)
        }
        #expect(throws: RoutesFileError.self) { try RoutesFile(json: #"{"routes":[{"page":"x.html"}]}"#) }
        #expect(throws: RoutesFileError.self) { try RoutesFile(json: #"{"routes":"nope"}"#) }
        #expect(throws: RoutesFileError.self) { try RoutesFile(contentsOf: "/nonexistent/routes.json") }
        let badPattern = try? RoutesFile(json: #"{"routes":[{"pattern":"/a/*/b"}]}"#)
        #expect(throws: RoutesFileError.self) { try badPattern?.makeRouter() }
        #expect(throws: RoutesFileError.self) {
            try badPattern?.install(on: Navigator(window: Window())) { _, _, _ in Page() }
        }
    }

    @Test func installedRoutesBuildPagesWithTheirPageURLAndShowMode() throws {
        let file = try RoutesFile(json: """
            {"routes": [{"pattern": "/list", "page": "list.html"},
                        {"pattern": "/item/:id", "page": "detail.html", "show": "present"}]}
            """, baseURL: URL(fileURLWithPath: "/srv/", isDirectory: true))
        let shell = AppShell()
        var built: [String] = []
        try file.install(on: shell.navigator) { entry, match, pageURL in
            let url = HybridRoute.pageURL(pageURL!, appendingQueryOf: match.url)
            built.append(url.absoluteString)
            return Page(name: entry.pattern)
        }
        try shell.start(url: "app://list")
        let item = try shell.navigator.open("app://item/9?tab=a&tab=b#top")
        #expect(built == ["file:///srv/list.html", "file:///srv/detail.html?tab=a&tab=b"])
        #expect(item.page?.presentingPage != nil)
    }

    @Test func hybridRouteCarriesURLPatternParamsQueryAndContextAsJSON() throws {
        let router = URLRouter()
        try router.register("/item/:id")
        let match = try #require(router.match("app://item/9?tab=a&tab=b&sort=new", context: ["from": "list"] as JSONValue))
        let route = HybridRoute(match: match)
        #expect(route.json.jsonString == """
            {"url":"app://item/9?tab=a&tab=b&sort=new","pattern":"/item/:id","params":{"id":"9"},\
            "query":{"sort":"new","tab":["a","b"]},"context":{"from":"list"}}
            """)
        #expect(HybridRoute(url: "file:///x.html").json["pattern"] == .null)
        #expect(HybridRoute.pageURL(URL(string: "http://h/p.html?a=1#f")!, appendingQueryOf: "app://x?b=2").absoluteString
                == "http://h/p.html?a=1&b=2#f")
        #expect(HybridRoute.pageURL(URL(string: "http://h/p.html")!, appendingQueryOf: "app://x").absoluteString
                == "http://h/p.html")
    }
}

@Suite struct ShellEventTests {
    @Test func transcriptKindsAndFields() {
        let page = ShellEvent.page(LifecycleEntry(pageID: 3, page: "List", event: .viewDidAppear, url: "app://list"))
        #expect(page.kind == "page")
        #expect(JSONValue.object(page.fields).jsonString == #"{"event":"viewDidAppear","page":"List","url":"app://list"}"#)
        let bare = ShellEvent.page(LifecycleEntry(pageID: 4, page: "Root", event: .deinit))
        #expect(bare.fields["url"] == .null)
        let app = ShellEvent.app(state: .background, event: "didEnterBackground")
        #expect(app.kind == "app")
        #expect(JSONValue.object(app.fields).jsonString == #"{"state":"background","event":"didEnterBackground"}"#)
        #expect("\(app)" == "app background (didEnterBackground)")
    }
}
