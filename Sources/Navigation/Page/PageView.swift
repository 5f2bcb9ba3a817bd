/// A page's root view. There is no screen: the view is the marker that the page's view was loaded, and carries
/// the few properties layout needs.
@MainActor
public final class PageView {
    /// The view's size in points (the default is an iPhone-sized screen).
    public var size: (width: Double, height: Double)
    /// Whether the view is hidden.
    public var isHidden = false

    /// Creates a view of `size`.
    public init(size: (width: Double, height: Double) = (390, 844)) {
        self.size = size
    }
}
