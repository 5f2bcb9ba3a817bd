import Foundation

/// ANSI colours for the readable output, or plain text (`--color auto|always|never`, `NO_COLOR`).
struct RunStyle: Sendable {
    var enabled: Bool

    /// `auto`: colours when standard output is a terminal and `NO_COLOR` is unset or empty.
    static func resolve(_ mode: String) -> RunStyle? {
        switch mode.lowercased() {
        case "always": return RunStyle(enabled: true)
        case "never": return RunStyle(enabled: false)
        case "auto":
            let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
            return RunStyle(enabled: !noColor && isatty(STDOUT_FILENO) == 1)
        default: return nil
        }
    }

    private func paint(_ code: String, _ text: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    func dim(_ text: String) -> String { paint("2", text) }
    func bold(_ text: String) -> String { paint("1", text) }
    func red(_ text: String) -> String { paint("31", text) }
    func green(_ text: String) -> String { paint("32", text) }
    func yellow(_ text: String) -> String { paint("33", text) }
    func cyan(_ text: String) -> String { paint("36", text) }
}
