import Foundation

/// The legacy encodings `FileReader.readAsText` accepts besides UTF-8, decoded by Foundation.
enum TextDecoding {
    private enum Kind { case utf8, utf16LE, utf16BE, foundation(String.Encoding) }

    /// Encoding labels (the Encoding standard's, lower case) of the encodings supported here.
    private static let labels: [String: Kind] = {
        var table: [String: Kind] = [:]
        func add(_ kind: Kind, _ names: String) { for name in names.split(separator: " ") { table[String(name)] = kind } }
        add(.utf8, "utf-8 utf8 unicode-1-1-utf-8 unicode11utf8 unicode20utf8 x-unicode20utf8")
        add(.utf16LE, "utf-16le utf-16 ucs-2 unicode unicodefeff iso-10646-ucs-2 csunicode")
        add(.utf16BE, "utf-16be unicodefffe")
        add(.foundation(.windowsCP1252), "windows-1252 latin1 iso-8859-1 iso8859-1 iso88591 iso_8859-1 l1 ascii us-ascii cp1252 x-cp1252 cp819 ibm819 csisolatin1 iso-ir-100")
        add(.foundation(.windowsCP1251), "windows-1251 cp1251 x-cp1251")
        add(.foundation(.isoLatin2), "iso-8859-2 iso8859-2 latin2 l2 csisolatin2")
        add(.foundation(.shiftJIS), "shift_jis shift-jis sjis ms_kanji csshiftjis windows-31j x-sjis")
        add(.foundation(.japaneseEUC), "euc-jp cseucpkdfmtjapanese x-euc-jp")
        return table
    }()

    static func decode(_ bytes: [UInt8], labels candidates: [String]) -> String {
        var bytes = bytes[...]
        var kind = candidates.lazy.compactMap { labels[$0.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()] }.first ?? .utf8
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { kind = .utf8; bytes = bytes.dropFirst(3) }
        else if bytes.starts(with: [0xFF, 0xFE]) { kind = .utf16LE; bytes = bytes.dropFirst(2) }
        else if bytes.starts(with: [0xFE, 0xFF]) { kind = .utf16BE; bytes = bytes.dropFirst(2) }
        switch kind {
        case .utf8:
            return String(decoding: bytes, as: UTF8.self)
        case .utf16LE, .utf16BE:
            let bigEndian = if case .utf16BE = kind { true } else { false }
            var units = stride(from: bytes.startIndex, to: bytes.endIndex - 1, by: 2).map { index -> UInt16 in
                let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
                return bigEndian ? first << 8 | second : second << 8 | first
            }
            if bytes.count % 2 == 1 { units.append(0xD800) }   // a lone trailing byte decodes to U+FFFD
            return String(decoding: units, as: UTF16.self)
        case .foundation(let encoding):
            return String(bytes: bytes, encoding: encoding) ?? String(decoding: bytes, as: UTF8.self)
        }
    }
}
