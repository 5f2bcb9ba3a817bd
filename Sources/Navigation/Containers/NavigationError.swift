/// Why a navigation request failed.
public enum NavigationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The presenting hierarchy (named) already presents a page; dismiss it first.
    case alreadyPresenting(String)
    /// The page (named) already has a parent or a presenter.
    case alreadyShown(String)
    /// No route opens the URL.
    case noRoute(String)
    /// The URL is not a valid URL.
    case invalidURL(String)
    /// A push was requested but no navigation stack is visible.
    case noNavigationStack
    /// A tab was requested but no tab container is visible.
    case noTabContainer
    /// The window has no root page.
    case noRootPage
    /// A result could not be converted to the requested type.
    case resultTypeMismatch(expected: String, message: String)

    public var description: String {
        switch self {
        case .alreadyPresenting(let name): "'\(name)' is already presenting a page"
        case .alreadyShown(let name): "page '\(name)' is already shown in a container or presented"
        case .noRoute(let url): "no route opens '\(url)'"
        case .invalidURL(let url): "invalid URL '\(url)'"
        case .noNavigationStack: "no visible navigation stack to push onto"
        case .noTabContainer: "no visible tab container"
        case .noRootPage: "the window has no root page"
        case .resultTypeMismatch(let expected, let message): "result is not a \(expected): \(message)"
        }
    }
}
