import Foundation

// `URL` inputs go through the same splitter as strings: Foundation only supplies the text.
extension URLRouter {
    /// `route(_:context:)` for a Foundation `URL`.
    @discardableResult
    public func route(_ url: URL, context: (any Sendable)? = nil) -> Bool {
        route(url.absoluteString, context: context)
    }

    /// `match(_:context:)` for a Foundation `URL`.
    public func match(_ url: URL, context: (any Sendable)? = nil) -> RouteMatch? {
        match(url.absoluteString, context: context)
    }

    /// ``matches(_:context:)`` for a Foundation `URL`.
    public func matches(_ url: URL, context: (any Sendable)? = nil) -> [RouteMatch] {
        matches(url.absoluteString, context: context)
    }

    /// ``canRoute(_:)`` for a Foundation `URL`.
    public func canRoute(_ url: URL) -> Bool {
        canRoute(url.absoluteString)
    }
}
