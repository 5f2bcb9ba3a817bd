/// Escapes text for XML 1.0 attributes and content. Characters XML 1.0 cannot carry (most control
/// characters, lone surrogates cannot occur in Swift strings) become U+FFFD. The same text is valid HTML (`hybrid`'s
/// `--report` pages use it).
package enum XMLEscaping {
    package static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            default:
                let value = scalar.value
                if value < 0x20 || value == 0xFFFE || value == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}

extension Duration {
    /// Seconds, with millisecond precision, as JUnit and TAP print them.
    var secondsText: String {
        let (seconds, attoseconds) = components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        let whole = milliseconds / 1000, fraction = milliseconds % 1000
        let padded = String(fraction)
        return "\(whole)." + String(repeating: "0", count: 3 - padded.count) + padded
    }
}
