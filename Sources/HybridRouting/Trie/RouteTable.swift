/// The routes of one namespace (a scheme's, or the global ones) in one trie.
struct RouteTable: Sendable {
    var root = TrieNode()
    /// Whether URLs of this scheme that no namespace route handles go on to the global routes.
    var fallsBackToGlobal = false
}

/// Every table, as one value: a reader copies it under the lock (a few reference-count increments) and then
/// matches without any lock while writers go on changing the router's own copy.
struct RouteTables: Sendable {
    var global = RouteTable()
    var namespaces: [String: RouteTable] = [:]

    /// Collects every route matching `url`, best first.
    func candidates(for url: SplitURL, options: URLRouterOptions, steps: inout Int) -> [Candidate] {
        var search = MatchSearch(url: url, caseInsensitive: options.caseInsensitivePaths)
        if let scheme = url.scheme, let namespace = namespaces[scheme] {
            search.search(namespace.root, namespaceOrder: 0)
            if namespace.fallsBackToGlobal { search.search(global.root, namespaceOrder: 1) }
        } else {
            search.search(global.root, namespaceOrder: 0)
        }
        steps += search.steps
        var candidates = search.candidates
        if candidates.count > 1 { candidates.sort(by: Candidate.ranksBefore) }
        return candidates
    }
}
