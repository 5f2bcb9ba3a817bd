import Logging

/// The bridge's log: the reference's `WVJB SEND: ...` / `WVJB RCVD: ...` lines (only while
/// logging is enabled, cut at a maximum length) and warnings about bad traffic (always).
struct BridgeLog: Sendable {
    var logger: Logger
    var isEnabled = false
    /// Longer lines are cut and end with ` [...]`, as in the reference (default 500).
    var maxLength = 500

    /// `WVJB <action>: <json>` when logging is enabled.
    func message(_ action: String, _ json: @autoclosure () -> String) {
        guard isEnabled else { return }
        logger.info("\(Logger.Message(stringLiteral: "WVJB \(action): \(Self.cut(json(), to: maxLength))"))")
    }

    /// A warning about traffic the bridge ignores; logged whether or not logging is enabled.
    func warning(_ text: @autoclosure () -> String) {
        logger.warning("\(Logger.Message(stringLiteral: Self.cut(text(), to: max(maxLength, 2000))))")
    }

    static func cut(_ text: String, to length: Int) -> String {
        guard length >= 0, text.count > length else { return text }
        return String(text.prefix(length)) + " [...]"
    }
}
