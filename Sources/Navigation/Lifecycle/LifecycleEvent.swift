/// A page lifecycle callback, named as UIKit names it (`viewDidLoad`, `viewWillAppear`, ...).
public enum LifecycleEvent: String, Sendable, Hashable, CaseIterable {
    case `init`
    case loadView
    case viewDidLoad
    case viewWillAppear
    case viewWillLayoutSubviews
    case viewDidLayoutSubviews
    case viewDidAppear
    case viewWillDisappear
    case viewDidDisappear
    case willMoveToParent
    case didMoveToParent
    case `deinit`

    /// The view callbacks UIKit prints in its lifecycle logs (everything but containment and init/deinit).
    public static let viewEvents: Set<LifecycleEvent> = [
        .loadView, .viewDidLoad, .viewWillAppear, .viewWillLayoutSubviews, .viewDidLayoutSubviews, .viewDidAppear,
        .viewWillDisappear, .viewDidDisappear,
    ]

    /// The appearance callbacks only (will/did appear/disappear).
    public static let appearance: Set<LifecycleEvent> = [
        .viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear,
    ]
}
