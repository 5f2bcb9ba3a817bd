import Testing
import Navigation

/// The exact callback orders UIKit prints (the seed chapter's logs), asserted line by line.
@MainActor @Suite struct LifecycleOrderTests {
    let recorder = LifecycleRecorder()
    let view = LifecycleEvent.viewEvents

    @Test func aPageShownFirstGoesThroughInitLoadViewDidLoadAppearAndLayout() {
        let window = Window()
        window.rootPage = Page(name: "First", observers: [recorder])
        #expect(recorder.lines() == [
            "First.init", "First.loadView", "First.viewDidLoad", "First.viewWillAppear",
            "First.viewWillLayoutSubviews", "First.viewDidLayoutSubviews", "First.viewDidAppear",
        ])
    }

    @Test func theViewIsLoadedLazilyOnceOnFirstAccess() {
        let page = Page(name: "Lazy", observers: [recorder])
        #expect(!page.isViewLoaded)
        #expect(page.viewIfLoaded == nil)
        _ = page.view
        _ = page.view
        page.loadViewIfNeeded()
        #expect(page.isViewLoaded)
        #expect(recorder.lines() == ["Lazy.init", "Lazy.loadView", "Lazy.viewDidLoad"])
    }

    @Test func pushOfSecondOverFirstFollowsUIKitsOrder() {
        let window = Window(observers: [recorder])
        let first = Page(name: "First")
        let stack = NavigationStack(root: first, name: "Stack")
        window.rootPage = stack
        recorder.reset()
        stack.push(Page(name: "Second"))
        #expect(recorder.lines(of: view) == [
            "Second.loadView", "Second.viewDidLoad", "First.viewWillDisappear", "Second.viewWillAppear",
            "Second.viewWillLayoutSubviews", "Second.viewDidLayoutSubviews", "First.viewDidDisappear",
            "Second.viewDidAppear",
        ])
        #expect(stack.topPage?.name == "Second")
        #expect(stack.pages.map(\.name) == ["First", "Second"])
    }

    @Test func pushSurroundsAppearanceWithContainmentCallbacks() {
        let window = Window(observers: [recorder])
        let stack = NavigationStack(root: Page(name: "First"))
        window.rootPage = stack
        recorder.reset()
        stack.push(Page(name: "Second"))
        #expect(recorder.lines(pages: ["Second"]) == [
            "Second.willMoveToParent", "Second.loadView", "Second.viewDidLoad", "Second.viewWillAppear",
            "Second.viewWillLayoutSubviews", "Second.viewDidLayoutSubviews", "Second.viewDidAppear",
            "Second.didMoveToParent",
        ])
    }

    @Test func popOfSecondFollowsUIKitsOrderThenSecondIsDeallocated() {
        let window = Window(observers: [recorder])
        let stack = NavigationStack(root: Page(name: "First"))
        window.rootPage = stack
        stack.push(Page(name: "Second"))
        recorder.reset()
        stack.pop()
        #expect(recorder.lines(of: view.union([.deinit])) == [
            "Second.viewWillDisappear", "First.viewWillAppear", "Second.viewDidDisappear", "First.viewDidAppear",
            "Second.deinit",
        ])
        #expect(recorder.lines(pages: ["Second"]).suffix(2) == ["Second.didMoveToParent", "Second.deinit"])
    }

    @Test func aPoppedPageHeldElsewhereIsNotDeallocatedUntilReleased() {
        let window = Window(observers: [recorder])
        let stack = NavigationStack(root: Page(name: "First"))
        window.rootPage = stack
        var held: Page? = Page(name: "Second")
        weak let weakSecond = held
        stack.push(held!)
        let popped = stack.pop()
        #expect(popped === held)
        #expect(!recorder.lines().contains("Second.deinit"))
        #expect(held?.parent == nil)
        held = nil
        _ = popped
        #expect(weakSecond != nil || recorder.lines().contains("Second.deinit"))
    }

    @Test func popOfTheRootIsRefused() {
        let window = Window()
        let stack = NavigationStack(root: Page(name: "First"))
        window.rootPage = stack
        #expect(stack.pop() == nil)
        #expect(stack.pages.count == 1)
    }

    @Test func popToRootGivesAppearanceOnlyToTheTopAndTheRootAndReleasesEveryPoppedPage() {
        let window = Window(observers: [recorder])
        let stack = NavigationStack(root: Page(name: "A"))
        window.rootPage = stack
        stack.push(Page(name: "B"))
        stack.push(Page(name: "C"))
        stack.push(Page(name: "D"))
        recorder.reset()
        let popped = stack.popToRoot().map(\.name)
        #expect(popped == ["D", "C", "B"])
        #expect(recorder.lines(of: view.union([.deinit])) == [
            "D.viewWillDisappear", "A.viewWillAppear", "D.viewDidDisappear", "A.viewDidAppear",
            "D.deinit", "C.deinit", "B.deinit",
        ])
        #expect(stack.pages.map(\.name) == ["A"])
    }

    @Test func popToAPageInTheMiddle() throws {
        let window = Window(observers: [recorder])
        let b = Page(name: "B")
        let stack = NavigationStack(root: Page(name: "A"))
        window.rootPage = stack
        stack.push(b)
        stack.push(Page(name: "C"))
        recorder.reset()
        let popped = try #require(stack.popTo(b))
        #expect(popped.map(\.name) == ["C"])
        #expect(recorder.lines(of: LifecycleEvent.appearance) == [
            "C.viewWillDisappear", "B.viewWillAppear", "C.viewDidDisappear", "B.viewDidAppear",
        ])
        #expect(stack.popTo(Page(name: "Stranger")) == nil)
    }

    @Test func setPagesSwapsTheTopAndMovesPagesInAndOut() {
        let window = Window(observers: [recorder])
        let stack = NavigationStack(root: Page(name: "A"))
        window.rootPage = stack
        stack.push(Page(name: "B"))
        recorder.reset()
        let x = Page(name: "X"), y = Page(name: "Y")
        stack.setPages([x, y])
        #expect(stack.pages.map(\.name) == ["X", "Y"])
        #expect(recorder.lines(of: LifecycleEvent.appearance.union([.loadView])) == [
            "Y.loadView", "B.viewWillDisappear", "Y.viewWillAppear", "B.viewDidDisappear", "Y.viewDidAppear",
        ])
        #expect(Set(recorder.lines(of: [.deinit])) == ["A.deinit", "B.deinit"])
        #expect(!x.isViewLoaded)
        #expect(x.navigationStack === stack)
    }

    @Test func pushingOntoAStackThatIsNotVisibleGivesNoAppearanceCallbacks() {
        let stack = NavigationStack(root: Page(name: "A"), observers: [recorder])
        stack.push(Page(name: "B"))
        #expect(recorder.lines(of: view) == [])
        let window = Window()
        window.rootPage = stack
        #expect(recorder.lines(of: view, pages: ["A", "B"]) == [
            "B.loadView", "B.viewDidLoad", "B.viewWillAppear", "B.viewWillLayoutSubviews",
            "B.viewDidLayoutSubviews", "B.viewDidAppear",
        ])
    }

    @Test func pushingAPageThatAlreadyHasAParentIsIgnored() {
        let window = Window()
        let a = Page(name: "A")
        let stack = NavigationStack(root: a)
        window.rootPage = stack
        stack.push(a)
        #expect(stack.pages.count == 1)
        let other = NavigationStack(root: Page())
        let b = Page(name: "B")
        other.push(b)
        stack.push(b)
        #expect(stack.pages.count == 1)
    }

    @Test func aReappearingPageIsNotLaidOutAgainUnlessItNeedsLayout() {
        let window = Window(observers: [recorder])
        let stack = NavigationStack(root: Page(name: "First"))
        window.rootPage = stack
        stack.push(Page(name: "Second"))
        stack.pages[0].setNeedsLayout()
        recorder.reset()
        stack.pop()
        #expect(recorder.lines(of: view, pages: ["First"]) == [
            "First.viewWillAppear", "First.viewWillLayoutSubviews", "First.viewDidLayoutSubviews",
            "First.viewDidAppear",
        ])
    }
}

