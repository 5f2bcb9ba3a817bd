/// How a presented page covers its presenter.
public enum PresentationStyle: String, Sendable, Hashable {
    /// Covers the presenter, which disappears (UIKit's `.fullScreen`).
    case fullScreen
    /// Covers the presenter, which stays visible underneath (UIKit's `.overFullScreen`, also what sheets do).
    case overFullScreen
}
