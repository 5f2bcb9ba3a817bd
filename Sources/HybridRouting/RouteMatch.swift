/// What a URL matched: the route, the values it captured, and what the caller passed along.
public struct RouteMatch: Sendable {
    /// The route that matched.
    public let route: URLRoute
    /// The pattern with the optional groups it went through kept and the others left out
    /// (`/required/:r(/optional/:o)` matching `/required/1` gives `/required/:r`).
    public let expandedPattern: String
    /// Path parameters as decoded strings; a `<path:>` placeholder's value is its segments joined by `/`.
    public let parameters: [String: String]
    /// Converted values of typed placeholders (`<int:id>` gives an `Int`, custom converters what they return).
    public let typed: [String: any Sendable]
    /// Query parameters, every value of a repeated key in order (a fragment's query items included).
    public let query: [String: [String]]
    /// The segments a trailing `*` took, in order (empty when it took none or the pattern has none).
    public let wildcard: [String]
    /// The URL as given.
    public let url: String
    /// The value the caller passed to `URLRouter.route(_:context:)` or `match(_:context:)`.
    public let context: (any Sendable)?

    /// The registered pattern.
    public var pattern: String { route.pattern }
    /// The scheme namespace of the route, nil when a global route matched.
    public var scheme: String? { route.scheme }
    /// The route's priority.
    public var priority: Int { route.priority }

    /// A parameter by name: the path parameter if there is one (path parameters always win, so
    /// `/user/view/joeldev?userID=evil` gives `joeldev`), else the first query value.
    public subscript(name: String) -> String? {
        parameters[name] ?? query[name]?.first
    }

    /// A typed placeholder's value as `T`, or nil when there is none of that type.
    public func value<T>(_ name: String, as type: T.Type = T.self) -> T? {
        typed[name] as? T
    }
}
