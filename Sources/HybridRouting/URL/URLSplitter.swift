/// Splits URL strings without Foundation's `URL`, which rejects strings routers must accept (spaces, bare `%`,
/// `{}`) and costs about a microsecond per parse.
///
/// One pass over the UTF-8 bytes; `steps` counts the bytes visited so tests can check the work is linear.
enum URLSplitter {
    static func split(_ url: String, options: URLRouterOptions) -> SplitURL? {
        var steps = 0
        return split(url, options: options, steps: &steps)
    }

    static func split(_ url: String, options: URLRouterOptions, steps: inout Int) -> SplitURL? {
        var text = url
        return text.withUTF8 { split(bytes: $0, options: options, steps: &steps) }
    }

    private static func split(bytes: UnsafeBufferPointer<UInt8>, options: URLRouterOptions, steps: inout Int) -> SplitURL? {
        if bytes.isEmpty { return nil }
        var result = SplitURL(scheme: nil, segments: [], fragmentIndex: nil, query: [:])
        result.segments.reserveCapacity(8)
        let end = bytes.count
        var index = 0

        // Scheme and authority.
        if let schemeEnd = schemeLength(bytes, steps: &steps) {
            result.scheme = asciiLowercased(UnsafeBufferPointer(rebasing: bytes[0..<schemeEnd]))
            index = schemeEnd + 1
            if index + 1 < end, bytes[index] == slash, bytes[index + 1] == slash {
                index += 2
                let authorityStart = index
                while index < end, bytes[index] != slash, bytes[index] != question, bytes[index] != hash {
                    index += 1
                }
                steps += index - authorityStart
                if let host = host(UnsafeBufferPointer(rebasing: bytes[authorityStart..<index]), options: options) {
                    result.segments.append(host)
                }
            }
        }

        // Path.
        let pathStart = index
        while index < end, bytes[index] != question, bytes[index] != hash { index += 1 }
        appendSegments(UnsafeBufferPointer(rebasing: bytes[pathStart..<index]), to: &result.segments,
                       options: options, steps: &steps)

        // Query.
        if index < end, bytes[index] == question {
            let queryStart = index + 1
            index = queryStart
            while index < end, bytes[index] != hash { index += 1 }
            appendQuery(UnsafeBufferPointer(rebasing: bytes[queryStart..<index]), to: &result.query,
                        options: options, steps: &steps)
        }

        // Fragment: a path continuation, query-like items, or ignored.
        if index < end, bytes[index] == hash {
            let fragment = UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end])
            steps += fragment.count
            if fragment.first == slash {
                var pathEnd = 0
                while pathEnd < fragment.count, fragment[pathEnd] != question { pathEnd += 1 }
                result.fragmentIndex = result.segments.count
                result.segments.append(SplitURL.fragmentMarker)
                appendSegments(UnsafeBufferPointer(rebasing: fragment[0..<pathEnd]), to: &result.segments,
                               options: options, steps: &steps)
                if pathEnd < fragment.count {
                    appendQuery(UnsafeBufferPointer(rebasing: fragment[(pathEnd + 1)...]), to: &result.query,
                                options: options, steps: &steps)
                }
            } else if fragment.contains(equals) {
                appendQuery(fragment, to: &result.query, options: options, steps: &steps)
            }
        }
        return result
    }

    /// Length of a leading `scheme:` (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`), if any.
    static func schemeLength(_ bytes: UnsafeBufferPointer<UInt8>, steps: inout Int) -> Int? {
        guard let first = bytes.first, isLetter(first) else { return nil }
        var index = 1
        while index < bytes.count {
            let byte = bytes[index]
            steps += 1
            if byte == colon { return index }
            guard isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") else { return nil }
            index += 1
        }
        return nil
    }

    /// The host as a path component, or nil when it is a network host (contains `.` or is `localhost`) or empty.
    private static func host(_ authority: UnsafeBufferPointer<UInt8>, options: URLRouterOptions) -> String? {
        var start = 0
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) { start = at + 1 }
        var end = authority.count
        // Drop a port, but not the colons inside an IPv6 literal.
        if let colonIndex = authority[start...].lastIndex(of: colon),
           !authority[colonIndex...].contains(UInt8(ascii: "]")) {
            end = colonIndex
        }
        if start >= end { return nil }
        let hostBytes = UnsafeBufferPointer(rebasing: authority[start..<end])
        // Byte checks: String's `contains` goes through Foundation here and costs more than the whole split.
        if !options.hostAsPath {
            if hostBytes.first == UInt8(ascii: "[") || hostBytes.contains(UInt8(ascii: ".")) { return nil }
            if hostBytes.count == 9, asciiLowercased(hostBytes) == "localhost" { return nil }
        }
        if hostBytes.contains(UInt8(ascii: "%")) {
            return PercentDecoding.decode(hostBytes, plusAsSpace: false).lowercased()
        }
        return asciiLowercased(hostBytes)
    }

    /// Lower-cases ASCII letters only: schemes and hosts are ASCII, and Unicode case mapping is slow.
    private static func asciiLowercased(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else {
            return String(decoding: bytes, as: UTF8.self)
        }
        return String(decoding: bytes.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 },
                      as: UTF8.self)
    }

    /// Splits on `/`, dropping empty segments (leading, trailing and repeated slashes), and decodes each segment.
    private static func appendSegments(_ path: UnsafeBufferPointer<UInt8>, to segments: inout [String],
                                       options: URLRouterOptions, steps: inout Int) {
        var start = 0
        for index in 0...path.count {
            steps += 1
            guard index == path.count || path[index] == slash else { continue }
            if index > start {
                segments.append(PercentDecoding.decode(UnsafeBufferPointer(rebasing: path[start..<index]),
                                                       plusAsSpace: options.decodePlus))
            }
            start = index + 1
        }
    }

    /// Splits `a=1&b&a=2` into items; a repeated key keeps all its values in order, an item without `=` has an
    /// empty value, and empty items are skipped.
    private static func appendQuery(_ query: UnsafeBufferPointer<UInt8>, to parameters: inout [String: [String]],
                                    options: URLRouterOptions, steps: inout Int) {
        var start = 0
        for index in 0...query.count {
            steps += 1
            guard index == query.count || query[index] == ampersand else { continue }
            if index > start {
                let item = UnsafeBufferPointer(rebasing: query[start..<index])
                let split = item.firstIndex(of: equals) ?? item.count
                let name = PercentDecoding.decode(UnsafeBufferPointer(rebasing: item[0..<split]),
                                                  plusAsSpace: options.decodePlus)
                let value = split < item.count
                    ? PercentDecoding.decode(UnsafeBufferPointer(rebasing: item[(split + 1)...]),
                                             plusAsSpace: options.decodePlus)
                    : ""
                if !name.isEmpty { parameters[name, default: []].append(value) }
            }
            start = index + 1
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    private static let slash = UInt8(ascii: "/")
    private static let question = UInt8(ascii: "?")
    private static let hash = UInt8(ascii: "#")
    private static let colon = UInt8(ascii: ":")
    private static let equals = UInt8(ascii: "=")
    private static let ampersand = UInt8(ascii: "&")
}
