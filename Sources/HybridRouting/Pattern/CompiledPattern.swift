/// A pattern compiled for the trie: the required prefix becomes shared trie edges, the rest a tail program.
///
/// Most patterns have no optional group and no catch-all: their tail is just `accept`, and matching them is a
/// pure trie walk.
struct CompiledPattern: Sendable {
    /// An edge of the shared trie.
    enum Edge: Sendable {
        case segment(SegmentMatcher, source: String)
        case fragment
    }

    /// Namespace named by the pattern text itself (`myapp://...`), lower-cased.
    var scheme: String?
    var prefix: [Edge]
    var tail: [TailInstruction]
    /// The normalized pattern, used to find a route again for removal.
    var canonical: String
    /// Sources of the prefix edges: the start of every expanded pattern.
    var prefixSources: [String]
    var tailHasOptionalGroups: Bool

    /// Whether the tail is just `accept`: such routes match exactly at their trie node.
    var isSimple: Bool { tail.count == 1 }

    init(_ parsed: PatternParser.Parsed) {
        scheme = parsed.scheme
        canonical = PatternElement.render(parsed.elements)
        prefix = []
        prefixSources = []
        var index = 0
        loop: while index < parsed.elements.count {
            switch parsed.elements[index] {
            case .literal(let key, let source):
                prefix.append(.segment(.literal(key), source: source))
            case .placeholder(let name, let converter, let source):
                prefix.append(.segment(.placeholder(name: name, converter: converter), source: source))
            case .fragment:
                prefix.append(.fragment)
            case .wildcard, .path, .group:
                break loop
            }
            prefixSources.append(parsed.elements[index].source)
            index += 1
        }
        tail = []
        tailHasOptionalGroups = false
        Self.emit(parsed.elements[index...], into: &tail, optionalGroups: &tailHasOptionalGroups)
        tail.append(.accept)
    }

    private static func emit(_ elements: ArraySlice<PatternElement>, into program: inout [TailInstruction],
                             optionalGroups: inout Bool) {
        for element in elements {
            switch element {
            case .literal(let key, let source):
                program.append(.segment(.literal(key), source: source))
            case .placeholder(let name, let converter, let source):
                program.append(.segment(.placeholder(name: name, converter: converter), source: source))
            case .fragment:
                program.append(.fragment)
            case .wildcard:
                program.append(.wildcard)
            case .path(let name, let source):
                program.append(.path(name: name, source: source))
            case .group(let inner):
                optionalGroups = true
                let start = program.count
                program.append(.optional(skipTo: -1))
                emit(inner[...], into: &program, optionalGroups: &optionalGroups)
                program[start] = .optional(skipTo: program.count)
            }
        }
    }
}
