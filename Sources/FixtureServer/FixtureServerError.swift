/// Why a ``FixtureServer`` could not start.
public enum FixtureServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The root is not an existing folder.
    case rootNotFound(String)
    /// The mocks folder is not an existing folder.
    case mocksNotFound(String)
    /// The mocks folder cannot be walked: links nest its folders too deep or make it too large.
    case invalidMocks(String)
    /// The host is not an IP address (or `localhost`).
    case invalidHost(String)
    /// The port cannot be bound (in use, privileged, ...).
    case cannotListen(host: String, port: Int, reason: String)
    /// ``FixtureServer/start()`` was called on a running server.
    case alreadyStarted
    /// A mock route's pattern is malformed.
    case invalidRoute(String)

    public var description: String {
        switch self {
        case .rootNotFound(let path): "root folder '\(path)' does not exist"
        case .mocksNotFound(let path): "mocks folder '\(path)' does not exist"
        case .invalidMocks(let reason): "mocks folder cannot be used: \(reason)"
        case .invalidHost(let host): "invalid host '\(host)': expected an IP address or localhost"
        case .cannotListen(let host, let port, let reason): "cannot listen on \(host):\(port): \(reason)"
        case .alreadyStarted: "the server is already running"
        case .invalidRoute(let reason): "invalid mock route: \(reason)"
        }
    }
}
