/// Finds the raw text of one member of each object in a JSON array, without parsing it.
///
/// Used only on text that already parsed as JSON, so it checks nothing: it tracks strings and
/// nesting and cuts out `"key": value` spans at the second level.
struct RawJSONScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    /// For each element of the array `text`, the text of its member `key`; nil where the element is
    /// not an object or lacks the member.
    static func memberTexts(_ key: String, inArray text: String) -> [String?] {
        var text = text
        return text.withUTF8 { buffer in
            var scanner = RawJSONScanner(bytes: buffer)
            return scanner.scanArray(key: Array(key.utf8))
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    private mutating func scanArray(key: [UInt8]) -> [String?] {
        var result: [String?] = []
        skipSpace()
        guard index < bytes.count, bytes[index] == 0x5B else { return result }
        index += 1
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] != 0x5D else { return result }
            if bytes[index] == 0x7B {
                result.append(scanObject(key: key))
            } else {
                skipValue()
                result.append(nil)
            }
            skipSpace()
            if index < bytes.count, bytes[index] == 0x2C { index += 1 } else { return result }
        }
    }

    private mutating func scanObject(key: [UInt8]) -> String? {
        var found: String?
        index += 1  // {
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == 0x22 else { index += 1; return found }
            let keyStart = index + 1
            skipString()
            let keyBytes = UnsafeBufferPointer(rebasing: bytes[keyStart..<(index - 1)])
            skipSpace()
            index += 1  // :
            skipSpace()
            let valueStart = index
            skipValue()
            if keyBytes.elementsEqual(key) {
                found = String(decoding: UnsafeBufferPointer(rebasing: bytes[valueStart..<index]), as: UTF8.self)
            }
            skipSpace()
            if index < bytes.count, bytes[index] == 0x2C { index += 1; continue }
            index += 1  // }
            return found
        }
    }

    private mutating func skipString() {
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case 0x5C: index += 2
            case 0x22: index += 1; return
            default: index += 1
            }
        }
    }

    private mutating func skipValue() {
        guard index < bytes.count else { return }
        switch bytes[index] {
        case 0x22: skipString()
        case 0x7B, 0x5B:
            var depth = 0
            while index < bytes.count {
                switch bytes[index] {
                case 0x22: skipString(); continue
                case 0x7B, 0x5B: depth += 1
                case 0x7D, 0x5D:
                    depth -= 1
                    if depth == 0 { index += 1; return }
                default: break
                }
                index += 1
            }
        default:
            while index < bytes.count, ![0x2C, 0x7D, 0x5D, 0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }
    }
}
