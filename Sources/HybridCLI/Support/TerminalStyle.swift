import ArgumentParser
import Foundation

/// `--color WHEN` of `hybrid run` and `hybrid test`.
enum ColorMode: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// Colours when the output is a terminal and `NO_COLOR` is unset or empty.
    case auto
    case always
    case never

    init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }
}

/// ANSI colours for the readable output, or plain text (`--color auto|always|never`, `NO_COLOR`).
struct TerminalStyle: Sendable {
    var enabled: Bool

    init(enabled: Bool) {
        self.enabled = enabled
    }

    /// The style `mode` asks for; `auto` looks at whether `descriptor` (standard output) is a terminal.
    init(_ mode: ColorMode, for descriptor: Int32 = STDOUT_FILENO) {
        switch mode {
        case .always: enabled = true
        case .never: enabled = false
        case .auto:
            let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
            enabled = !noColor && isatty(descriptor) == 1
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
