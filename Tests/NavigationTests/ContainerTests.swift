import Testing
import Navigation

/// Tabs, child pages and transitions that complete or are cancelled.
@MainActor @Suite struct ContainerTests {
    let recorder = LifecycleRecorder()

    @Test func selectingATabFiresDisappearAndAppearOnTheTwoTabs() {
        let window = Window(observers: [recorder])
        let tabs = TabContainer(pages: [Page(name: "Home"), Page(name: "Profile")], name: "Tabs")
        window.rootPage = tabs
        #expect(recorder.lines(of: LifecycleEvent.viewEvents, pages: ["Home", "Profile"]) == [
            "Home.loadView", "Home.viewDidLoad", "Home.viewWillAppear", "Home.viewWillLayoutSubviews",
            "Home.viewDidLayoutSubviews", "Home.viewDidAppear",
        ])
        recorder.reset()
        #expect(tabs.select(1))
        #expect(recorder.lines(of: LifecycleEvent.viewEvents) == [
            "Profile.loadView", "Profile.viewDidLoad", "Home.viewWillDisappear", "Profile.viewWillAppear",
            "Profile.viewWillLayoutSubviews", "Profile.viewDidLayoutSubviews", "Home.viewDidDisappear",
            "Profile.viewDidAppear",
        ])
        recorder.reset()
        tabs.select(0)
        #expect(recorder.lines(of: LifecycleEvent.viewEvents) == [
            "Profile.viewWillDisappear", "Home.viewWillAppear", "Profile.viewDidDisappear", "Home.viewDidAppear",
        ])
        #expect(tabs.selectedPage?.name == "Home")
    }

    @Test func selectingTheSelectedTabOrAnIndexOutOfRange() {
        let window = Window(observers: [recorder])
        let tabs = TabContainer(pages: [Page(name: "Home")])
        window.rootPage = tabs
        recorder.reset()
        #expect(tabs.select(0))
        #expect(!tabs.select(7))
        #expect(!tabs.select(-1))
        #expect(recorder.lines() == [])
    }

    @Test func tabsHoldingStacksForwardAppearanceToTheStacksTopPages() {
        let window = Window(observers: [recorder])
        let feed = NavigationStack(root: Page(name: "Feed"))
        let settings = NavigationStack(root: Page(name: "Settings"))
        let tabs = TabContainer(pages: [feed, settings])
        window.rootPage = tabs
        feed.push(Page(name: "Post"))
        recorder.reset()
        tabs.select(1)
        #expect(recorder.lines(of: LifecycleEvent.appearance, pages: ["Post", "Settings", "Feed"]) == [
            "Post.viewWillDisappear", "Settings.viewWillAppear", "Post.viewDidDisappear", "Settings.viewDidAppear",
        ])
    }

    @Test func addingAChildToAVisiblePageFollowsUIKitsContainmentOrder() {
        let window = Window(observers: [recorder])
        let parent = Page(name: "Parent")
        window.rootPage = parent
        recorder.reset()
        let child = Page(name: "Child")
        parent.addChild(child)
        #expect(recorder.lines() == [
            "Child.willMoveToParent", "Child.loadView", "Child.viewDidLoad", "Child.viewWillAppear",
            "Child.viewWillLayoutSubviews", "Child.viewDidLayoutSubviews", "Child.viewDidAppear",
            "Child.didMoveToParent",
        ])
        #expect(child.parent === parent)
        recorder.reset()
        child.removeFromParent()
        #expect(recorder.lines() == [
            "Child.willMoveToParent", "Child.viewWillDisappear", "Child.viewDidDisappear", "Child.didMoveToParent",
        ])
        #expect(child.parent == nil)
        #expect(parent.children.isEmpty)
    }

    @Test func childrenAppearAndDisappearWithTheirParent() {
        let window = Window(observers: [recorder])
        let parent = Page(name: "Parent")
        let child = Page(name: "Child")
        parent.addChild(child)
        #expect(recorder.lines() == [])  // the recorder was not given to these pages before they were shown
        let stack = NavigationStack(root: parent)
        window.rootPage = stack
        #expect(recorder.lines(of: LifecycleEvent.appearance) == [
            "NavigationStack.viewWillAppear", "Parent.viewWillAppear", "Child.viewWillAppear",
            "NavigationStack.viewDidAppear", "Parent.viewDidAppear", "Child.viewDidAppear",
        ])
        recorder.reset()
        stack.push(Page(name: "Next"))
        #expect(recorder.lines(of: [.viewWillDisappear, .viewDidDisappear]) == [
            "Parent.viewWillDisappear", "Child.viewWillDisappear", "Parent.viewDidDisappear",
            "Child.viewDidDisappear",
        ])
    }

    @Test func aChildAlreadyInAContainerIsNotAddedAgain() {
        let parent = Page(name: "Parent"), other = Page(name: "Other"), child = Page(name: "Child")
        parent.addChild(child)
        other.addChild(child)
        parent.addChild(parent)
        #expect(other.children.isEmpty)
        #expect(parent.children.count == 1)
        other.removeChild(child)
        #expect(child.parent === parent)
    }

    @Test func aCancelledInteractivePopRestoresAppearanceAndThePage() throws {
        let window = Window(observers: [recorder])
        let stack = NavigationStack(root: Page(name: "First"))
        window.rootPage = stack
        let second = Page(name: "Second")
        stack.push(second)
        recorder.reset()
        let transition = try #require(stack.beginPop())
        #expect(transition.state == .running)
        #expect(stack.topPage?.name == "First")
        var finished: Bool?
        transition.onFinish { finished = $0 }
        transition.cancel()
        transition.complete()  // ignored: already finished
        #expect(finished == false)
        #expect(recorder.lines(of: LifecycleEvent.appearance) == [
            "Second.viewWillDisappear", "First.viewWillAppear",
            "First.viewWillDisappear", "First.viewDidDisappear", "Second.viewWillAppear", "Second.viewDidAppear",
        ])
        #expect(stack.topPage === second)
        #expect(second.parent === stack)
    }

    @Test func aCompletedInteractivePopEndsLikeAPop() throws {
        let window = Window(observers: [recorder])
        let stack = NavigationStack(root: Page(name: "First"))
        window.rootPage = stack
        stack.push(Page(name: "Second"))
        recorder.reset()
        let transition = try #require(stack.beginPop())
        #expect(recorder.lines(of: LifecycleEvent.appearance) == ["Second.viewWillDisappear", "First.viewWillAppear"])
        var finished: Bool?
        transition.onFinish { finished = $0 }
        transition.complete()
        #expect(finished == true)
        #expect(recorder.lines(of: LifecycleEvent.appearance.union([.deinit])) == [
            "Second.viewWillDisappear", "First.viewWillAppear", "Second.viewDidDisappear", "First.viewDidAppear",
            "Second.deinit",
        ])
    }

    @Test func aCancelledPushTakesThePageOffAgain() throws {
        let window = Window(observers: [recorder])
        let stack = NavigationStack(root: Page(name: "First"))
        window.rootPage = stack
        recorder.reset()
        let transition = try #require(stack.beginPush(Page(name: "Second")))
        #expect(stack.pages.count == 2)
        transition.cancel()
        #expect(stack.pages.map(\.name) == ["First"])
        #expect(recorder.lines(of: LifecycleEvent.appearance.union([.deinit])) == [
            "First.viewWillDisappear", "Second.viewWillAppear",
            "Second.viewWillDisappear", "Second.viewDidDisappear", "First.viewWillAppear", "First.viewDidAppear",
            "Second.deinit",
        ])
    }

    @Test func aNewOperationCompletesTheRunningTransitionFirst() throws {
        let window = Window(observers: [recorder])
        let stack = NavigationStack(root: Page(name: "First"))
        window.rootPage = stack
        let transition = try #require(stack.beginPush(Page(name: "Second")))
        stack.push(Page(name: "Third"))
        #expect(transition.state == .completed)
        #expect(stack.pages.map(\.name) == ["First", "Second", "Third"])
    }

    @Test func aCancelledTabSelectionGoesBackToThePreviousTab() throws {
        let window = Window(observers: [recorder])
        let tabs = TabContainer(pages: [Page(name: "Home"), Page(name: "Profile")])
        window.rootPage = tabs
        let transition = try #require(tabs.beginSelect(1))
        transition.cancel()
        #expect(tabs.selectedIndex == 0)
        #expect(tabs.selectedPage?.appearanceState == .appeared)
        #expect(tabs.pages[1].appearanceState == .disappeared)
    }

    @Test func replacingTheWindowsRootAndHidingTheWindow() {
        let window = Window(observers: [recorder])
        window.rootPage = Page(name: "Old")
        recorder.reset()
        window.rootPage = Page(name: "New")
        #expect(recorder.lines(of: LifecycleEvent.appearance.union([.deinit])) == [
            "Old.viewWillDisappear", "New.viewWillAppear", "Old.viewDidDisappear", "New.viewDidAppear", "Old.deinit",
        ])
        recorder.reset()
        window.hide()
        window.makeVisible()
        #expect(recorder.lines() == [
            "New.viewWillDisappear", "New.viewDidDisappear", "New.viewWillAppear", "New.viewDidAppear",
        ])
    }
}
