/// One piece of a parsed pattern, before it is compiled into trie edges and a tail program.
indirect enum PatternElement: Sendable {
    /// A literal segment: `key` is decoded (and lower-cased when literals compare case-insensitively); `source`
    /// is the text as written, for expanded patterns.
    case literal(key: String, source: String)
    /// `:name`, `<name>`, `<string:name>` (converter nil) or `<int:name>` and friends.
    case placeholder(name: String, converter: RouteConverter?, source: String)
    /// A trailing `*`: the remaining segments, zero or more.
    case wildcard
    /// A trailing `<path:name>`: the remaining segments, one or more, joined by `/`.
    case path(name: String, source: String)
    /// `#`: the boundary between the path and a fragment that continues it.
    case fragment
    /// `( ... )`: elements that may be absent.
    case group([PatternElement])

    /// The text this element stands for in an expanded pattern.
    var source: String {
        switch self {
        case .literal(_, let source), .placeholder(_, _, let source), .path(_, let source): return source
        case .wildcard: return "*"
        case .fragment: return "#"
        case .group: return ""
        }
    }

    /// Renders elements back into a normalized pattern (single slashes, no trailing slash).
    static func render(_ elements: [PatternElement]) -> String {
        var text = ""
        for element in elements {
            switch element {
            case .fragment: text += "#"
            case .group(let inner): text += "(" + render(inner) + ")"
            default: text += "/" + element.source
            }
        }
        return text
    }

    /// Joins the sources of the elements a match went through into an expanded pattern.
    static func expand(_ sources: [String]) -> String {
        var text = ""
        for source in sources {
            text += source == "#" ? "#" : "/" + source
        }
        return text.isEmpty ? "/" : text
    }
}
