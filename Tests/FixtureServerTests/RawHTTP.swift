import Foundation
import Glibc

/// A parsed HTTP response read from a raw socket.
struct RawResponse {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
    func header(_ name: String) -> String? { headers[name.lowercased()] }
}

enum RawHTTPError: Error {
    case connect(Int32)
    case closedWithoutResponse
    case malformed(String)
}

/// A minimal blocking HTTP/1.1 client on a socket, for requests that clients like curl would normalise.
/// Blocking work runs on a new thread so the cooperative pool never blocks.
enum RawHTTP {
    /// Sends `request` verbatim to 127.0.0.1:`port` and reads the response to the end (send `Connection: close`).
    static func send(_ request: String, port: Int) async throws -> RawResponse {
        try await onThread { try sendBlocking(Array(request.utf8), port: port) }
    }

    /// `GET path` with `Connection: close` and extra header lines.
    static func get(_ path: String, port: Int, method: String = "GET", headers: [String] = []) async throws
        -> RawResponse {
        let extra = headers.map { $0 + "\r\n" }.joined()
        return try await send("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(extra)Connection: close\r\n\r\n",
                              port: port)
    }

    static func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }

    /// A connected socket to 127.0.0.1:`port`, with receive and send timeouts so a test can never hang: 120 s,
    /// which only a server that never answers reaches, however loaded the machine.
    static func connect(port: Int) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            close(fd)
            throw RawHTTPError.connect(code)
        }
        var timeout = timeval(tv_sec: 120, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }

    static func write(_ fd: Int32, _ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { return }
            sent += count
        }
    }

    /// Reads until the peer closes (or the timeout).
    static func readAll(_ fd: Int32) -> [UInt8] {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return data }
            data += buffer[..<count]
        }
    }

    /// Reads one response (head, then `Content-Length` bytes) from a kept-alive connection, without waiting for
    /// the end of the stream and without reading into the next response. Throws when the connection ends first.
    static func readResponse(_ fd: Int32) throws -> RawResponse {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var head: [UInt8] = []
        while !head.suffix(4).elementsEqual(separator) {
            var byte: UInt8 = 0
            guard recv(fd, &byte, 1, 0) == 1 else { throw RawHTTPError.closedWithoutResponse }
            head.append(byte)
        }
        let length = try parse(head).header("Content-Length").flatMap { Int($0) } ?? 0
        var body = [UInt8](repeating: 0, count: length)
        var done = 0
        while done < length {
            let count = body[done...].withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw RawHTTPError.closedWithoutResponse }
            done += count
        }
        return try parse(head + body)
    }

    /// Waits (up to the 20 s receive timeout) for the server to close `fd`; true when it did (end of stream or
    /// reset), false when the wait timed out with the connection still open. Bytes still sent are read and dropped.
    static func awaitClose(_ fd: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 { continue }
            return count == 0 || errno == ECONNRESET
        }
    }

    /// Closes `fd` with a reset (SO_LINGER 0) instead of an orderly end of stream.
    static func reset(_ fd: Int32) {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        close(fd)
    }

    /// Reads one response whose length the headers give (`Content-Length`), leaving the connection
    /// open: the head and the body may arrive in separate pieces.
    static func readOneResponse(_ fd: Int32) throws -> RawResponse {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        while true {
            if let end = data.indices.first(where: { data[$0...].starts(with: separator) }) {
                let head = try parse(Array(data[..<(end + 4)]))
                let length = Int(head.header("Content-Length") ?? "0") ?? 0
                if data.count - (end + 4) >= length { return try parse(data) }
            }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return try parse(data) }
            data += buffer[..<count]
        }
    }

    static func sendBlocking(_ request: [UInt8], port: Int) throws -> RawResponse {
        let fd = try connect(port: port)
        defer { close(fd) }
        write(fd, request)
        return try parse(readAll(fd))
    }

    static func parse(_ data: [UInt8]) throws -> RawResponse {
        guard !data.isEmpty else { throw RawHTTPError.closedWithoutResponse }
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = data.indices.first(where: { data[$0...].starts(with: separator) }) else {
            throw RawHTTPError.malformed(String(decoding: data, as: UTF8.self))
        }
        let head = String(decoding: data[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw RawHTTPError.malformed(head[0]) }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return RawResponse(status: status, headers: headers, body: Array(data[(end + 4)...]))
    }
}
