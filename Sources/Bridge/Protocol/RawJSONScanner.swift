import JavaScript

/// Splits a `_fetchQueue()` text into messages without building values: for each element of the
/// top-level array, its size and the raw text of the members the protocol knows.
///
/// Data stays text until a handler asks for it, so the built-in echo answers with the page's own
/// text (cheap, and lossless even for lone surrogates). The scan checks the whole JSON grammar
/// (what the page sends back may have come from a page that replaced `_fetchQueue`), so what is
/// kept as text is valid JSON; anything else returns nil, and the caller parses the text to say
/// what is wrong.
///
/// Nesting is limited as the engine's parser limits it (``maximumDepth``), so every data text the
/// scan keeps also parses. An element nested deeper is still read to its end, without recursion,
/// and marked: it is refused alone and the elements around it are delivered.
struct RawJSONScanner {
    /// One element of the queue array.
    struct Element {
        /// UTF-8 bytes of the element's text.
        var size: Int
        /// The raw text of each known member; nil when the element is not an object.
        var members: Members?
        /// A member's value (or the element itself, when it is not an object) nests deeper than
        /// ``RawJSONScanner/maximumDepth``.
        var isTooDeep = false
    }

    /// The raw texts of the members the protocol knows; nil for a member that is absent.
    struct Members {
        var handlerName: String?
        var data: String?
        var callbackId: String?
        var responseId: String?
        var responseData: String?
        var error: String?

        /// Stores `text` for `key` when it is one of the protocol's keys.
        mutating func set(_ key: UnsafeBufferPointer<UInt8>, _ text: @autoclosure () -> String) {
            func matches(_ name: StaticString) -> Bool {
                key.elementsEqual(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
            }
            switch key.count {
            case 4 where matches("data"): data = text()
            case 5 where matches("error"): error = text()
            case 10 where matches("callbackId"): callbackId = text()
            case 10 where matches("responseId"): responseId = text()
            case 11 where matches("handlerName"): handlerName = text()
            case 12 where matches("responseData"): responseData = text()
            default: break
            }
        }
    }

    /// The deepest nesting of a member's value (the outermost array or object counting as 1): the
    /// limit of the engine's parser, which reads the data when a Swift handler asks for it.
    static let maximumDepth = JSONParseError.maximumDepth

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// The element being scanned went past ``maximumDepth``.
    private var isTooDeep = false

    /// The elements of the array `text`, or nil when the text is not a well-formed array.
    static func elements(of text: String) -> [Element]? {
        var text = text
        return text.withUTF8 { buffer in
            var scanner = RawJSONScanner(bytes: buffer)
            return scanner.scanArray()
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private var current: UInt8 { index < bytes.count ? bytes[index] : 0 }

    private mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    /// The top-level array: each element's size, and the members of those that are objects.
    private mutating func scanArray() -> [Element]? {
        var result: [Element] = []
        skipSpace()
        guard current == 0x5B, skipContainer(closing: 0x5D, depth: 0, entry: { scanner in
            let start = scanner.index
            var members: Members?
            scanner.isTooDeep = false
            if scanner.current == 0x7B {
                guard let found = scanner.scanObject() else { return false }
                members = found
            } else {
                guard scanner.skipValue() else { return false }
            }
            result.append(Element(size: scanner.index - start, members: members, isTooDeep: scanner.isTooDeep))
            return true
        }) else { return nil }
        skipSpace()
        return index == bytes.count ? result : nil
    }

    /// An element object: the raw text of each member the protocol knows. The object itself does
    /// not count towards the nesting limit; its members' values do.
    private mutating func scanObject() -> Members? {
        var found = Members()
        let scanned = skipContainer(closing: 0x7D, depth: 0) { scanner in
            guard let key = scanner.skipKey() else { return false }
            let valueStart = scanner.index
            guard scanner.skipValue() else { return false }
            let value = UnsafeBufferPointer(rebasing: scanner.bytes[valueStart..<scanner.index])
            if key.contains(0x5C) {
                // A name written with escapes may still be a protocol key (`"d\u0061ta"`): decode it (rare).
                guard let name = try? JSONValue(parsing: "\"" + String(decoding: key, as: UTF8.self) + "\"").stringValue
                else { return false }
                Array(name.utf8).withUnsafeBufferPointer { found.set($0, String(decoding: value, as: UTF8.self)) }
            } else if !key.isEmpty {
                found.set(key, String(decoding: value, as: UTF8.self))
            }
            return true
        }
        return scanned ? found : nil
    }

    /// Skips `"key" :` and returns the key's bytes (escapes as written); nil when that is not what follows.
    private mutating func skipKey() -> UnsafeBufferPointer<UInt8>? {
        guard current == 0x22 else { return nil }
        let keyStart = index + 1
        guard skipString() else { return nil }
        let key = UnsafeBufferPointer(rebasing: bytes[keyStart..<(index - 1)])
        skipSpace()
        guard current == 0x3A else { return nil }
        index += 1
        skipSpace()
        return key
    }

    /// Skips one string, checking its escapes.
    private mutating func skipString() -> Bool {
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case 0x22: index += 1; return true
            case 0..<0x20: return false
            case 0x5C:
                guard index + 1 < bytes.count else { return false }
                switch bytes[index + 1] {
                case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74: index += 2
                case 0x75:
                    guard index + 6 <= bytes.count, bytes[(index + 2)..<(index + 6)].allSatisfy(Self.isHexDigit) else { return false }
                    index += 6
                default: return false
                }
            default: index += 1
            }
        }
        return false
    }

