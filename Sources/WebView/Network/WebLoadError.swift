/// Why a load failed: the URL and a message that says what went wrong in plain words.
public struct WebLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of failure, for callers that react differently (a timeout, say).
    public enum Kind: String, Sendable {
        /// The URL could not be parsed or resolved.
        case invalidURL
        /// The scheme is not `file`, `data`, `http` or `https`.
        case unsupportedScheme
        /// A `file:` URL outside the folder a page may read, or a `file:` request from an `http(s)` page.
        case forbidden
        /// The file does not exist or could not be read.
        case fileNotFound
        /// The connection failed (refused, DNS, TLS, reset, ...).
        case network
        /// The request took longer than its timeout.
        case timeout
        /// The response's body was larger than ``WebSession/maximumResponseSize``.
        case responseTooLarge
    }

    /// The URL as it was requested.
    public var url: String
    /// What went wrong, e.g. `Could not connect to 127.0.0.1: Connection refused`.
    public var message: String
    /// The kind of failure.
    public var kind: Kind

    /// Makes an error.
    public init(url: String, message: String, kind: Kind = .network) {
        self.url = url
        self.message = message
        self.kind = kind
    }

    /// `could not load URL: message`.
    public var description: String { "could not load \(url): \(message)" }
}
