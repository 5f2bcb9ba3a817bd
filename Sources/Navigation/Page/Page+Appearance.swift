extension Page {
    /// Starts an appearance change (UIKit's `beginAppearanceTransition(_:animated:)`): calls `viewWillAppear`
    /// (loading the view first if needed) or `viewWillDisappear`, and forwards to ``childrenForAppearance``.
    /// Calls that would not change anything (appearing while visible, disappearing while not) are ignored.
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool = true) {
        if isAppearing {
            guard !appearanceState.isVisible else { return }
            loadViewIfNeeded()
            appearanceState = .appearing
            report(.viewWillAppear)
            viewWillAppear(animated)
        } else {
            guard appearanceState.isVisible else { return }
            appearanceState = .disappearing
            report(.viewWillDisappear)
            viewWillDisappear(animated)
        }
        forwardedAppearance = childrenForAppearance
        for child in forwardedAppearance { child.beginAppearanceTransition(isAppearing, animated: animated) }
    }

    /// Ends the appearance change begun by ``beginAppearanceTransition(_:animated:)``: `viewDidAppear` or
    /// `viewDidDisappear`, then the same children as the beginning.
    public func endAppearanceTransition(animated: Bool = true) {
        switch appearanceState {
        case .appearing:
            appearanceState = .appeared
            report(.viewDidAppear)
            viewDidAppear(animated)
        case .disappearing:
            appearanceState = .disappeared
            report(.viewDidDisappear)
            viewDidDisappear(animated)
        case .appeared, .disappeared:
            return
        }
        let forwarded = forwardedAppearance
        forwardedAppearance = []
        for child in forwarded { child.endAppearanceTransition(animated: animated) }
    }

    /// Lays out this page, then its visible children, top-down.
    func layoutTreeIfNeeded() {
        layoutIfNeeded()
        for child in childrenForAppearance where child.appearanceState.isVisible { child.layoutTreeIfNeeded() }
    }

    /// Adopts `child` as a child: sets its parent and gives it this page's lifecycle observers.
    func adopt(_ child: Page) {
        child.parent = self
        Self.share(observers.all, with: child)
    }

    /// Gives `observers` to `page` and every page in its hierarchy.
    static func share(_ observers: [any LifecycleObserver], with page: Page) {
        guard !observers.isEmpty else { return }
        for member in page.subtree { member.observers.add(observers) }
    }

    /// The page and all its descendants, depth first.
    var subtree: [Page] {
        [self] + children.flatMap(\.subtree) + (presentedStorage?.subtree ?? [])
    }

    /// The page left the app's hierarchy: pages that were opened for a result and never finished get nil.
    func didLeaveHierarchy() {
        for page in subtree { page.resultSink?.deliver(nil) }
    }
}
