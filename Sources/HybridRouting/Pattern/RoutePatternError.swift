/// Why a pattern could not be registered. Registration throws rather than installing a route that can never match
/// or matches the wrong things.
public struct RoutePatternError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of malformed pattern.
    public enum Reason: Sendable, Equatable {
        /// A `(` without its `)` or a `)` without its `(`.
        case unbalancedParentheses
        /// A `*` or `<path:>` followed by more segments: catch-alls take the rest of the path, so they come last.
        case catchAllNotLast
        /// `<name:param>` names a converter the router does not know (register custom ones first).
        case unknownConverter(String)
        /// More optional groups than the router supports (32).
        case tooManyOptionalGroups(Int)
        /// `:` or `<>` without a parameter name.
        case emptyParameterName
        /// `<` without `>`, or a placeholder mixed with other text in one segment.
        case malformedPlaceholder(String)
        /// A `#` inside an optional group, or more than one `#`.
        case misplacedFragment
        /// The pattern names a scheme (`a://...`) and a different `scheme:` was passed.
        case conflictingScheme(pattern: String, argument: String)
        /// A custom converter's name is empty, reserved (`int`, `float`, `uuid`, `string`, `path`) or has a `:`/`>`.
        case invalidConverterName(String)
    }

    /// The pattern as given.
    public var pattern: String
    /// What is wrong with it.
    public var reason: Reason

    /// Creates an error for `pattern`.
    public init(pattern: String, reason: Reason) {
        self.pattern = pattern
        self.reason = reason
    }

    /// A one-line explanation naming the pattern.
    public var description: String {
        let why: String
        switch reason {
        case .unbalancedParentheses: why = "unbalanced parentheses"
        case .catchAllNotLast: why = "'*' or '<path:>' must be the last segment"
        case .unknownConverter(let name): why = "unknown converter '\(name)'"
        case .tooManyOptionalGroups(let count): why = "\(count) optional groups (at most \(PatternParser.maximumOptionalGroups))"
        case .emptyParameterName: why = "a placeholder without a name"
        case .malformedPlaceholder(let text): why = "malformed placeholder '\(text)'"
        case .misplacedFragment: why = "'#' may appear once, outside optional groups"
        case .conflictingScheme(let inPattern, let argument):
            why = "the pattern names scheme '\(inPattern)' but scheme '\(argument)' was given"
        case .invalidConverterName(let name): why = "invalid converter name '\(name)'"
        }
        return "invalid route pattern '\(pattern)': \(why)"
    }
}
