/// Splits a `_fetchQueue()` text into messages without building values: for each element of the
/// top-level array, its size and the raw text of the members the protocol knows.
///
/// Data stays text until a handler asks for it, so the built-in echo answers with the page's own
/// text (cheap, and lossless even for lone surrogates). The scan checks the structure (nesting,
/// strings, separators, token characters); anything odd returns nil and the caller falls back
/// to a full parse, which reports the error.
struct RawJSONScanner {
    /// One element of the queue array.
    struct Element {
        /// UTF-8 bytes of the element's text.
        var size: Int
        /// The raw text of each known member; nil when the element is not an object.
        var members: [String: String]?
    }

    static let keys: [[UInt8]] = ["handlerName", "data", "callbackId", "responseId", "responseData", "error"].map { Array($0.utf8) }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

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

    private mutating func scanArray() -> [Element]? {
        var result: [Element] = []
        skipSpace()
        guard current == 0x5B else { return nil }
        index += 1
        skipSpace()
        if current == 0x5D { index += 1; return trailingSpaceOnly() ? result : nil }
        while true {
            skipSpace()
            let start = index
            var members: [String: String]?
            if current == 0x7B {
                guard let found = scanObject() else { return nil }
                members = found
            } else {
                guard skipValue() else { return nil }
            }
            result.append(Element(size: index - start, members: members))
            skipSpace()
            switch current {
            case 0x2C: index += 1
            case 0x5D: index += 1; return trailingSpaceOnly() ? result : nil
            default: return nil
            }
        }
    }

    private mutating func trailingSpaceOnly() -> Bool {
        skipSpace()
        return index == bytes.count
    }

    private mutating func scanObject() -> [String: String]? {
        var found: [String: String] = [:]
        index += 1
        skipSpace()
        if current == 0x7D { index += 1; return found }
        while true {
            skipSpace()
            guard current == 0x22 else { return nil }
            let keyStart = index + 1
            guard skipString() else { return nil }
            let key = UnsafeBufferPointer(rebasing: bytes[keyStart..<(index - 1)])
            skipSpace()
            guard current == 0x3A else { return nil }
            index += 1
            skipSpace()
            let valueStart = index
            guard skipValue() else { return nil }
            if let known = Self.keys.first(where: { key.elementsEqual($0) }) {
                found[String(decoding: known, as: UTF8.self)] = String(decoding: UnsafeBufferPointer(rebasing: bytes[valueStart..<index]), as: UTF8.self)
            }
            skipSpace()
            switch current {
            case 0x2C: index += 1
            case 0x7D: index += 1; return found
            default: return nil
            }
        }
    }

    private mutating func skipString() -> Bool {
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case 0x5C: index += 2
            case 0x22: index += 1; return true
            case 0..<0x20: return false
            default: index += 1
            }
        }
        return false
    }

    /// Skips one value, checking brackets, strings and token characters.
    private mutating func skipValue() -> Bool {
        switch current {
        case 0x22: return skipString()
        case 0x7B, 0x5B:
            var stack: [UInt8] = []
            while index < bytes.count {
                switch bytes[index] {
                case 0x22: guard skipString() else { return false }; continue
                case 0x7B: stack.append(0x7D)
                case 0x5B: stack.append(0x5D)
                case 0x7D, 0x5D:
                    guard stack.popLast() == bytes[index] else { return false }
                    if stack.isEmpty { index += 1; return true }
                case 0x2C, 0x3A, 0x20, 0x0A, 0x0D, 0x09, 0x30...0x39, 0x2D, 0x2B, 0x2E, 0x61...0x7A, 0x45: break
                default: return false
                }
                index += 1
            }
            return false
        default:
            let start = index
            while index < bytes.count, Self.isTokenByte(bytes[index]) { index += 1 }
            return index > start
        }
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x2D, 0x2B, 0x2E, 0x45, 0x65, 0x61...0x7A: true
        default: false
        }
    }
}
