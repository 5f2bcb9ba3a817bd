/// The router's URL splitter and pattern parser seen from the rest of the package, in plain types: the fuzz
/// targets check their properties. `package`, not public.
package enum RouterParsing {
    /// A URL as the splitter cuts it.
    package struct Split: Equatable, Sendable {
        package var scheme: String?
        package var segments: [String]
        package var fragmentIndex: Int?
        package var query: [String: [String]]
        /// The bytes the splitter visited, to check that its work is linear in the URL's length.
        package var steps: Int
    }

    /// One element of a pattern that has no optional group, catch-all, fragment or converter.
    package enum PlainElement: Equatable, Sendable {
        /// A literal segment, decoded as URLs are.
        case literal(String)
        /// A placeholder capturing one segment.
        case placeholder(String)
    }

    /// A parsed pattern.
    package struct Pattern: Equatable, Sendable {
        package var scheme: String?
        /// The pattern rendered back in normal form (single slashes, no scheme).
        package var rendered: String
        /// The elements, when every one is a literal or a converter-less placeholder.
        package var plainElements: [PlainElement]?
    }

    /// `url` split with `options`; nil for input that is not a URL.
    package static func split(_ url: String, options: URLRouterOptions) -> Split? {
        var steps = 0
        guard let split = URLSplitter.split(url, options: options, steps: &steps) else { return nil }
        return Split(scheme: split.scheme, segments: split.segments, fragmentIndex: split.fragmentIndex,
                     query: split.query, steps: steps)
    }

    /// `pattern` parsed with `options` and the built-in converters, as `URLRouter.register` parses it.
    package static func parsePattern(_ pattern: String, options: URLRouterOptions) throws(RoutePatternError) -> Pattern {
        let parsed = try PatternParser(options: options, converters: RouteConverter.builtIns).parse(pattern)
        var plain: [PlainElement]? = []
        for element in parsed.elements {
            switch element {
            case .literal(let key, _): plain?.append(.literal(key))
            case .placeholder(let name, nil, _): plain?.append(.placeholder(name))
            default: plain = nil
            }
        }
        return Pattern(scheme: parsed.scheme, rendered: PatternElement.render(parsed.elements), plainElements: plain)
    }
}
