/// Parses pattern text (`myapp://user/<int:id>(/:tab)`) into elements.
///
/// Grammar: segments separated by `/` (leading, trailing and repeated slashes ignored); `:name` and `<name>`,
/// `<string:name>`, `<int:name>`, `<float:name>`, `<uuid:name>`, `<custom:name>` capture one segment; a last `*`
/// or `<path:name>` takes the rest; `( ... )` groups whole segments as optional, nested or not; one `#` marks
/// where a fragment continues the path. An optional `scheme://` prefix names the pattern's namespace, and then the
/// first segment is the host, following the same host rule as URLs.
struct PatternParser {
    /// More groups than this is almost certainly a generated mistake; the limit keeps compiled tails small.
    static let maximumOptionalGroups = 32

    struct Parsed {
        var scheme: String?
        var elements: [PatternElement]
    }

    var options: URLRouterOptions
    var converters: [String: RouteConverter]

    func parse(_ pattern: String) throws(RoutePatternError) -> Parsed {
        var rest = Substring(pattern)
        var scheme: String?
        var steps = 0
        var text = pattern
        let schemeEnd = text.withUTF8 { URLSplitter.schemeLength($0, steps: &steps) }
        if let schemeEnd {
            let afterColon = pattern.utf8.index(pattern.utf8.startIndex, offsetBy: schemeEnd + 1)
            if pattern.utf8[afterColon...].starts(with: "//".utf8) {
                scheme = String(pattern.utf8.prefix(schemeEnd))!.lowercased()
                rest = pattern[pattern.utf8.index(afterColon, offsetBy: 2)...]
            }
        }

        var stack: [[PatternElement]] = [[]]
        var buffer = ""
        var groups = 0
        var sawFragment = false
        // Scalar by scalar, as URLs are split byte by byte: as a grapheme, `/` and a combining mark after it are
        // one character, and the slash would stop separating segments.
        var iterator = rest.unicodeScalars.makeIterator()

        func flush() throws(RoutePatternError) {
            defer { buffer = "" }
            if buffer.isEmpty { return }
            stack[stack.count - 1].append(try element(for: buffer, pattern: pattern))
        }

        while let character = iterator.next() {
            switch character {
            case "<":
                buffer.unicodeScalars.append(character)
                var closed = false
                while let inner = iterator.next() {
                    if inner == "/" || inner == "(" || inner == ")" || inner == "#" || inner == "<" { break }
                    buffer.unicodeScalars.append(inner)
                    if inner == ">" { closed = true; break }
                }
                if !closed { throw RoutePatternError(pattern: pattern, reason: .malformedPlaceholder(buffer)) }
            case "/":
                try flush()
            case "(":
                try flush()
                groups += 1
                stack.append([])
            case ")":
                try flush()
                guard stack.count > 1 else { throw RoutePatternError(pattern: pattern, reason: .unbalancedParentheses) }
                let inner = stack.removeLast()
                if !inner.isEmpty { stack[stack.count - 1].append(.group(inner)) }
            case "#":
                try flush()
                guard stack.count == 1, !sawFragment else {
                    throw RoutePatternError(pattern: pattern, reason: .misplacedFragment)
                }
                sawFragment = true
                stack[0].append(.fragment)
            default:
                buffer.unicodeScalars.append(character)
            }
        }
        try flush()
        guard stack.count == 1 else { throw RoutePatternError(pattern: pattern, reason: .unbalancedParentheses) }
        guard groups <= Self.maximumOptionalGroups else {
            throw RoutePatternError(pattern: pattern, reason: .tooManyOptionalGroups(groups))
        }

        var elements = stack[0]
        if scheme != nil, case .literal(_, let source)? = elements.first {
            // The first segment of `scheme://host/...` is the host: compared case-insensitively, and dropped
            // when it is a network host, exactly as the splitter treats URLs.
            let host = source.lowercased()
            if !options.hostAsPath && (host == "localhost" || host.contains(".")) {
                elements.removeFirst()
            } else {
                elements[0] = .literal(key: PercentDecoding.decode(host, plusAsSpace: false), source: host)
            }
        }
        var sawCatchAll = false
        try checkCatchAllIsLast(elements, sawCatchAll: &sawCatchAll, pattern: pattern)
        return Parsed(scheme: scheme, elements: elements)
    }

    private func element(for text: String, pattern: String) throws(RoutePatternError) -> PatternElement {
        if text == "*" { return .wildcard }
        if text.hasPrefix(":") {
            let name = String(text.dropFirst())
            if name.isEmpty { throw RoutePatternError(pattern: pattern, reason: .emptyParameterName) }
            return .placeholder(name: name, converter: nil, source: text)
        }
        if text.contains("<") || text.contains(">") {
            guard text.hasPrefix("<"), text.hasSuffix(">"), text.count >= 2 else {
                throw RoutePatternError(pattern: pattern, reason: .malformedPlaceholder(text))
            }
            let inner = text.dropFirst().dropLast()
            guard let colon = inner.firstIndex(of: ":") else {
                if inner.isEmpty { throw RoutePatternError(pattern: pattern, reason: .emptyParameterName) }
                return .placeholder(name: String(inner), converter: nil, source: text)
            }
            let converterName = String(inner[..<colon])
            let name = String(inner[inner.index(after: colon)...])
            if name.isEmpty { throw RoutePatternError(pattern: pattern, reason: .emptyParameterName) }
            switch converterName {
            case "string": return .placeholder(name: name, converter: nil, source: text)
            case "path": return .path(name: name, source: text)
            default:
                guard let converter = converters[converterName] else {
                    throw RoutePatternError(pattern: pattern, reason: .unknownConverter(converterName))
                }
                return .placeholder(name: name, converter: converter, source: text)
            }
        }
        var key = PercentDecoding.decode(text, plusAsSpace: options.decodePlus)
        if options.caseInsensitivePaths { key = key.lowercased() }
        return .literal(key: key, source: text)
    }

    /// After a catch-all only closing parentheses may follow.
    private func checkCatchAllIsLast(_ elements: [PatternElement], sawCatchAll: inout Bool,
                                     pattern: String) throws(RoutePatternError) {
        for element in elements {
            if sawCatchAll { throw RoutePatternError(pattern: pattern, reason: .catchAllNotLast) }
            switch element {
            case .wildcard, .path: sawCatchAll = true
            case .group(let inner): try checkCatchAllIsLast(inner, sawCatchAll: &sawCatchAll, pattern: pattern)
            default: break
            }
        }
    }
}
