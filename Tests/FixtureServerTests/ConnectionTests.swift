import Dispatch
import Foundation
import Glibc
import JavaScript
import Synchronization
import Testing
import TestSupport
@testable import FixtureServer

/// One keep-alive request on a new connection: the answer's body, the connection left open for the caller.
private func keepAliveRequest(_ path: String, port: Int) throws -> (fd: Int32, body: String) {
    let fd = try RawHTTP.connect(port: port)
    RawHTTP.write(fd, Array("GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
    do {
        return (fd, try RawHTTP.readResponse(fd).text)
    } catch {
        close(fd)
        throw error
    }
}

@Suite("Connections: keep-alive, idle timeouts, resets")
struct ConnectionTests {
    static let resetChildVariable = "HYBRID_FIXTURE_SERVER_RESET_CHILD"

    @Test("keep-alive clients that close are released: far more than maxConnections come and go, all are served")
    func keepAliveChurn() async throws {
        let folder = try FixtureFolder()
        try folder.write("a.txt", "ok")
        var options = FixtureServer.Options()
        options.limits.maxConnections = 16
        try await withServer(folder, options: options) { _, port in
            let finished = Flag()
            let churn = Task { try await RawHTTP.onThread { () -> Int in
                defer { finished.set() }
                var answered = 0
                for _ in 0..<300 {
                    guard let (fd, body) = try? keepAliveRequest("/a.txt", port: port) else { continue }
                    close(fd)
                    if body == "ok" { answered += 1 }
                }
                return answered
            } }
            let normal = await serveDuring(port: port) { finished.isSet }
            let answered = try await churn.value
            #expect(answered == 300)
            #expect(normal.answered == normal.made)
            #expect(try await RawHTTP.get("/a.txt", port: port).text == "ok")
        }
    }

    @Test("one keep-alive connection carries many requests, pipelined ones too")
    func keepAliveCarriesRequests() async throws {
        let folder = try FixtureFolder()
        try folder.write("a.txt", "ok")
        try folder.write("b.txt", "bee")
        try await withServer(folder) { _, port in
            let bodies = try await RawHTTP.onThread { () -> [String] in
                let (fd, first) = try keepAliveRequest("/a.txt", port: port)
                defer { close(fd) }
                var bodies = [first]
                for index in 0..<20 {
                    RawHTTP.write(fd, Array("GET /\(index % 2 == 0 ? "b" : "a").txt HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
                    bodies.append(try RawHTTP.readResponse(fd).text)
                }
                // Three requests in one write: libsoup reads ahead past the first.
                RawHTTP.write(fd, Array(String(repeating: "GET /b.txt HTTP/1.1\r\nHost: x\r\n\r\n", count: 3).utf8))
                for _ in 0..<3 { bodies.append(try RawHTTP.readResponse(fd).text) }
                return bodies
            }
            #expect(bodies.count == 24)
            #expect(bodies.first == "ok")
            #expect(bodies.dropFirst().prefix(20) == ArraySlice((0..<20).map { $0 % 2 == 0 ? "bee" : "ok" }))
            #expect(bodies.suffix(3) == ["bee", "bee", "bee"])
        }
    }

    @Test("a long pipeline is answered whole and in order")
    func longPipeline() async throws {
        let folder = try FixtureFolder()
        for index in 0..<10 { try folder.write("f\(index).txt", String(repeating: "\(index)", count: index + 1)) }
        try await withServer(folder) { _, port in
            let count = 200
            let answers = try await RawHTTP.onThread { () -> [String] in
                let fd = try RawHTTP.connect(port: port)
                defer { close(fd) }
                let requests = (0..<count).map { "GET /f\($0 % 10).txt HTTP/1.1\r\nHost: x\r\n\r\n" }.joined()
                RawHTTP.write(fd, Array(requests.utf8))
                return try (0..<count).map { _ in try RawHTTP.readResponse(fd).text }
            }
            #expect(answers == (0..<count).map { String(repeating: "\($0 % 10)", count: $0 % 10 + 1) })
        }
    }

    @Test("an idle keep-alive connection is closed after the idle timeout")
    func idleKeepAlive() async throws {
        let folder = try FixtureFolder()
        try folder.write("a.txt", "ok")
        var options = FixtureServer.Options()
        options.limits.idleTimeoutSeconds = 1
        try await withServer(folder, options: options) { _, port in
            let closed = try await RawHTTP.onThread { () -> Bool in
                let (fd, body) = try keepAliveRequest("/a.txt", port: port)
                defer { close(fd) }
                #expect(body == "ok")
                // The server's end of stream comes long before the 20 s receive timeout.
                return RawHTTP.awaitClose(fd)
            }
            #expect(closed)
            #expect(try await RawHTTP.get("/a.txt", port: port).text == "ok")
        }
    }

    @Test("a client trickling its request head byte by byte is closed after the idle timeout")
    func trickle() async throws {
        let folder = try FixtureFolder()
        try folder.write("a.txt", "ok")
        var options = FixtureServer.Options()
        options.limits.idleTimeoutSeconds = 1
        try await withServer(folder, options: options) { _, port in
            let finished = Flag()
            // A byte every 100 ms keeps every single read within the timeout; only the whole head is late.
            let sentBeforeClose = Task { try await RawHTTP.onThread { () -> Int? in
                defer { finished.set() }
                let fd = try RawHTTP.connect(port: port)
                defer { close(fd) }
                RawHTTP.write(fd, Array("GET /a.txt HTTP/1.1\r\nHost: x\r\nX-Slow: ".utf8))
                for sent in 0..<300 {  // 30 s at most
                    var pending = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                    if poll(&pending, 1, 100) > 0 {
                        var byte: UInt8 = 0
                        let count = recv(fd, &byte, 1, 0)
                        if count == 0 || (count < 0 && errno == ECONNRESET) { return sent }
                    }
                    var byte = UInt8(ascii: "a")
                    if Glibc.send(fd, &byte, 1, Int32(MSG_NOSIGNAL)) != 1 { return sent }
                }
                return nil
            } }
            let normal = await serveDuring(port: port) { finished.isSet }
            let sent = try await sentBeforeClose.value
            #expect(sent != nil, "the trickling client was never closed")
            #expect(normal.answered == normal.made)
        }
    }

    /// Connections reset before the server accepts them have no remote address; handing one to libsoup logged
    /// seven GLib criticals each (fatal under `G_DEBUG=fatal-criticals`). Run in a child with that setting.
    @Test("connections reset right after connect are dropped quietly; the server keeps answering")
    func resetAfterConnect() async throws {
        var environment = ProcessInfo.processInfo.environment
        environment[Self.resetChildVariable] = "1"
        environment["G_DEBUG"] = "fatal-criticals"
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/nice"),
            ["-n", "10", CommandLine.arguments[0], "--testing-library", "swift-testing", "--filter",
             "resetAfterConnectInChild"], environment: environment)
        #expect(result.stdout.contains("RESET_CHECK answered"),
                "the child did not finish: \(result.stdout.suffix(2000)) \(result.stderr.suffix(2000))")
        #expect(result.status == 0, "\(result.stdout.suffix(2000)) \(result.stderr.suffix(2000))")
        #expect(!result.stderr.contains("CRITICAL"), "\(result.stderr.suffix(2000))")
    }

    @Test func resetAfterConnectInChild() async throws {
        guard ProcessInfo.processInfo.environment[Self.resetChildVariable] == "1" else { return }
        let folder = try FixtureFolder()
        try folder.write("a.txt", "ok")
        let loop = EventLoopThread(name: "reset-test")
        defer { loop.shutdown() }
        let server = FixtureServer(root: folder.path, loop: loop)
        let base = try await server.start()
        let port = Int(base.split(separator: ":").last!.dropLast())!
        for _ in 0..<5 {
            // The server's loop is held while the clients connect and reset, so it accepts them only afterwards.
            let held = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
            loop.execute { held.signal(); release.wait() }
            held.wait()
            for _ in 0..<40 { RawHTTP.reset(try RawHTTP.connect(port: port)) }
            release.signal()
            #expect(try await RawHTTP.get("/a.txt", port: port).text == "ok")
        }
        print("RESET_CHECK answered")
        await server.stop()
    }
}
