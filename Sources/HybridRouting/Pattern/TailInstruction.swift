/// One step of a pattern's tail: the part from its first optional group or catch-all on, which is matched as a
/// small program (like a regular expression's) instead of being expanded into 2^n trie paths.
enum TailInstruction: Sendable {
    /// Consume one segment.
    case segment(SegmentMatcher, source: String)
    /// Consume the fragment boundary.
    case fragment
    /// Consume the remaining segments, zero or more.
    case wildcard
    /// Consume the remaining segments, one or more, as the parameter `name`.
    case path(name: String, source: String)
    /// An optional group starts here: first try its body (the next instruction), then skip to `skipTo`.
    case optional(skipTo: Int)
    /// The pattern matched if every segment has been consumed.
    case accept
}
