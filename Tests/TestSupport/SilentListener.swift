import Glibc

/// A TCP port on 127.0.0.1 that takes connections and never answers: the kernel completes each handshake into the
/// listen backlog and nothing ever reads or writes, so a client waits for a response head (an `EventSource`, a
/// WebSocket handshake) until it gives up. For tests of what does not wait for such a connection. Closed on deinit.
public final class SilentListener: Sendable {
    private let descriptor: Int32
    /// The port it listens on.
    public let port: Int

    public init() throws {
        struct Failure: Error, CustomStringConvertible { var description: String }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address -> Bool in
                bind(fd, address, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, address, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            throw Failure(description: "bind/listen: errno \(errno)")
        }
        descriptor = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }
}
