/// Pages per tab, one selected: the role of `UITabBarController`; itself a page.
///
/// Only the selected tab is visible. `select(_:)` swaps the two tabs with UIKit's order: the new tab loads its
/// view on first selection, the old tab will disappear, the new tab will appear (and is laid out), the old tab did
/// disappear, the new tab did appear.
@MainActor
open class TabContainer: Page {
    /// The selected tab's index (0 when there are no tabs).
    public private(set) var selectedIndex = 0
    private var running: Transition?

    /// Creates a container with `pages` as its tabs, the first selected.
    public init(pages: [Page] = [], name: String? = nil, observers: [any LifecycleObserver] = []) {
        super.init(name: name, observers: observers)
        setPages(pages)
    }

    /// The tabs' pages, in order.
    public var pages: [Page] { children }
    /// The selected tab's page.
    public var selectedPage: Page? { children.indices.contains(selectedIndex) ? children[selectedIndex] : nil }

    open override var childrenForAppearance: [Page] { selectedPage.map { [$0] } ?? [] }

    /// Selects tab `index` and completes at once. Returns false for an index out of range.
    @discardableResult
    public func select(_ index: Int, animated: Bool = false) -> Bool {
        guard let transition = beginSelect(index, animated: animated) else { return children.indices.contains(index) }
        transition.complete()
        return true
    }

    /// Selects the tab showing `page`. Returns false when `page` is not a tab.
    @discardableResult
    public func select(_ page: Page, animated: Bool = false) -> Bool {
        guard let index = children.firstIndex(where: { $0 === page }) else { return false }
        return select(index, animated: animated)
    }

    /// Starts selecting tab `index`; nil when it is out of range or already selected. Cancelling goes back to the
    /// previously selected tab.
    @discardableResult
    public func beginSelect(_ index: Int, animated: Bool = false) -> Transition? {
        running?.complete()
        guard children.indices.contains(index), index != selectedIndex else { return nil }
        let previous = selectedIndex
        let visible = appearanceState.isVisible
        let from = selectedPage
        selectedIndex = index
        let transition = Transition(
            kind: .select, from: visible ? from : nil, to: visible ? children[index] : nil, animated: animated,
            onComplete: { [unowned self] in self.running = nil },
            onCancel: { [unowned self] in
                self.selectedIndex = previous
                self.running = nil
            })
        running = transition
        return transition.start()
    }

    /// Appends a tab. Returns its index.
    @discardableResult
    public func addTab(_ page: Page) -> Int {
        guard page.parent == nil else { return children.firstIndex { $0 === page } ?? -1 }
        page.willMove(toParentReported: self)
        adopt(page)
        children.append(page)
        page.didMove(toParentReported: self)
        return children.count - 1
    }

    /// Replaces the tabs; the first is selected. The selected tab changes appearance when the container is visible.
    public func setPages(_ pages: [Page]) {
        running?.complete()
        let visible = appearanceState.isVisible
        let old = children
        let oldSelected = selectedPage
        if visible { oldSelected?.beginAppearanceTransition(false); oldSelected?.endAppearanceTransition() }
        for page in old where !pages.contains(where: { $0 === page }) {
            page.willMove(toParentReported: nil)
            page.parent = nil
            page.didMove(toParentReported: nil)
            page.didLeaveHierarchy()
        }
        children = old.filter { page in pages.contains { $0 === page } }
        for page in pages where page.parent == nil || page.parent === self {
            if !children.contains(where: { $0 === page }) {
                page.willMove(toParentReported: self)
                adopt(page)
                page.didMove(toParentReported: self)
            }
        }
        children = pages.filter { $0.parent === self }
        selectedIndex = 0
        if visible, let selected = selectedPage {
            selected.beginAppearanceTransition(true)
            selected.layoutTreeIfNeeded()
            selected.endAppearanceTransition()
        }
    }
}
