/// A stack of pages, the role of `UINavigationController`; itself a page.
///
/// Appearance callbacks follow UIKit's logs exactly. Push of Second over First: Second.loadView,
/// Second.viewDidLoad, First.viewWillDisappear, Second.viewWillAppear, Second.viewWillLayoutSubviews,
/// Second.viewDidLayoutSubviews, First.viewDidDisappear, Second.viewDidAppear. Pop of Second:
/// Second.viewWillDisappear, First.viewWillAppear, Second.viewDidDisappear, First.viewDidAppear; then Second is
/// released (its `deinit` is observable) unless someone else keeps it. Containment callbacks surround them: a
/// pushed page gets `willMove(toParent: stack)` before and `didMove(toParent: stack)` after; a popped page
/// `willMove(toParent: nil)` before and `didMove(toParent: nil)` after. While the stack itself is not visible,
/// pushes and pops change the pages without appearance callbacks.
@MainActor
open class NavigationStack: Page {
    /// The transition in progress, if any.
    var running: Transition?

    /// Creates a stack with `root` as its bottom page.
    public init(root: Page? = nil, name: String? = nil, observers: [any LifecycleObserver] = []) {
        super.init(name: name, observers: observers)
        if let root {
            root.willMove(toParentReported: self)
            adopt(root)
            children = [root]
            root.didMove(toParentReported: self)
        }
    }

    /// The pages, bottom (root) first.
    public var pages: [Page] { children }
    /// The top page.
    public var topPage: Page? { children.last }
    /// The root page.
    public var rootPage: Page? { children.first }

    open override var childrenForAppearance: [Page] { topPage.map { [$0] } ?? [] }

    // MARK: Push and pop

    /// Pushes `page` and completes at once. A page already in a container is ignored (UIKit raises).
    public func push(_ page: Page, animated: Bool = true) {
        beginPush(page, animated: animated)?.complete()
    }

    /// Starts pushing `page` and returns the running transition (nil when `page` already has a parent or is this
    /// stack). The stack's pages change at once, as UIKit's `viewControllers` do; cancelling takes `page` off again.
    @discardableResult
    public func beginPush(_ page: Page, animated: Bool = true) -> Transition? {
        guard page.parent == nil, page !== self, !children.contains(where: { $0 === page }) else { return nil }
        running?.complete()
        let from = topPage
        page.willMove(toParentReported: self)
        adopt(page)
        children.append(page)
        let visible = appearanceState.isVisible
        let transition = Transition(
            kind: .push, from: visible ? from : nil, to: visible ? page : nil, animated: animated,
            onComplete: { [unowned self] in
                page.didMove(toParentReported: self)
                self.running = nil
            },
            onCancel: { [unowned self] in
                self.children.removeAll { $0 === page }
                page.parent = nil
                page.didMove(toParentReported: nil)
                page.didLeaveHierarchy()
                self.running = nil
            })
        running = transition
        return transition.start()
    }

    /// Pops the top page (never the root) and completes at once. Returns the popped page.
    @discardableResult
    public func pop(animated: Bool = true) -> Page? {
        let page = topPage
        guard let transition = beginPop(animated: animated) else { return nil }
        transition.complete()
        return page
    }

    /// Starts popping the top page, as the back-swipe gesture does; nil when only the root is left.
    @discardableResult
    public func beginPop(animated: Bool = true) -> Transition? {
        running?.complete()
        guard children.count > 1 else { return nil }
        return replaceTop(with: Array(children.dropLast()), kind: .pop, animated: animated)
    }

    /// Pops every page above the root. Returns the popped pages (top first).
    @discardableResult
    public func popToRoot(animated: Bool = true) -> [Page] {
        guard let root = rootPage else { return [] }
        return popTo(root, animated: animated) ?? []
    }

    /// Pops the pages above `page`. Returns them (top first), or nil when `page` is not in the stack.
    @discardableResult
    public func popTo(_ page: Page, animated: Bool = true) -> [Page]? {
        running?.complete()
        guard let index = children.firstIndex(where: { $0 === page }) else { return nil }
        let popped = Array(children[(index + 1)...].reversed())
        replaceTop(with: Array(children[...index]), kind: .pop, animated: animated)?.complete()
        return popped
    }

    /// Replaces the pages. The old top page disappears and the new one appears (when they differ); removed pages
    /// get `willMove(toParent: nil)`/`didMove(toParent: nil)`, added ones `willMove`/`didMove(toParent: self)`.
    public func setPages(_ pages: [Page], animated: Bool = true) {
        running?.complete()
        var unique: [Page] = []
        for page in pages where !unique.contains(where: { $0 === page }) && (page.parent == nil || page.parent === self) {
            unique.append(page)
        }
        replaceTop(with: unique, kind: .setPages, animated: animated)?.complete()
    }

    /// Swaps the stack's pages for `pages` with one transition from the old top to the new top.
    @discardableResult
    private func replaceTop(with pages: [Page], kind: Transition.Kind, animated: Bool) -> Transition? {
        let old = children
        let removed = old.filter { page in !pages.contains { $0 === page } }.reversed()
        let added = pages.filter { page in !old.contains { $0 === page } }
        let from = old.last, to = pages.last
        for page in removed { page.willMove(toParentReported: nil) }
        for page in added { page.willMove(toParentReported: self); adopt(page) }
        children = pages
        let visible = appearanceState.isVisible && from !== to
        let transition = Transition(
            kind: kind, from: visible ? from : nil, to: visible ? to : nil, animated: animated,
            onComplete: { [unowned self] in
                for page in removed {
                    page.parent = nil
                    page.didMove(toParentReported: nil)
                }
                for page in added { page.didMove(toParentReported: self) }
                for page in removed { page.didLeaveHierarchy() }
                self.running = nil
            },
            onCancel: { [unowned self] in
                for page in added { page.parent = nil; page.didMove(toParentReported: nil) }
                self.children = old
                for page in removed { page.didMove(toParentReported: self) }
                self.running = nil
            })
        running = transition
        return transition.start()
    }
}