    /// Skips one value, checking that it is well-formed JSON; `depth` is the nesting of a container
    /// that starts here.
    private mutating func skipValue(depth: Int = 1) -> Bool {
        switch current {
        case 0x22: return skipString()
        case 0x7B: return skipContainer(closing: 0x7D, depth: depth) { $0.skipKey() != nil && $0.skipValue(depth: depth + 1) }
        case 0x5B: return skipContainer(closing: 0x5D, depth: depth) { $0.skipValue(depth: depth + 1) }
        case 0x74: return skipWord("true")
        case 0x66: return skipWord("false")
        case 0x6E: return skipWord("null")
        default: return skipNumber()
        }
    }

    /// Skips `{...}` or `[...]`, each entry read by `entry`; past ``maximumDepth``, the whole
    /// container is checked without recursion and the element marked too deep.
    private mutating func skipContainer(closing: UInt8, depth: Int, entry: (inout RawJSONScanner) -> Bool) -> Bool {
        guard depth <= Self.maximumDepth else {
            isTooDeep = true
            return skipDeepValue()
        }
        index += 1
        skipSpace()
        if current == closing { index += 1; return true }
        while true {
            skipSpace()
            guard entry(&self) else { return false }
            skipSpace()
            switch current {
            case 0x2C: index += 1
            case closing: index += 1; return true
            default: return false
            }
        }
    }

    /// Skips one value as ``skipValue(depth:)`` does, keeping the open containers in a stack of
    /// its own instead of the call stack: nesting past the limit may be as deep as the page likes.
    private mutating func skipDeepValue() -> Bool {
        var closers: [UInt8] = []
        while true {
            // A value starts here.
            skipSpace()
            switch current {
            case 0x7B, 0x5B:
                let closing: UInt8 = current == 0x7B ? 0x7D : 0x5D
                index += 1
                skipSpace()
                if current == closing {
                    index += 1
                } else {
                    closers.append(closing)
                    if closing == 0x7D { guard skipKey() != nil else { return false } }
                    continue
                }
            case 0x22: guard skipString() else { return false }
            case 0x74: guard skipWord("true") else { return false }
            case 0x66: guard skipWord("false") else { return false }
            case 0x6E: guard skipWord("null") else { return false }
            default: guard skipNumber() else { return false }
            }
            // A value ended: close what it ends, then move to the next entry.
            while true {
                guard let closing = closers.last else { return true }
                skipSpace()
                if current == closing {
                    index += 1
                    closers.removeLast()
                } else if current == 0x2C {
                    index += 1
                    if closing == 0x7D {
                        skipSpace()
                        guard skipKey() != nil else { return false }
                    }
                    break
                } else {
                    return false
                }
            }
        }
    }

    private mutating func skipWord(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
              UnsafeBufferPointer(rebasing: bytes[index..<(index + count)])
                .elementsEqual(UnsafeBufferPointer(start: word.utf8Start, count: count)) else { return false }
        index += count
        return true
    }

    /// Skips `-? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?`.
    private mutating func skipNumber() -> Bool {
        if current == 0x2D { index += 1 }
        if current == 0x30 { index += 1 } else if !skipDigits() { return false }
        if current == 0x2E { index += 1; guard skipDigits() else { return false } }
        if current == 0x65 || current == 0x45 {
            index += 1
            if current == 0x2B || current == 0x2D { index += 1 }
            guard skipDigits() else { return false }
        }
        return true
    }

    private mutating func skipDigits() -> Bool {
        let start = index
        while index < bytes.count, bytes[index] &- 0x30 < 10 { index += 1 }
        return index > start
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x46, 0x61...0x66: true
        default: false
        }
    }
}

extension RawJSONScanner {
    /// True when JSON text `text` holds a `\uXXXX` escape of a UTF-16 surrogate that is not half of an escaped pair:
    /// what `JSON.stringify` writes for a lone surrogate (it writes paired ones as characters). Parsed into a Swift
    /// value it becomes U+FFFD. Texts without a backslash are answered without a scan of their escapes.
    static func hasLoneSurrogateEscape(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.contains(UInt8(ascii: "\\")) else { return false }
            func hex(at index: Int) -> UInt16? {
                guard index + 4 <= bytes.count else { return nil }
                var value: UInt16 = 0
                for byte in bytes[index..<index + 4] {
                    guard let digit = Character(UnicodeScalar(byte)).hexDigitValue else { return nil }
                    value = value << 4 | UInt16(digit)
                }
                return value
            }
            /// The unit of a `\uXXXX` escape starting at `index`, if there is one.
            func escape(at index: Int) -> UInt16? {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { return nil }
                return hex(at: index + 2)
            }
            var index = 0
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "\\") else { index += 1; continue }
                guard let unit = escape(at: index) else { index += 2; continue }   // `\"`, `\\`, `\n`, ...
                index += 6
                switch unit {
                case 0xD800...0xDBFF:
                    guard let next = escape(at: index), (0xDC00...0xDFFF).contains(next) else { return true }
                    index += 6
                case 0xDC00...0xDFFF:
                    return true
                default:
                    continue
                }
            }
            return false
        }
    }
}
