/// The screen the pages would be on: shows one root page (UIKit's `UIWindow.rootViewController`).
///
/// Setting the root of a visible window makes the new root appear (loadView, viewDidLoad, viewWillAppear,
/// viewWillLayoutSubviews, viewDidLayoutSubviews, viewDidAppear) and the old one disappear.
@MainActor
public final class Window {
    /// Observers given to every root page (and through containers to every page shown in this window).
    public private(set) var observers: [any LifecycleObserver]
    /// Whether the window is on screen (a new window is).
    public private(set) var isVisible: Bool
    private var root: Page?

    /// Creates a window, visible unless told otherwise.
    public init(isVisible: Bool = true, observers: [any LifecycleObserver] = []) {
        self.isVisible = isVisible
        self.observers = observers
    }

    /// The root page.
    public var rootPage: Page? {
        get { root }
        set { setRoot(newValue)?.complete() }
    }

    /// Replaces the root page and returns the running transition.
    @discardableResult
    public func setRoot(_ page: Page?, animated: Bool = false) -> Transition? {
        guard page !== root else { return nil }
        let old = root
        if let page { Page.share(observers, with: page) }
        root = page
        return Transition(
            kind: .root, from: isVisible ? old.map(Self.visibleTop) : nil, to: isVisible ? page : nil,
            animated: animated,
            onComplete: { old?.didLeaveHierarchy() },
            onCancel: { [weak self] in self?.root = old }).start()
    }

    /// Adds an observer given to the root page and every page shown later.
    public func addObserver(_ observer: any LifecycleObserver) {
        observers.append(observer)
        if let root { Page.share([observer], with: root) }
    }

    /// Shows the window: the root page (and what it presents) appears.
    public func makeVisible() {
        guard !isVisible else { return }
        isVisible = true
        if let root { Transition(kind: .root, from: nil, to: Self.visibleTop(root), animated: false).start().complete() }
    }

    /// Hides the window: the visible page disappears.
    public func hide() {
        guard isVisible else { return }
        isVisible = false
        if let root { Transition(kind: .root, from: Self.visibleTop(root), to: nil, animated: false).start().complete() }
    }

    /// The page on top: the root's presented pages, followed to the last one.
    public var topPage: Page? {
        root.map(Self.visibleTop)
    }

    static func visibleTop(_ root: Page) -> Page {
        var page = root
        while let presented = page.presentedStorage { page = presented }
        return page
    }
}
