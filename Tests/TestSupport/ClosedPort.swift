import Foundation

/// A port on 127.0.0.1 that refuses connections for as long as this value lives: a socket bound to it that never
/// listens. A stopped server's port is no such thing: tests running beside it (or another process) may be given that
/// port for a server of their own, which then answers the request meant to fail.
public final class ClosedPort: Sendable {
    /// The refused port.
    public let port: Int
    private let descriptor: Int32

    public init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ClosedPortError(message: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            throw ClosedPortError(message: "bind: \(String(cString: strerror(errno)))")
        }
        descriptor = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// `http://127.0.0.1:PORT` and `path`.
    public func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    deinit { close(descriptor) }
}

/// Why a ``ClosedPort`` could not be made: the system call and its error.
public struct ClosedPortError: Error, Sendable {
    public var message: String
}
