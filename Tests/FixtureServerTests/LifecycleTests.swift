import Foundation
import Glibc
import JavaScript
import Synchronization
import Testing
import TestSupport
@testable import FixtureServer

/// The open file descriptors of this process.
private func openDescriptors() -> Set<String> {
    Set((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? [])
}

@Suite("Lifecycle, shared loops and the access log")
struct LifecycleTests {
    static let childVariable = "HYBRID_FIXTURE_SERVER_FD_CHILD"

    /// Counted in a child process that runs only the cycles: the tests running in parallel here open
    /// and close descriptors of their own (runtimes, pipes, sockets) and would blur the count.
    @Test("start and stop many times without leaking file descriptors; stopped means closed")
    func startStopNoLeak() async throws {
        let result = try await ChildProcess.runTests(matching: "startStopCyclesInChild", childVariable: Self.childVariable)
        let line = result.stdout.split(separator: "\n").first { $0.hasPrefix("FD_CHECK ") }
        #expect(line != nil, "the child ran no cycles: \(result.stdout.suffix(2000)) \(result.stderr.suffix(2000))")
        #expect(result.status == 0, "\(line ?? "") \(result.stdout.suffix(4000))")
        #expect(result.testPassed("startStopCyclesInChild()"), "\(result.stdout.suffix(4000))")
    }

    @Test(.enabled(if: ChildProcess.isChild(childVariable), "runs in the child process of startStopNoLeak"))
    func startStopCyclesInChild() async throws {
        let folder = try FixtureFolder()
        try folder.write("a.txt", "ok")
        let before = openDescriptors().count
        var lastPort = 0
        for _ in 0..<40 {
            let server = FixtureServer(root: folder.path)
            let base = try await server.start()
            lastPort = Int(base.split(separator: ":").last!.dropLast())!
            #expect(try await RawHTTP.get("/a.txt", port: lastPort).text == "ok")
            await server.stop()
            await server.stop()  // idempotent
        }
        let after = openDescriptors().count
        print("FD_CHECK before=\(before) after=\(after)")
        // Alone in its process: a leak of even one descriptor per cycle would add 40.
        #expect(after - before < 10)
        await #expect(throws: RawHTTPError.self) { try await RawHTTP.get("/a.txt", port: lastPort) }
    }

    @Test("the same server restarts on the same port; starting twice is an error")
    func restart() async throws {
        let folder = try FixtureFolder()
        try folder.write("a.txt", "ok")
        let first = FixtureServer(root: folder.path)
        let base = try await first.start()
        await #expect(throws: FixtureServerError.alreadyStarted) { try await first.start() }
        let port = Int(base.split(separator: ":").last!.dropLast())!
        await first.stop()
        let again = FixtureServer(root: folder.path, port: port)
        #expect(try await again.start() == base)
        #expect(try await RawHTTP.get("/a.txt", port: port).text == "ok")
        await again.stop()
    }

    @Test("a server on a JavaScript runtime's loop serves while the runtime keeps evaluating")
    func sharedRuntimeLoop() async throws {
        let folder = try FixtureFolder()
        try folder.write("a.txt", "shared")
        let runtime = JavaScriptRuntime()
        let server = FixtureServer(root: folder.path, runtime: runtime)
        let base = try await server.start()
        let port = Int(base.split(separator: ":").last!.dropLast())!
        #expect(try await RawHTTP.get("/a.txt", port: port).text == "shared")
        #expect(try await runtime.evaluate("6 * 7") == 42)
        await server.stop()
        #expect(try await runtime.evaluate("1 + 1") == 2)
        await #expect(throws: RawHTTPError.self) { try await RawHTTP.get("/a.txt", port: port) }
        await runtime.shutdown()
    }

    @Test("the access log gets method, path, status, bytes and duration for each request")
    func accessLog() async throws {
        let folder = try FixtureFolder()
        try folder.write("a.txt", "12345")
        let events = Mutex<[AccessLogEvent]>([])
        try await withServer(folder, configure: { server in
            server.accessLog.observe { event in events.withLock { $0.append(event) } }
        }) { _, port in
            _ = try await RawHTTP.get("/a.txt?q=1", port: port)
            _ = try await RawHTTP.get("/missing", port: port)
            _ = try await RawHTTP.get("/a.txt", port: port, method: "HEAD")
        }
        let logged = events.withLock { $0 }
        #expect(logged.map(\.method) == ["GET", "GET", "HEAD"])
        #expect(logged.map(\.path) == ["/a.txt", "/missing", "/a.txt"])
        #expect(logged.map(\.status) == [200, 404, 200])
        #expect(logged.map(\.bytes) == [5, 14, 0])
        #expect(logged.allSatisfy { $0.milliseconds >= 0 })
        #expect(logged[0].line.hasPrefix("GET /a.txt 200 5 "))
    }

    @Test("localhost means 127.0.0.1; a host that is not an address is a clear error")
    func hosts() async throws {
        let folder = try FixtureFolder()
        let local = FixtureServer(root: folder.path, host: "localhost")
        #expect(try await local.start().hasPrefix("http://127.0.0.1:"))
        await local.stop()
        let bad = FixtureServer(root: folder.path, host: "not a host")
        await #expect(throws: FixtureServerError.invalidHost("not a host")) { try await bad.start() }
    }

    @Test("stop closes connections that are still open (keep-alive)")
    func stopClosesOpenConnections() async throws {
        let folder = try FixtureFolder()
        try folder.write("a.txt", "ok")
        let server = FixtureServer(root: folder.path)
        let base = try await server.start()
        let port = Int(base.split(separator: ":").last!.dropLast())!
        let fd = try RawHTTP.connect(port: port)
        defer { close(fd) }
        RawHTTP.write(fd, Array("GET /a.txt HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        // The whole response, head and body, which may come in separate pieces: a byte left unread
        // would be taken below for the connection still being open.
        let first = try await RawHTTP.onThread { try RawHTTP.readOneResponse(fd) }
        #expect(first.status == 200)
        #expect(first.text == "ok")
        await server.stop()
        // The server closed the kept-alive connection: recv sees the end instead of waiting 120 s for a timeout.
        let rest = try await RawHTTP.onThread { () -> Int in
            var byte: UInt8 = 0
            return recv(fd, &byte, 1, 0)
        }
        #expect(rest == 0)
    }
}
