extension Navigator {
    /// The page the user would see: the top page of the visible stack, the selected tab, or the top presented
    /// page, followed down to a leaf.
    public var visiblePage: Page? {
        var page = window.topPage
        while let current = page, let next = current.childrenForAppearance.last { page = next }
        return page
    }

    /// The navigation stack pushes go to: the deepest visible one under the top presented page.
    public var visibleStack: NavigationStack? {
        var found: NavigationStack?
        var page = window.topPage
        while let current = page {
            if let stack = current as? NavigationStack { found = stack }
            page = current.childrenForAppearance.last
        }
        return found
    }

    /// The visible tab container, if any.
    public var visibleTabs: TabContainer? {
        var page = window.topPage
        while let current = page {
            if let tabs = current as? TabContainer { return tabs }
            page = current.childrenForAppearance.last
        }
        return nil
    }
}
