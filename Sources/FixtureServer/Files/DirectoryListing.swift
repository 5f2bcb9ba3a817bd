import Glibc

/// The optional HTML listing of a folder without `index.html`: names sorted, dotfiles left out, escaped.
enum DirectoryListing {
    static func html(directory: String, urlPath: String) -> String {
        var names: [(String, Bool)] = []
        if let dir = opendir(directory) {
            defer { closedir(dir) }
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
                }
                if name.hasPrefix(".") { continue }
                names.append((name, PathResolver.isDirectory(directory + "/" + name)))
            }
        }
        names.sort { $0.0 < $1.0 }
        let title = escape(urlPath)
        var html = "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>Index of \(title)</title></head>\n"
        html += "<body><h1>Index of \(title)</h1>\n<ul>\n"
        if urlPath != "/" { html += "<li><a href=\"../\">../</a></li>\n" }
        for (name, isDirectory) in names {
            let shown = name + (isDirectory ? "/" : "")
            html += "<li><a href=\"\(escape(percentEncode(name)) + (isDirectory ? "/" : ""))\">\(escape(shown))</a></li>\n"
        }
        return html + "</ul>\n</body></html>\n"
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    static func percentEncode(_ name: String) -> String {
        var out = ""
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                 UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}
