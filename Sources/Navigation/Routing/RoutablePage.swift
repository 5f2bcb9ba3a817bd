import HybridRouting

/// A native page a route can build: it gets the route match (path parameters, query, typed values) and the
/// caller's context in its initializer, so everything is assigned before `viewDidLoad`.
///
/// ```swift
/// final class UserPage: Page, RoutablePage {
///     let userID: Int
///     init(match: RouteMatch, context: (any Sendable)?) {
///         userID = match.value("id") ?? 0
///         super.init()
///     }
/// }
/// try navigator.register("/user/<int:id>", page: UserPage.self)
/// ```
@MainActor
public protocol RoutablePage: Page {
    /// Builds the page for `match`; `context` is what ``Navigator/open(_:context:animated:)`` was given.
    init(match: RouteMatch, context: (any Sendable)?)
}
