/// A built-in bridge handler's error answer (`{code, message}` on the wire).
public struct PageCommandError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `bad_request` (missing or wrong arguments), `no_route`, `navigation_failed`, `handler_not_found`.
    public var code: String
    /// What went wrong, for people.
    public var message: String

    /// Creates an error.
    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }

    static func badRequest(_ message: String) -> PageCommandError { .init(code: "bad_request", message: message) }
}
