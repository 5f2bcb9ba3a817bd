/// Why a call on a ``WebKitWebView`` failed.
public struct WebKitEngineError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure it is.
    public enum Kind: String, Sendable, Equatable {
        /// WebKitGTK, Xvfb or the host executable is missing; the message names `scripts/bootstrap --webkit`.
        case unavailable
        /// The host process ended or could not start.
        case hostEnded
        /// A page did not load (a network error, a bad URL).
        case load
        /// The script threw; the message is the exception's.
        case javaScript
        /// A load or a script did not finish in time; the web process was terminated.
        case timeout
        /// The web process crashed or was terminated while the call was under way.
        case webProcessTerminated
        /// The snapshot could not be taken or written.
        case snapshot
        /// The host answered something this module does not understand.
        case protocolError
    }

    public let kind: Kind
    /// A sentence for people, naming what failed.
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}

/// What a page in a ``WebKitWebView`` reports as it runs.
public enum WebKitEvent: Sendable, Equatable {
    /// A `console.*` call: its level and its arguments joined with spaces (strings as they are, other values as
    /// JSON or as `String(value)`).
    case console(level: String, text: String)
    /// An error no script caught, or a promise rejection nothing handled.
    case uncaughtError(message: String, sourceURL: String?, line: Int?)
    /// A page did not load (``WebKitWebView/load(_:)`` fails with ``WebKitEngineError/Kind/load`` and the same
    /// message): a refused connection, an unknown host, or a URL WebKit refuses (a restricted port).
    case loadFailed(url: String, message: String)
    /// The web process ended: `crashed`, `exceededMemoryLimit` or `terminatedByAPI`. The next load starts a new one.
    case webProcessTerminated(reason: String)
}
