/// Writes test results as TAP (Test Anything Protocol, version 13), one line per test as files
/// finish, the plan (`1..N`) at the end.
///
/// ```
/// TAP version 13
/// ok 1 - web/tests/a.test.html › adds
/// not ok 2 - web/tests/a.test.html › fails
///   ---
///   message: "expected 1 to equal 2"
///   at: "web/tests/a.test.html:12"
///   ...
/// ok 3 - web/tests/a.test.html › later # SKIP
/// 1..3
/// ```
public struct TAPWriter: Sendable {
    private var number = 0

    /// A writer that numbers tests from 1.
    public init() {}

    /// `TAP version 13`.
    public var header: String { "TAP version 13\n" }

    /// The lines for one file's tests, numbered after the previous files'.
    public mutating func lines(for file: TestFileReport) -> String {
        var out = ""
        for test in file.tests {
            number += 1
            let description = Self.clean(test.name == file.file ? file.file : "\(file.file) › \(test.name)")
            switch test.status {
            case .passed:
                out += "ok \(number) - \(description)\n"
            case .skipped:
                out += "ok \(number) - \(description) # SKIP\n"
            case .failed:
                out += "not ok \(number) - \(description)\n  ---\n"
                out += "  message: \(Self.quoted(test.message ?? "failed"))\n"
                if let location = test.location {
                    out += "  at: \(Self.quoted(location.description))\n"
                    if let text = location.text { out += "  line: \(Self.quoted(text))\n" }
                }
                out += "  ...\n"
            }
        }
        return out
    }

    /// The plan, `1..N` for the tests written so far.
    public var plan: String { "1..\(number)\n" }

    /// The whole report at once.
    public static func tap(for report: TestSuiteReport) -> String {
        var writer = TAPWriter()
        return writer.header + report.files.map { writer.lines(for: $0) }.joined() + writer.plan
    }

    /// A description: `#` starts a directive and `\` escapes, so both are escaped with a backslash (as TAP 14 has it);
    /// a line break would end the line, and the other control characters would garble a terminal, so each is
    /// written as an escape (`\r`, `\x1B`).
    private static func clean(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "#": out += "\\#"
            default:
                if let escape = controlEscape(scalar) { out += escape } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    /// A YAML double-quoted string: every character YAML does not print as itself (control characters, line
    /// breaks such as U+2028, the byte-order mark, non-characters) is escaped.
    private static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default:
                if let escape = controlEscape(scalar) { out += escape } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }

    /// The escape of a character that must not appear as itself on a TAP line: C0 and C1 controls, DEL, the
    /// Unicode line and paragraph separators, the byte-order mark and U+FFFE/U+FFFF; nil for any other.
    private static func controlEscape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x09: return "\\t"
        case 0x00..<0x20, 0x7F...0x9F:
            return "\\x" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 2)
        case 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF:
            return "\\u" + String(scalar.value, radix: 16, uppercase: true)
        default:
            return nil
        }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
