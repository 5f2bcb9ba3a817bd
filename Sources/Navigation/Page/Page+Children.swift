extension Page {
    /// Adds `child` as a child page, doing UIKit's whole containment dance: `child.willMove(toParent: self)`,
    /// then, when this page is visible, the child appears (loadView, viewDidLoad, viewWillAppear, layout,
    /// viewDidAppear), then `child.didMove(toParent: self)`. A child that already has a parent is ignored.
    public func addChild(_ child: Page) {
        guard child.parent == nil, child !== self else { return }
        child.willMove(toParentReported: self)
        adopt(child)
        children.append(child)
        if appearanceState.isVisible {
            child.beginAppearanceTransition(true)
            child.layoutTreeIfNeeded()
            if appearanceState == .appeared {
                child.endAppearanceTransition()
            } else {
                // Ends with this page's own transition.
                forwardedAppearance.append(child)
            }
        }
        child.didMove(toParentReported: self)
    }

    /// Removes `child`: `child.willMove(toParent: nil)`, its disappearance when visible, then
    /// `child.didMove(toParent: nil)`. Pages it opened for a result and never finished deliver nil.
    public func removeChild(_ child: Page) {
        guard child.parent === self, let index = children.firstIndex(where: { $0 === child }) else { return }
        child.willMove(toParentReported: nil)
        if child.appearanceState.isVisible {
            child.beginAppearanceTransition(false)
            child.endAppearanceTransition()
        }
        children.remove(at: index)
        forwardedAppearance.removeAll { $0 === child }
        child.parent = nil
        child.didMove(toParentReported: nil)
        child.didLeaveHierarchy()
    }

    /// Removes this page from its parent (see ``removeChild(_:)``).
    public func removeFromParent() {
        parent?.removeChild(self)
    }

    func willMove(toParentReported parent: Page?) {
        if let parent { Self.share(parent.observers.all, with: self) }
        report(.willMoveToParent)
        willMove(toParent: parent)
    }

    func didMove(toParentReported parent: Page?) {
        report(.didMoveToParent)
        didMove(toParent: parent)
    }

    /// The nearest ``NavigationStack`` containing this page.
    public var navigationStack: NavigationStack? {
        var page = parent
        while let current = page {
            if let stack = current as? NavigationStack { return stack }
            page = current.parent
        }
        return nil
    }

    /// The nearest ``TabContainer`` containing this page.
    public var tabContainer: TabContainer? {
        var page = parent
        while let current = page {
            if let tabs = current as? TabContainer { return tabs }
            page = current.parent
        }
        return nil
    }
}
