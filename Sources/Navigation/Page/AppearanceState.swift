/// Where a page is in its appearance cycle (UIKit keeps the same four states privately).
public enum AppearanceState: String, Sendable, Hashable {
    /// Not on screen (the initial state).
    case disappeared
    /// `viewWillAppear` was called, `viewDidAppear` not yet.
    case appearing
    /// On screen.
    case appeared
    /// `viewWillDisappear` was called, `viewDidDisappear` not yet.
    case disappearing

    /// Appearing or appeared: the page is (becoming) visible.
    public var isVisible: Bool { self == .appearing || self == .appeared }
}
