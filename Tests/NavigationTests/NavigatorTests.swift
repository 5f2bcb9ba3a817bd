import Testing
import JavaScript
import Navigation
import HybridRouting

/// A native page opened by URL: its parameters are assigned in init, so viewDidLoad sees them.
final class UserPage: Page, RoutablePage {
    let userID: Int?
    let tab: String?
    let draft: String?
    var userIDAtViewDidLoad: Int?

    init(match: RouteMatch, context: (any Sendable)?) {
        userID = match.value("id")
        tab = match["tab"]
        draft = context as? String
        super.init(name: "User")
    }

    override func viewDidLoad() {
        userIDAtViewDidLoad = userID
    }
}

struct Choice: Codable, Sendable, Equatable {
    var color: String
    var count: Int
}

final class PickerPage: Page, RoutablePage {
    init(match: RouteMatch, context: (any Sendable)?) { super.init(name: "Picker") }
}

@MainActor final class ResultCollector: PageResultDelegate {
    var results: [String] = []
    func pageDidFinish(_ handle: PageHandle, result: (any Sendable)?) {
        results.append("\(handle.pageName):\(result.map { "\($0)" } ?? "nil")")
    }
}

@MainActor @Suite struct NavigatorTests {
    let recorder = LifecycleRecorder()
    let window: Window
    let navigator: Navigator
    let stack: NavigationStack

    init() throws {
        window = Window(observers: [recorder])
        stack = NavigationStack(root: Page(name: "Home"))
        window.rootPage = stack
        navigator = Navigator(window: window)
        try navigator.register("/user/<int:id>", page: UserPage.self)
        try navigator.register("/picker", page: PickerPage.self)
        try navigator.register("/modal/picker", page: PickerPage.self, show: .present())
    }

