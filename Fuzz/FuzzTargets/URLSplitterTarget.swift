import HybridRouting

/// The router's URL splitter, with every combination of options: linear work, no empty segment, a `/` inside a
/// segment only from an encoded `%2F`, the fragment marker where its index says, named query items, and segments
/// that survive being encoded into a path and split again.
package enum URLSplitterTarget: FuzzTarget {
    package static let name = "URLSplitterFuzz"

    static let optionSets: [URLRouterOptions] = [false, true].flatMap { plus in
        [false, true].flatMap { host in
            [false, true].map { URLRouterOptions(decodePlus: plus, hostAsPath: host, caseInsensitivePaths: $0) }
        }
    }

    package static func check(_ input: [UInt8]) throws(PropertyViolation) {
        let url = String(decoding: input, as: UTF8.self)
        let hasEncodedSlash = url.utf8.count >= 3 && url.lowercased().contains("%2f")
        for options in optionSets {
            guard let split = RouterParsing.split(url, options: options) else {
                guard url.isEmpty else { throw PropertyViolation("\(quoted(url)) did not split (\(options))") }
                continue
            }
            let bound = 8 * (url.utf8.count + 1)
            guard split.steps <= bound else {
                throw PropertyViolation("splitting \(quoted(url)) took \(split.steps) steps, over \(bound)")
            }
            for segment in split.segments {
                guard !segment.isEmpty else { throw PropertyViolation("\(quoted(url)) has an empty segment") }
                guard hasEncodedSlash || !segment.contains("/") else {
                    throw PropertyViolation("segment \(quoted(segment)) of \(quoted(url)) contains '/'")
                }
            }
            if let marker = split.fragmentIndex {
                guard split.segments.indices.contains(marker), split.segments[marker] == "#" else {
                    throw PropertyViolation("the fragment index \(marker) of \(quoted(url)) is not the marker")
                }
            }
            guard !split.query.keys.contains("") else {
                throw PropertyViolation("\(quoted(url)) has a query item without a name")
            }
            let path = Array(split.segments.prefix(split.fragmentIndex ?? split.segments.count))
            let rebuilt = "/" + path.map(percentEncoded).joined(separator: "/")
            guard let again = RouterParsing.split(rebuilt, options: options), again.segments == path else {
                throw PropertyViolation("the segments \(path) of \(quoted(url)) encoded as \(quoted(rebuilt)) split "
                                        + "into \(String(describing: RouterParsing.split(rebuilt, options: options)?.segments))")
            }
        }
    }
}
