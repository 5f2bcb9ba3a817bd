import Foundation
import Glibc
import Synchronization
import Testing
@testable import FixtureServer

@Suite("Safety: limits and misbehaving clients")
struct LimitsTests {
    @Test("200 concurrent requests are all answered correctly")
    func concurrent() async throws {
        let folder = try FixtureFolder()
        for index in 0..<10 { try folder.write("f\(index).txt", String(repeating: "\(index)", count: 100 + index)) }
        try await withServer(folder) { _, port in
            let results = try await withThrowingTaskGroup(of: (Int, RawResponse).self) { group in
                for request in 0..<200 {
                    group.addTask { (request, try await RawHTTP.get("/f\(request % 10).txt", port: port)) }
                }
                var all: [(Int, RawResponse)] = []
                for try await result in group { all.append(result) }
                return all
            }
            #expect(results.count == 200)
            for (request, response) in results {
                let index = request % 10
                #expect(response.status == 200)
                #expect(response.text == String(repeating: "\(index)", count: 100 + index))
            }
        }
    }

    @Test("a client stalled halfway through its request does not block the others")
    func stalledClient() async throws {
        let folder = try FixtureFolder()
        try folder.write("a.txt", "answered")
        try await withServer(folder) { _, port in
            let stalled = try RawHTTP.connect(port: port)
            defer { close(stalled) }
            RawHTTP.write(stalled, Array("GET /a.txt HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Half: ".utf8))
            for _ in 0..<5 {
                #expect(try await RawHTTP.get("/a.txt", port: port).text == "answered")
            }
            // The stalled client can still finish and be answered.
            RawHTTP.write(stalled, Array("1\r\nConnection: close\r\n\r\n".utf8))
            let response = try await RawHTTP.onThread { try RawHTTP.parse(RawHTTP.readAll(stalled)) }
            #expect(response.text == "answered")
        }
    }

    @Test("an idle or stalled connection is closed after the idle timeout")
    func idleTimeout() async throws {
        let folder = try FixtureFolder()
        var options = FixtureServer.Options()
        options.limits.idleTimeoutSeconds = 1
        try await withServer(folder, options: options) { _, port in
            let stalled = try RawHTTP.connect(port: port)
            defer { close(stalled) }
            RawHTTP.write(stalled, Array("GET / HTTP/1.1\r\n".utf8))
            // The server closes the connection after 1 s (recv gives 0, or -1 with ECONNRESET) long before
            // the socket's own 120 s receive timeout would give -1 with EAGAIN.
            let (result, error) = try await RawHTTP.onThread { () -> (Int, Int32) in
                var byte: UInt8 = 0
                let result = recv(stalled, &byte, 1, 0)
                return (result, errno)  // errno is per thread: read it on the thread that called recv
            }
            #expect(result == 0 || (result == -1 && error == ECONNRESET), "recv gave \(result), errno \(error)")
        }
    }

