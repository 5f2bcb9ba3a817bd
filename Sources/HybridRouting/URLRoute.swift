/// A registered route, as listed by ``URLRouter/routes`` and reported in every ``RouteMatch``.
public struct URLRoute: Sendable, Hashable, CustomStringConvertible {
    /// The pattern exactly as registered.
    public let pattern: String
    /// The scheme namespace (lower-cased), or nil for the global routes.
    public let scheme: String?
    /// Higher priorities are tried first; the default is 0.
    public let priority: Int
    /// Registration serial: unique per router and increasing, so it orders routes of equal rank.
    public let id: Int

    /// `pattern`, prefixed with its namespace when it has one.
    public var description: String {
        let namespace = scheme.map { "[\($0)] " } ?? ""
        return priority == 0 ? namespace + pattern : namespace + pattern + " (priority \(priority))"
    }
}
