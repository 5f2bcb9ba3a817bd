/// One walk of the trie for one URL, collecting every route that matches.
///
/// Trie edges each consume one segment, so a node is visited at most once per walk. Tails with optional groups
/// remember the (instruction, position) states that failed, so no state is explored twice: the work is at most
/// tail length × segments, never exponential. `steps` counts visited states for the tests that check this.
struct MatchSearch {
    let url: SplitURL
    /// The segments literals are compared with: lower-cased when literals are case-insensitive.
    let keys: [String]
    var candidates: [Candidate] = []
    var steps = 0

    private var namespaceOrder = 0
    private var rank: [UInt8] = []
    private var captures: [Candidate.Capture] = []
    private var typed: [Candidate.TypedCapture] = []
    private var sources: [String] = []
    private var wildcard: Range<Int>?

    init(url: SplitURL, caseInsensitive: Bool) {
        self.url = url
        keys = caseInsensitive ? url.segments.map { $0.lowercased() } : url.segments
    }

    mutating func search(_ root: TrieNode, namespaceOrder: Int) {
        self.namespaceOrder = namespaceOrder
        walk(root, at: 0)
    }

    private var count: Int { url.segments.count }

    private mutating func walk(_ node: TrieNode, at position: Int) {
        steps += 1
        let storage = node.storage
        for entry in storage.routes { runTail(entry, from: position) }
        guard position < count else { return }
        if position == url.fragmentIndex {
            if let child = storage.fragment.first {
                rank.append(SegmentMatcher.Rank.literal)
                walk(child, at: position + 1)
                rank.removeLast()
            }
            return
        }
        if let child = storage.literals[keys[position]] {
            rank.append(SegmentMatcher.Rank.literal)
            walk(child, at: position + 1)
            rank.removeLast()
        }
        let placeholders = storage.placeholders
        for index in placeholders.indices {
            let segment = url.segments[position]
            let converter = placeholders[index].converter
            if let converter {
                guard let value = converter.convert(segment) else { continue }
                typed.append(Candidate.TypedCapture(name: placeholders[index].name, value: value))
            }
            captures.append(Candidate.Capture(name: placeholders[index].name, value: segment))
            rank.append(placeholders[index].rank)
            walk(placeholders[index].node, at: position + 1)
            rank.removeLast()
            captures.removeLast()
            if converter != nil { typed.removeLast() }
        }
    }

    private mutating func runTail(_ entry: RouteEntry, from position: Int) {
        if entry.isSimple {
            steps += 1
            if position == count { record(entry) }
            return
        }
        // Failed states, only needed when optional groups make several paths reach the same state.
        var failed = entry.hasOptionalGroups ? [Bool](repeating: false, count: entry.tail.count * (count + 1)) : []
        _ = execute(entry, pc: 0, at: position, failed: &failed)
    }

    /// Runs the tail from instruction `pc`; stops at the first accept, trying each optional group's body before
    /// skipping it, so a pattern that could match in several ways takes its groups greedily, left to right.
    private mutating func execute(_ entry: RouteEntry, pc: Int, at position: Int, failed: inout [Bool]) -> Bool {
        steps += 1
        let state = pc * (count + 1) + position
        if !failed.isEmpty {
            if failed[state] { return false }
            failed[state] = true  // Set now: reaching it again means it failed, since success ends the run.
        }
        switch entry.tail[pc] {
        case .segment(let matcher, let source):
            guard position < count, position != url.fragmentIndex else { return false }
            let segment = url.segments[position]
            switch matcher {
            case .literal(let key):
                guard keys[position] == key else { return false }
            case .placeholder(let name, let converter):
                if let converter {
                    guard let value = converter.convert(segment) else { return false }
                    typed.append(Candidate.TypedCapture(name: name, value: value))
                }
                captures.append(Candidate.Capture(name: name, value: segment))
            }
            rank.append(matcher.rank)
            sources.append(source)
            let matched = execute(entry, pc: pc + 1, at: position + 1, failed: &failed)
            sources.removeLast()
            rank.removeLast()
            if case .placeholder(_, let converter) = matcher {
                captures.removeLast()
                if converter != nil { typed.removeLast() }
            }
            return matched
        case .fragment:
            guard position == url.fragmentIndex else { return false }
            rank.append(SegmentMatcher.Rank.literal)
            sources.append("#")
            defer { rank.removeLast(); sources.removeLast() }
            return execute(entry, pc: pc + 1, at: position + 1, failed: &failed)
        case .wildcard:
            guard restIsPath(from: position) else { return false }
            wildcard = position..<count
            let taken = max(count - position, 1)
            rank.append(contentsOf: repeatElement(SegmentMatcher.Rank.catchAll, count: taken))
            sources.append("*")
            defer { wildcard = nil; rank.removeLast(taken); sources.removeLast() }
            return execute(entry, pc: pc + 1, at: count, failed: &failed)
        case .path(let name, let source):
            guard position < count, restIsPath(from: position) else { return false }
            captures.append(Candidate.Capture(name: name, value: url.segments[position...].joined(separator: "/")))
            rank.append(contentsOf: repeatElement(SegmentMatcher.Rank.catchAll, count: count - position))
            sources.append(source)
            defer { captures.removeLast(); rank.removeLast(count - position); sources.removeLast() }
            return execute(entry, pc: pc + 1, at: count, failed: &failed)
        case .optional(let skipTo):
            if execute(entry, pc: pc + 1, at: position, failed: &failed) { return true }
            return execute(entry, pc: skipTo, at: position, failed: &failed)
        case .accept:
            guard position == count else { return false }
            record(entry)
            return true
        }
    }

    /// Catch-alls take the rest of the path but never cross into a fragment path continuation.
    private func restIsPath(from position: Int) -> Bool {
        guard let fragmentIndex = url.fragmentIndex else { return true }
        return fragmentIndex < position
    }

    private mutating func record(_ entry: RouteEntry) {
        candidates.append(Candidate(entry: entry, namespaceOrder: namespaceOrder, rank: RankKey(rank), captures: captures,
                                    typed: typed, wildcard: wildcard, tailSources: sources))
    }
}
