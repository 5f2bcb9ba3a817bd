import HybridRouting

/// The router's pattern parser, with every combination of options: a pattern's normal form parses to itself,
/// and a pattern of literals and placeholders matches the URL spelled from it.
package enum RoutePatternTarget: FuzzTarget {
    package static let name = "RoutePatternFuzz"

    package static func check(_ input: [UInt8]) throws(PropertyViolation) {
        let pattern = String(decoding: input, as: UTF8.self)
        for options in URLSplitterTarget.optionSets {
            guard let parsed = try? RouterParsing.parsePattern(pattern, options: options) else { continue }
            guard parsed.scheme == nil else { continue }
            let again: RouterParsing.Pattern
            do {
                again = try RouterParsing.parsePattern(parsed.rendered, options: options)
            } catch {
                throw PropertyViolation("\(quoted(pattern)) in normal form \(quoted(parsed.rendered)) fails: \(error)")
            }
            guard again.rendered == parsed.rendered, again.plainElements == parsed.plainElements else {
                throw PropertyViolation("\(quoted(pattern)) in normal form \(quoted(parsed.rendered)) parses as "
                                        + "\(quoted(again.rendered))")
            }
            guard let elements = parsed.plainElements else { continue }
            let router = URLRouter(options: options)
            do {
                try router.register(pattern)
            } catch {
                throw PropertyViolation("\(quoted(pattern)) parses but does not register: \(error)")
            }
            let url = "/" + elements.map { element in
                switch element {
                case .literal(let key): percentEncoded(key)
                case .placeholder: "v"
                }
            }.joined(separator: "/")
            guard let match = router.match(url) else {
                throw PropertyViolation("\(quoted(pattern)) does not match \(quoted(url)) (\(options))")
            }
            for case .placeholder(let name) in elements where match.parameters[name] != "v" {
                throw PropertyViolation("\(quoted(pattern)) matching \(quoted(url)) gives \(name) = "
                                        + "\(String(describing: match.parameters[name]))")
            }
        }
    }
}