    @Test func openBuildsTheRoutablePageWithParametersAndContextBeforeViewDidLoad() throws {
        let handle = try navigator.open("app://user/42?tab=posts", context: "draft text")
        let page = try #require(handle.page as? UserPage)
        #expect(page.userIDAtViewDidLoad == 42)
        #expect(page.tab == "posts")
        #expect(page.draft == "draft text")
        #expect(page.url == "app://user/42?tab=posts")
        #expect(stack.topPage === page)
        #expect(recorder.entries.first { $0.page == "User" && $0.event == .viewDidLoad }?.url
                == "app://user/42?tab=posts")
    }

    @Test func unknownOrInvalidURLsThrowAndChangeNothing() {
        #expect(throws: NavigationError.noRoute("app://nowhere")) { try navigator.open("app://nowhere") }
        #expect(throws: NavigationError.noRoute("app://user/not-a-number")) {
            try navigator.open("app://user/not-a-number")
        }
        #expect(throws: NavigationError.self) { try navigator.open("%%% not a url") }
        #expect(stack.pages.count == 1)
    }

    @Test func aHandlerReturningNilFallsThroughToTheNextRouteThenToTheFallback() throws {
        try navigator.register("/item/:id", priority: 10) { match in
            match["id"] == "special" ? RouteDestination(page: Page(name: "Special")) : nil
        }
        try navigator.register("/item/:id") { _ in RouteDestination(page: Page(name: "Item")) }
        #expect(try navigator.open("app://item/special").page?.name == "Special")
        #expect(try navigator.open("app://item/7").page?.name == "Item")
        navigator.fallback = { url, _ in url.hasPrefix("https:") ? RouteDestination(page: Page(name: "Web")) : nil }
        #expect(try navigator.open("https://example.com/x").page?.name == "Web")
        #expect(throws: NavigationError.noRoute("ftp://x")) { try navigator.open("ftp://x") }
    }

    @Test func finishDeliversTheResultToAnAwaitingOpenerAndPopsThePage() async throws {
        let handle = try navigator.open("app://picker")
        weak let picker = handle.page
        Task { @MainActor in picker?.finish("blue") }
        let result = try await handle.result
        #expect(result as? String == "blue")
        #expect(stack.pages.count == 1)
        #expect(recorder.lines(pages: ["Picker"]).last == "Picker.deinit")
    }

    @Test func popWithoutAResultDeliversNilInsteadOfHanging() async throws {
        let handle = try navigator.push(Page(name: "Plain"))
        navigator.pop()
        let result = try await handle.result
        #expect(result == nil)
        #expect(handle.isFinished)
    }

    @Test func closureAndDelegateVariantsGetTheResultOnce() throws {
        let collector = ResultCollector()
        let handle = try navigator.open("app://picker")
        handle.delegate = collector
        var closureResults: [String] = []
        handle.onResult { closureResults.append(($0 as? String) ?? "nil") }
        handle.page?.finish("red")
        #expect(closureResults == ["red"])
        #expect(collector.results == ["Picker:red"])
        // After the result arrived, a late closure gets it at once.
        handle.onResult { closureResults.append(($0 as? String) ?? "nil") }
        #expect(closureResults == ["red", "red"])
    }

    @Test func typedResultsThroughCodableFromASwiftValueOrFromJSON() async throws {
        let native = try navigator.open("app://picker")
        native.page?.finish(Choice(color: "green", count: 2))
        #expect(try await native.result(as: Choice.self) == Choice(color: "green", count: 2))

        let fromJS = try navigator.open("app://picker")
        fromJS.page?.finish(JSONValue.object(["color": "red", "count": 3]))
        #expect(try await fromJS.result(as: Choice.self) == Choice(color: "red", count: 3))

        let wrong = try navigator.open("app://picker")
        wrong.page?.finish(JSONValue.string("not a choice"))
        await #expect(throws: NavigationError.self) { try await wrong.result(as: Choice.self) }

        let none = try navigator.open("app://picker")
        none.page?.finish()
        #expect(try await none.result(as: Choice.self) == nil)
    }

    @Test func aPresentedRouteFinishesByDismissingItsStack() async throws {
        let handle = try navigator.open("app://modal/picker")
        let picker = try #require(handle.page)
        #expect(picker.presentingPage === stack)
        #expect(navigator.visiblePage === picker)
        // The presented stack can push: the pushed page reports the same presenter.
        let detail = try navigator.push(Page(name: "Detail"))
        #expect(detail.page?.presentingPage === stack)
        detail.page?.finish(1)
        #expect(navigator.visiblePage === picker)
        picker.finish(["color": "blue"])
        #expect(stack.presentedPage == nil)
        let result = try await handle.result as? [String: String]
        #expect(result == ["color": "blue"])
    }

    @Test func dismissingAPresentedStackDeliversNilToEveryOpenedPageInIt() async throws {
        let modal = try navigator.open("app://modal/picker")
        let pushed = try navigator.open("app://picker")
        #expect(navigator.dismiss())
        #expect(try await modal.result == nil)
        #expect(try await pushed.result == nil)
        #expect(!navigator.dismiss())
    }

    @Test func aCancelledWaitThrowsCancellationAndTheResultStillArrivesLater() async throws {
        let handle = try navigator.open("app://picker")
        let waiter = Task { @MainActor in try await handle.result }
        await Task.yield()
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        handle.page?.finish("late")
        #expect(try await handle.result as? String == "late")
    }

    @Test func finishTwiceDeliversTheFirstResultOnly() async throws {
        let handle = try navigator.open("app://picker")
        let page = try #require(handle.page)
        page.finish("first")
        page.finish("second")
        #expect(try await handle.result as? String == "first")
    }

    @Test func pushWithoutAVisibleStackThrows() throws {
        let bare = Navigator(window: Window())
        #expect(throws: NavigationError.noRootPage) { try bare.present(Page()) }
        bare.window.rootPage = Page(name: "NoStack")
        #expect(throws: NavigationError.noNavigationStack) { try bare.push(Page()) }
        #expect(throws: NavigationError.noTabContainer) { try bare.showTab(Page()) }
    }

    @Test func tabRoutesSelectTheTabShowingTheURLOrAddOne() throws {
        let window = Window()
        let home = Page(name: "HomeTab")
        home.url = "app://tab/home"
        let tabs = TabContainer(pages: [home])
        window.rootPage = tabs
        let navigator = Navigator(window: window)
        try navigator.register("/tab/:name") { match in
            RouteDestination(page: Page(name: "Tab-" + (match["name"] ?? "")), show: .tab)
        }
        try navigator.open("app://tab/search")
        #expect(tabs.pages.map(\.name) == ["HomeTab", "Tab-search"])
        #expect(tabs.selectedIndex == 1)
        let again = try navigator.open("app://tab/home")
        #expect(again.page === home)
        #expect(tabs.selectedIndex == 0)
        try navigator.open("app://tab/search")
        #expect(tabs.pages.count == 2)
        #expect(tabs.selectedIndex == 1)
    }
}

/// A page that finishes as soon as its view loads (a validation page with nothing to ask, say).
final class ImmediatePage: Page {
    override func viewDidLoad() { finish("at once") }
}

@MainActor @Suite struct ReentrancyTests {
    @Test func aPageFinishingInViewDidLoadIsPoppedAfterItsPushCompletes() async throws {
        let recorder = LifecycleRecorder()
        let window = Window(observers: [recorder])
        let stack = NavigationStack(root: Page(name: "First"))
        window.rootPage = stack
        let navigator = Navigator(window: window)
        let handle = try navigator.push(ImmediatePage(name: "Immediate"))
        #expect(try await handle.result as? String == "at once")
        #expect(stack.pages.map(\.name) == ["First"])
        #expect(stack.pages[0].appearanceState == .appeared)
        #expect(recorder.lines(of: LifecycleEvent.appearance.union([.deinit]), pages: ["Immediate"]) == [
            "Immediate.viewWillAppear", "Immediate.viewDidAppear", "Immediate.viewWillDisappear",
            "Immediate.viewDidDisappear", "Immediate.deinit",
        ])
    }
}
