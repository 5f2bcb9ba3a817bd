/// A node of the routing trie: a copy-on-write value, so the router can hand readers a snapshot and keep
/// registering: a write copies only the nodes on its path, and only while a reader still holds the old ones.
struct TrieNode: @unchecked Sendable {
    // @unchecked: `Storage` is mutated only through `makeUnique()`, i.e. when no snapshot shares it, and only
    // under the router's lock; storage reachable from a snapshot is never mutated.

    /// A placeholder edge; typed edges come before untyped ones so the walk meets candidates in rank order.
    struct PlaceholderEdge {
        let name: String
        let converter: RouteConverter?
        let rank: UInt8
        var node: TrieNode
    }

    /// The node's contents. Dynamic exclusivity checks are off for these fields: they cost about a tenth of a
    /// match, and the copy-on-write discipline above already rules out overlapping accesses (storage is only
    /// written while uniquely referenced under the router's lock, and storage a reader can see is never written).
    final class Storage {
        @exclusivity(unchecked) var literals: [String: TrieNode] = [:]
        @exclusivity(unchecked) var placeholders: [PlaceholderEdge] = []
        /// The child reached through the fragment boundary; an array of at most one, since a struct cannot
        /// hold an optional of itself.
        @exclusivity(unchecked) var fragment: [TrieNode] = []
        /// Routes whose required prefix ends here; their tails are run from this node's position.
        @exclusivity(unchecked) var routes: [RouteEntry] = []

        init() {}

        init(copying other: Storage) {
            literals = other.literals
            placeholders = other.placeholders
            fragment = other.fragment
            routes = other.routes
        }

        var isEmpty: Bool { literals.isEmpty && placeholders.isEmpty && fragment.isEmpty && routes.isEmpty }
    }

    private(set) var storage = Storage()

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(copying: storage) }
    }

    /// Adds `entry` at the end of `edges`, creating nodes as needed.
    mutating func insert(_ entry: RouteEntry, along edges: ArraySlice<CompiledPattern.Edge>) {
        makeUnique()
        guard let edge = edges.first else {
            storage.routes.append(entry)
            return
        }
        let rest = edges.dropFirst()
        switch edge {
        case .fragment:
            if storage.fragment.isEmpty { storage.fragment.append(TrieNode()) }
            storage.fragment[0].insert(entry, along: rest)
        case .segment(.literal(let key), _):
            storage.literals[key, default: TrieNode()].insert(entry, along: rest)
        case .segment(.placeholder(let name, let converter), _):
            if let index = placeholderIndex(name: name, converter: converter) {
                storage.placeholders[index].node.insert(entry, along: rest)
            } else {
                let rank = SegmentMatcher.placeholder(name: name, converter: converter).rank
                var node = TrieNode()
                node.insert(entry, along: rest)
                let position = storage.placeholders.firstIndex { $0.rank > rank } ?? storage.placeholders.count
                storage.placeholders.insert(PlaceholderEdge(name: name, converter: converter, rank: rank, node: node),
                                            at: position)
            }
        }
    }

    /// Removes the routes at the end of `edges` for which `shouldRemove` is true, pruning emptied nodes.
    /// Returns the removed entries.
    mutating func remove(along edges: ArraySlice<CompiledPattern.Edge>,
                         where shouldRemove: (RouteEntry) -> Bool) -> [RouteEntry] {
        guard let edge = edges.first else {
            guard storage.routes.contains(where: shouldRemove) else { return [] }
            makeUnique()
            let removed = storage.routes.filter(shouldRemove)
            storage.routes.removeAll(where: shouldRemove)
            return removed
        }
        let rest = edges.dropFirst()
        switch edge {
        case .fragment:
            guard !storage.fragment.isEmpty else { return [] }
            makeUnique()
            let removed = storage.fragment[0].remove(along: rest, where: shouldRemove)
            if storage.fragment[0].storage.isEmpty { storage.fragment = [] }
            return removed
        case .segment(.literal(let key), _):
            guard storage.literals[key] != nil else { return [] }
            makeUnique()
            let removed = storage.literals[key]!.remove(along: rest, where: shouldRemove)
            if storage.literals[key]!.storage.isEmpty { storage.literals[key] = nil }
            return removed
        case .segment(.placeholder(let name, let converter), _):
            guard let index = placeholderIndex(name: name, converter: converter) else { return [] }
            makeUnique()
            let removed = storage.placeholders[index].node.remove(along: rest, where: shouldRemove)
            if storage.placeholders[index].node.storage.isEmpty { storage.placeholders.remove(at: index) }
            return removed
        }
    }

    private func placeholderIndex(name: String, converter: RouteConverter?) -> Int? {
        storage.placeholders.firstIndex { $0.name == name && $0.converter?.name == converter?.name }
    }
}
