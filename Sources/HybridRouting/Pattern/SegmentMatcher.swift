/// What one pattern segment accepts, and how it ranks against the others.
enum SegmentMatcher: Sendable {
    /// A literal, compared with the decoded segment (lower-cased first when literals are case-insensitive).
    case literal(String)
    /// A placeholder capturing one segment; with a converter it is typed and may reject the segment.
    case placeholder(name: String, converter: RouteConverter?)

    /// Rank of a segment kind: lower wins. Catch-alls rank last.
    enum Rank {
        static let literal: UInt8 = 0
        static let typed: UInt8 = 1
        static let untyped: UInt8 = 2
        static let catchAll: UInt8 = 3
    }

    var rank: UInt8 {
        switch self {
        case .literal: return Rank.literal
        case .placeholder(_, let converter): return converter == nil ? Rank.untyped : Rank.typed
        }
    }
}
