import Testing
import Navigation

/// Modal presentation with Apple's presentingViewController/presentedViewController semantics.
@MainActor @Suite struct PresentationTests {
    let recorder = LifecycleRecorder()

    @Test func presentAndDismissFullScreenFollowUIKitsModalOrder() throws {
        let window = Window(observers: [recorder])
        let a = Page(name: "A")
        window.rootPage = a
        recorder.reset()
        try a.present(Page(name: "B"))
        #expect(recorder.lines(of: LifecycleEvent.viewEvents) == [
            "B.loadView", "B.viewDidLoad", "A.viewWillDisappear", "B.viewWillAppear", "B.viewWillLayoutSubviews",
            "B.viewDidLayoutSubviews", "B.viewDidAppear", "A.viewDidDisappear",
        ])
        recorder.reset()
        a.dismiss()
        #expect(recorder.lines(of: LifecycleEvent.viewEvents.union([.deinit])) == [
            "B.viewWillDisappear", "A.viewWillAppear", "A.viewDidAppear", "B.viewDidDisappear", "B.deinit",
        ])
        #expect(a.presentedPage == nil)
    }

    @Test func overFullScreenLeavesThePresenterVisible() throws {
        let window = Window(observers: [recorder])
        let a = Page(name: "A")
        window.rootPage = a
        recorder.reset()
        let sheet = Page(name: "Sheet")
        sheet.modalPresentationStyle = .overFullScreen
        try a.present(sheet)
        #expect(recorder.lines(of: LifecycleEvent.appearance) == ["Sheet.viewWillAppear", "Sheet.viewDidAppear"])
        #expect(a.appearanceState == .appeared)
        sheet.dismiss()
        #expect(recorder.lines(of: LifecycleEvent.appearance).suffix(2) == [
            "Sheet.viewWillDisappear", "Sheet.viewDidDisappear",
        ])
    }

    @Test func presentingAndPresentedFollowApplesSemantics() throws {
        let window = Window()
        let first = Page(name: "First")
        let stack = NavigationStack(root: first)
        window.rootPage = stack
        let modalRoot = Page(name: "ModalRoot")
        let modalStack = NavigationStack(root: modalRoot)
        // A child of a stack presents: the stack (the root-most ancestor) is the presenter.
        try first.present(modalStack)
        #expect(modalStack.presentingPage === stack)
        #expect(first.presentedPage === modalStack)
        #expect(stack.presentedPage === modalStack)
        // A page pushed inside the presented stack reports the page that presented the stack.
        let pushed = Page(name: "Pushed")
        modalStack.push(pushed)
        #expect(pushed.presentingPage === stack)
        #expect(modalRoot.presentingPage === stack)
        #expect(first.presentingPage == nil)
        // Dismiss called on a page inside the presented stack dismisses the stack.
        pushed.dismiss()
        #expect(stack.presentedPage == nil)
        #expect(modalStack.presentingPage == nil)
        #expect(first.appearanceState == .appeared)
    }

    @Test func presentingTwiceFromTheSameHierarchyThrows() throws {
        let window = Window()
        let a = Page(name: "A")
        window.rootPage = a
        try a.present(Page(name: "B"))
        #expect(throws: NavigationError.alreadyPresenting("A")) { try a.present(Page(name: "C")) }
        let shown = Page(name: "Shown")
        let holder = NavigationStack(root: shown)
        let b = try #require(a.presentedPage)
        #expect(throws: NavigationError.alreadyShown("Shown")) { try b.present(shown) }
        #expect(holder.pages.count == 1)
    }

    @Test func dismissingALowerPageDismissesEveryPageAboveIt() throws {
        let window = Window(observers: [recorder])
        let a = Page(name: "A"), b = Page(name: "B"), c = Page(name: "C")
        window.rootPage = a
        try a.present(b)
        try b.present(c)
        #expect(window.topPage === c)
        recorder.reset()
        a.dismiss()
        #expect(recorder.lines(of: LifecycleEvent.appearance) == [
            "C.viewWillDisappear", "A.viewWillAppear", "A.viewDidAppear", "C.viewDidDisappear",
        ])
        #expect(window.topPage === a)
        #expect(b.presentedPage == nil)
        #expect(c.presentingPage == nil)
    }

    @Test func dismissWithNothingPresentedDoesNothing() {
        let window = Window(observers: [recorder])
        let a = Page(name: "A")
        window.rootPage = a
        recorder.reset()
        a.dismiss()
        #expect(a.beginDismiss() == nil)
        #expect(recorder.lines() == [])
    }

    @Test func aCancelledInteractiveDismissRestoresAppearance() throws {
        let window = Window(observers: [recorder])
        let a = Page(name: "A"), b = Page(name: "B")
        window.rootPage = a
        try a.present(b)
        recorder.reset()
        let transition = try #require(b.beginDismiss())
        transition.cancel()
        #expect(transition.state == .cancelled)
        #expect(recorder.lines(of: LifecycleEvent.appearance) == [
            "B.viewWillDisappear", "A.viewWillAppear",
            "A.viewWillDisappear", "A.viewDidDisappear", "B.viewWillAppear", "B.viewDidAppear",
        ])
        #expect(a.presentedPage === b)
        #expect(b.appearanceState == .appeared && a.appearanceState == .disappeared)
    }
}
