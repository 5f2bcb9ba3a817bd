import Testing
import Navigation

@MainActor final class DelegateLog: HybridApplicationDelegate {
    var calls: [String] = []
    func applicationWillFinishLaunching(_ application: HybridApplication) { calls.append("willFinishLaunching") }
    func applicationDidFinishLaunching(_ application: HybridApplication) { calls.append("didFinishLaunching") }
    func applicationDidBecomeActive(_ application: HybridApplication) { calls.append("didBecomeActive") }
    func applicationWillResignActive(_ application: HybridApplication) { calls.append("willResignActive") }
    func applicationDidEnterBackground(_ application: HybridApplication) { calls.append("didEnterBackground") }
    func applicationWillEnterForeground(_ application: HybridApplication) { calls.append("willEnterForeground") }
    func applicationWillTerminate(_ application: HybridApplication) { calls.append("willTerminate") }
}

/// The app delegate's documented sequences (the seed's key scenarios) and the states between them.
@MainActor @Suite struct HybridApplicationTests {
    let log = DelegateLog()

    func makeApp() -> HybridApplication {
        let app = HybridApplication()
        app.delegate = log
        return app
    }

    @Test func coldStartFinishesLaunchingThenBecomesActive() throws {
        let app = makeApp()
        #expect(app.state == .notRunning)
        try app.launch()
        #expect(log.calls == ["willFinishLaunching", "didFinishLaunching", "didBecomeActive"])
        #expect(app.state == .active)
    }

    @Test func homeResignsActiveThenEntersBackgroundAndReturnEntersForegroundThenBecomesActive() throws {
        let app = makeApp()
        try app.launch()
        log.calls = []
        try app.enterBackground()
        #expect(log.calls == ["willResignActive", "didEnterBackground"])
        #expect(app.state == .background)
        try app.suspend()
        #expect(app.state == .suspended)
        log.calls = []
        try app.enterForeground()
        #expect(log.calls == ["willEnterForeground", "didBecomeActive"])
        #expect(app.state == .active)
    }

    @Test func anInterruptionResignsActiveAndItsEndBecomesActive() throws {
        let app = makeApp()
        try app.launch()
        log.calls = []
        try app.resignActive()
        #expect(app.state == .inactive)
        try app.becomeActive()
        #expect(log.calls == ["willResignActive", "didBecomeActive"])
    }

    @Test func terminationCallsWillTerminateExceptWhenSuspended() throws {
        let app = makeApp()
        try app.launch()
        log.calls = []
        try app.terminate()
        #expect(log.calls == ["willTerminate"])
        #expect(app.state == .notRunning)
        try app.launch()
        try app.enterBackground()
        try app.suspend()
        log.calls = []
        try app.terminate()
        #expect(log.calls == [])
        #expect(app.state == .notRunning)
    }

    @Test func transitionsTheStateDoesNotAllowThrowAndChangeNothing() throws {
        let app = makeApp()
        #expect(throws: HybridApplicationError(state: .notRunning, request: "enterForeground")) {
            try app.enterForeground()
        }
        #expect(throws: HybridApplicationError.self) { try app.terminate() }
        try app.launch()
        #expect(throws: HybridApplicationError(state: .active, request: "launch")) { try app.launch() }
        #expect(throws: HybridApplicationError.self) { try app.becomeActive() }
        #expect(throws: HybridApplicationError.self) { try app.suspend() }
        #expect(app.state == .active)
        #expect(log.calls == ["willFinishLaunching", "didFinishLaunching", "didBecomeActive"])
        #expect("\(HybridApplicationError(state: .active, request: "launch"))" == "cannot launch while the app is active")
    }

    @Test func pagesObserveTheAppThroughNotificationsWithTheNewState() throws {
        let app = makeApp()
        var seen: [String] = []
        let page = Page(name: "Observer")
        app.notifications.observe(nil, owner: page) { _, note in
            seen.append("\(note.name)=\(note.userInfo["state"] as? String ?? "?")")
        }
        try app.launch()
        try app.enterBackground()
        try app.enterForeground()
        #expect(seen == [
            "app.willFinishLaunching=inactive", "app.didFinishLaunching=inactive", "app.didBecomeActive=active",
            "app.willResignActive=inactive", "app.didEnterBackground=background",
            "app.willEnterForeground=inactive", "app.didBecomeActive=active",
        ])
    }
}
