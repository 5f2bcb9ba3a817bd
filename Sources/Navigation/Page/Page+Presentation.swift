extension Page {
    /// The page presented by this page or by one of its ancestors (Apple's `presentedViewController`).
    public var presentedPage: Page? {
        var page: Page? = self
        while let current = page {
            if let presented = current.presentedStorage { return presented }
            page = current.parent
        }
        return nil
    }

    /// The page that presented this page or one of its ancestors (Apple's `presentingViewController`): a page
    /// pushed inside a presented stack reports the page that presented the stack.
    public var presentingPage: Page? {
        var page: Page? = self
        while let current = page {
            if let presenting = current.presentingStorage { return presenting }
            page = current.parent
        }
        return nil
    }

    /// The root-most ancestor: the page that presents on behalf of this page (UIKit's presentation context for
    /// full-screen presentations).
    var presentationHost: Page {
        var page = self
        while let parent = page.parent { page = parent }
        return page
    }

    /// Presents `page` modally and completes at once. With `.fullScreen` (the default), the presenter's visible
    /// page gets `viewWillDisappear` before the presented page's `viewWillAppear` and `viewDidDisappear` after its
    /// `viewDidAppear`, as in UIKit.
    /// - Throws: ``NavigationError/alreadyPresenting(_:)`` when this page's hierarchy already presents a page,
    ///   ``NavigationError/alreadyShown(_:)`` when `page` already has a parent or a presenter.
    public func present(_ page: Page, animated: Bool = true) throws(NavigationError) {
        try beginPresent(page, animated: animated).complete()
    }

    /// Starts presenting `page` and returns the running transition (see ``present(_:animated:)``).
    @discardableResult
    public func beginPresent(_ page: Page, animated: Bool = true) throws(NavigationError) -> Transition {
        let host = presentationHost
        guard host.presentedStorage == nil else { throw .alreadyPresenting(host.name) }
        guard page.parent == nil, page.presentingStorage == nil, page !== host,
              page.presentedStorage == nil else { throw .alreadyShown(page.name) }
        host.presentedStorage = page
        page.presentingStorage = host
        Self.share(host.observers.all, with: page)
        let visible = host.appearanceState.isVisible
        let covers = page.modalPresentationStyle == .fullScreen
        return Transition(
            kind: .present, from: visible && covers ? host : nil, to: visible ? page : nil, animated: animated,
            incomingEndsFirst: true,
            onCancel: {
                host.presentedStorage = nil
                page.presentingStorage = nil
                page.didLeaveHierarchy()
            }).start()
    }

    /// Dismisses modally presented pages and completes at once (Apple's semantics): called on a page whose
    /// hierarchy presents a page, dismisses that page and every page it presented in turn; called on a presented
    /// page (or a page inside one), asks its presenter to dismiss it. Does nothing when there is nothing to dismiss.
    /// The covered page's `viewDidAppear` comes before the dismissed page's `viewDidDisappear`, as in UIKit.
    public func dismiss(animated: Bool = true) {
        beginDismiss(animated: animated)?.complete()
    }

    /// Starts dismissing (see ``dismiss(animated:)``); nil when there is nothing to dismiss.
    @discardableResult
    public func beginDismiss(animated: Bool = true) -> Transition? {
        var host = presentationHost
        let target: Page
        if let presented = host.presentedStorage {
            target = presented
        } else if let presenter = host.presentingStorage {
            target = host
            host = presenter
        } else {
            return nil
        }
        var chain = [target]
        while let next = chain.last!.presentedStorage { chain.append(next) }
        let top = chain.last!
        let visible = top.appearanceState.isVisible
        let presenter = host
        return Transition(
            kind: .dismiss, from: visible ? top : nil,
            to: visible && !presenter.appearanceState.isVisible ? presenter : nil, animated: animated,
            incomingEndsFirst: true,
            onComplete: {
                let leaving = target.subtree
                for page in chain.dropLast().reversed() where page.appearanceState.isVisible {
                    page.beginAppearanceTransition(false, animated: animated)
                    page.endAppearanceTransition(animated: animated)
                }
                presenter.presentedStorage = nil
                for page in chain {
                    page.presentingStorage = nil
                    page.presentedStorage = nil
                }
                for page in leaving { page.resultSink?.deliver(nil) }
            }).start()
    }
}
