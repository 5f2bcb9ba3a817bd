/// A route that matched a URL during the trie walk, with what it captured, before ranking.
struct Candidate {
    /// A path parameter; structs rather than tuples, whose generic metadata is looked up at run time.
    struct Capture {
        let name: String
        let value: String
    }

    struct TypedCapture {
        let name: String
        let value: any Sendable
    }

    let entry: RouteEntry
    /// 0 for the URL's own scheme namespace, 1 for the global routes it fell back to.
    let namespaceOrder: Int
    /// One rank per segment consumed (literal 0, typed 1, untyped 2, catch-all 3), plus a catch-all rank for a
    /// trailing `*` that took no segment, so an exact-length pattern beats it.
    let rank: RankKey
    let captures: [Capture]
    let typed: [TypedCapture]
    let wildcard: Range<Int>?
    /// Sources of the tail instructions that consumed something: the rest of the expanded pattern.
    let tailSources: [String]

    /// The ranking, deterministic always: namespace before global, then higher priority, then segment by segment
    /// literal over typed over untyped over catch-all (shorter wins on a tie, which only a trailing `*` that took
    /// nothing can cause), then registration order.
    static func ranksBefore(_ lhs: Candidate, _ rhs: Candidate) -> Bool {
        if lhs.namespaceOrder != rhs.namespaceOrder { return lhs.namespaceOrder < rhs.namespaceOrder }
        if lhs.entry.route.priority != rhs.entry.route.priority {
            return lhs.entry.route.priority > rhs.entry.route.priority
        }
        if RankKey.ranksBefore(lhs.rank, rhs.rank) { return true }
        if RankKey.ranksBefore(rhs.rank, lhs.rank) { return false }
        return lhs.entry.route.id < rhs.entry.route.id
    }

    /// Builds the public match for `url`.
    func match(url: String, split: SplitURL, context: (any Sendable)?) -> RouteMatch {
        var parameters: [String: String] = Dictionary(minimumCapacity: captures.count)
        for capture in captures { parameters[capture.name] = capture.value }
        var typedValues: [String: any Sendable] = [:]
        for value in typed { typedValues[value.name] = value.value }
        let expanded = entry.fixedExpansion ?? PatternElement.expand(entry.compiled.prefixSources + tailSources)
        return RouteMatch(route: entry.route, expandedPattern: expanded, parameters: parameters, typed: typedValues,
                          query: split.query, wildcard: wildcard.map { Array(split.segments[$0]) } ?? [],
                          url: url, context: context)
    }
}