    @Test("connections over the limit are closed; the others are served")
    func maxConnections() async throws {
        let folder = try FixtureFolder()
        try folder.write("a.txt", "ok")
        var options = FixtureServer.Options()
        options.limits.maxConnections = 3
        try await withServer(folder, options: options) { server, port in
            var held: [Int32] = []
            defer { held.forEach { close($0) } }
            // Each held connection is admitted once it is answered.
            for _ in 0..<3 {
                let fd = try RawHTTP.connect(port: port)
                held.append(fd)
                RawHTTP.write(fd, Array("GET /a.txt HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
                let status = try await RawHTTP.onThread { () -> Int in
                    var buffer = [UInt8](repeating: 0, count: 512)
                    let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                    return count > 12 ? Int(String(decoding: buffer[9..<12], as: UTF8.self)) ?? 0 : 0
                }
                #expect(status == 200)
            }
            await #expect(throws: RawHTTPError.self) {
                try await RawHTTP.get("/a.txt", port: port)
            }
            #expect(server.baseURL != nil)
        }
    }

    @Test("the default connection limit is at least 1024")
    func defaultLimit() {
        #expect(ServerLimits().maxConnections >= 1024)
        #expect(FixtureServer.Options().limits.idleTimeoutSeconds > 0)
    }

    @Test("request heads over the header limit get 431")
    func headerLimit() async throws {
        let folder = try FixtureFolder()
        try folder.write("a.txt", "ok")
        var options = FixtureServer.Options()
        options.limits.maxHeaderBytes = 1024
        try await withServer(folder, options: options) { _, port in
            let big = try await RawHTTP.get("/a.txt", port: port, headers: ["X-Big: " + String(repeating: "b", count: 2000)])
            #expect(big.status == 431)
            #expect(try await RawHTTP.get("/a.txt", port: port).text == "ok")
        }
    }

    @Test("bodies over the body limit get 413")
    func bodyLimit() async throws {
        let folder = try FixtureFolder()
        var options = FixtureServer.Options()
        options.limits.maxBodyBytes = 100
        try await withServer(folder, options: options, configure: { server in
            try server.route("POST", "/api/upload") { request in .text("\(request.body.count)") }
        }) { _, port in
            let body = String(repeating: "x", count: 1000)
            let big = try await RawHTTP.send("POST /api/upload HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n"
                                             + "Connection: close\r\n\r\n" + body, port: port)
            #expect(big.status == 413)
            let small = try await RawHTTP.send("POST /api/upload HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n"
                                               + "Connection: close\r\n\r\n0123456789", port: port)
            #expect(small.text == "10")
        }
    }

    @Test("a chunked body over the body limit closes the connection; the server keeps serving")
    func chunkedBodyLimit() async throws {
        let folder = try FixtureFolder()
        try folder.write("a.txt", "ok")
        var options = FixtureServer.Options()
        options.limits.maxBodyBytes = 100
        try await withServer(folder, options: options, configure: { server in
            try server.route("POST", "/api/upload") { request in .text("\(request.body.count)") }
        }) { _, port in
            let chunk = String(repeating: "x", count: 64)
            let chunks = String(repeating: "40\r\n\(chunk)\r\n", count: 4) + "0\r\n\r\n"
            let result = try await RawHTTP.onThread { () -> [UInt8] in
                let fd = try RawHTTP.connect(port: port)
                defer { close(fd) }
                RawHTTP.write(fd, Array(("POST /api/upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n"
                                         + "Connection: close\r\n\r\n" + chunks).utf8))
                return RawHTTP.readAll(fd)
            }
            let answered = (try? RawHTTP.parse(result))?.status
            #expect(answered == nil || answered == 413)
            let small = try await RawHTTP.send("POST /api/upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n"
                                               + "Connection: close\r\n\r\n5\r\nhello\r\n0\r\n\r\n", port: port)
            #expect(small.text == "5")
            #expect(try await RawHTTP.get("/a.txt", port: port).text == "ok")
        }
    }
}

@Suite("Safety: request bodies over the limit")
struct BodyLimitTests {
    @Test("a Content-Length over the limit is answered 413 right after the head, before any body byte")
    func oversizedContentLength() async throws {
        let folder = try FixtureFolder()
        try folder.write("a.txt", "ok")
        var options = FixtureServer.Options()
        options.limits.maxBodyBytes = 100
        try await withServer(folder, options: options, configure: { server in
            try server.route("POST", "/api/upload") { request in .text("\(request.body.count)") }
        }) { _, port in
            // 1 GiB announced, nothing sent: the answer cannot wait for the body.
            let response = try await RawHTTP.onThread { () -> RawResponse in
                let fd = try RawHTTP.connect(port: port)
                defer { close(fd) }
                RawHTTP.write(fd, Array("POST /api/upload HTTP/1.1\r\nHost: x\r\nContent-Length: 1073741824\r\n\r\n".utf8))
                let response = try RawHTTP.readResponse(fd)
                #expect(RawHTTP.awaitClose(fd), "the refused connection stays open")
                return response
            }
            #expect(response.status == 413)
            #expect(response.header("Connection") == "close")
            #expect(try await RawHTTP.get("/a.txt", port: port).text == "ok")
        }
    }

    @Test("a chunked body growing past the limit is cut off, not buffered; others are served meanwhile")
    func chunkedOverflowCutOff() async throws {
        let folder = try FixtureFolder()
        try folder.write("a.txt", "ok")
        var options = FixtureServer.Options()
        options.limits.maxBodyBytes = 1000
        try await withServer(folder, options: options, configure: { server in
            try server.route("POST", "/api/upload") { request in .text("\(request.body.count)") }
        }) { _, port in
            let finished = Flag()
            let total = 64 << 20
            // Sends up to 64 MiB in 64 KiB chunks until the server stops reading.
            let sent = Task { try await RawHTTP.onThread { () -> (Int, Int?) in
                defer { finished.set() }
                let fd = try RawHTTP.connect(port: port)
                defer { close(fd) }
                RawHTTP.write(fd, Array("POST /api/upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n".utf8))
                let chunk = Array("10000\r\n".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 65_536) + Array("\r\n".utf8)
                var bytes = 0
                while bytes < total {
                    let count = chunk.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    if count <= 0 { break }
                    bytes += count
                }
                var answer = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let status = poll(&answer, 1, 0) > 0 ? (try? RawHTTP.readResponse(fd))?.status : nil
                return (bytes, status)
            } }
            let normal = await serveDuring(port: port) { finished.isSet }
            let (bytes, status) = try await sent.value
            #expect(bytes < total / 2, "the server read \(bytes) bytes of an over-limit body")
            #expect(status == nil || status == 413)
            #expect(normal.answered == normal.made)
            #expect(try await RawHTTP.get("/a.txt", port: port).text == "ok")
        }
    }
}
