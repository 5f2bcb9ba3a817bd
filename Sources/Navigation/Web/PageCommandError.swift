import Bridge

/// A built-in bridge handler's error answer (`{code, message}` on the wire): a `BridgeError` with the codes
/// `bad_request` (missing or wrong arguments), `no_route`, `navigation_failed`, `handler_not_found`, `no_page`.
public typealias PageCommandError = BridgeError

extension BridgeError {
    static func badRequest(_ message: String) -> BridgeError { .init(code: "bad_request", message: message) }
}