/// Pages leave nothing behind: every pushed and popped page is deallocated.
@MainActor @Suite struct DeallocationTests {
    @Test func fiveHundredPushPopCyclesDeallocateEveryPage() {
        let recorder = LifecycleRecorder()
        let window = Window(observers: [recorder])
        let stack = NavigationStack(root: Page(name: "Root"))
        window.rootPage = stack
        for index in 0..<500 {
            stack.push(Page(name: "P\(index)"))
            stack.pop()
        }
        let entries = recorder.entries
        #expect(entries.filter { $0.event == .deinit }.count == 500)
        #expect(entries.filter { $0.event == .viewDidAppear && $0.page == "Root" }.count == 501)
        #expect(stack.pages.count == 1)
    }

    @Test func aDismissedStackAndEveryPageInItAreDeallocated() throws {
        let recorder = LifecycleRecorder()
        let window = Window(observers: [recorder])
        let root = Page(name: "Root")
        window.rootPage = root
        let modal = NavigationStack(root: Page(name: "M1"), name: "Modal")
        modal.push(Page(name: "M2"))
        try root.present(modal)
        // The test gives up its own reference: only the presentation holds the stack now.
        weak let weakModal = modal
        _ = consume modal
        root.dismiss()
        #expect(weakModal == nil)
        #expect(Set(recorder.lines(of: [.deinit])) == ["Modal.deinit", "M1.deinit", "M2.deinit"])
    }
}
