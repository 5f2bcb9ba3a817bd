/// A route as stored in the trie: its public description, its compiled tail and its handler.
///
/// Immutable, so snapshots of the trie share entries freely between threads.
final class RouteEntry: Sendable {
    let route: URLRoute
    let compiled: CompiledPattern
    let handler: URLRouter.Handler
    /// The expanded pattern of a route without optional groups: always the same, so computed once.
    let fixedExpansion: String?
    /// Copies of the compiled pattern's hot fields, so the trie walk reads them without copying the pattern.
    let tail: [TailInstruction]
    let isSimple: Bool
    let hasOptionalGroups: Bool

    init(route: URLRoute, compiled: CompiledPattern, handler: @escaping URLRouter.Handler) {
        self.route = route
        self.compiled = compiled
        self.handler = handler
        tail = compiled.tail
        isSimple = compiled.isSimple
        hasOptionalGroups = compiled.tailHasOptionalGroups
        fixedExpansion = compiled.tailHasOptionalGroups ? nil : PatternElement.expand(
            compiled.prefixSources + compiled.tail.compactMap(Self.source))
    }

    static func source(_ instruction: TailInstruction) -> String? {
        switch instruction {
        case .segment(_, let source), .path(_, let source): return source
        case .fragment: return "#"
        case .wildcard: return "*"
        case .optional, .accept: return nil
        }
    }
}
