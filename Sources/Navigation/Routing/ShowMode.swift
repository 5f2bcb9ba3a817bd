/// How an opened page is shown.
public enum ShowMode: Sendable, Hashable {
    /// Pushed on the visible navigation stack.
    case push
    /// Presented modally over the top page, inside a new ``NavigationStack`` (so it can push in turn).
    case present(PresentationStyle = .fullScreen)
    /// Shown as a tab of the visible tab container: the tab already showing the same URL is selected, or the
    /// page is added as a new tab and selected.
    case tab

    /// Parses `push`, `present` or `tab` (the routes file's `show`).
    public init?(name: String) {
        switch name {
        case "push": self = .push
        case "present": self = .present()
        case "tab": self = .tab
        default: return nil
        }
    }

    /// `push`, `present` or `tab`.
    public var name: String {
        switch self {
        case .push: "push"
        case .present: "present"
        case .tab: "tab"
        }
    }
}

/// What a route handler returns: the page it built and how to show it.
@MainActor
public struct RouteDestination {
    /// The page to show.
    public var page: Page
    /// How to show it.
    public var show: ShowMode

    /// Creates a destination.
    public init(page: Page, show: ShowMode = .push) {
        self.page = page
        self.show = show
    }
}
