import Foundation
import Glibc
import Testing
import TestSupport

/// A `hybrid serve` process running in the background. A test that throws before stopping its server does not
/// leave it running, even a server that no longer handles SIGTERM (one spinning in its loop): the process is
/// killed when the last reference goes (``SpawnedProcess``). (Also the live backend of `ReplayHAROptionTests`.)
final class ServeProcess: Sendable {
    let process: SpawnedProcess

    /// `fileLimit`: the most descriptors the server may open (`ulimit -n`).
    init(_ arguments: [String], fileLimit: Int? = nil) throws {
        if let fileLimit {
            process = try SpawnedProcess(URL(fileURLWithPath: "/bin/bash"),
                                         ["-c", "ulimit -n \(fileLimit) && exec \"$0\" serve \"$@\"", HybridBinary.url.path]
                                            + arguments)
        } else {
            process = try SpawnedProcess(HybridBinary.url, ["serve"] + arguments)
        }
    }

    /// The first stdout line (the base URL), or "" when the process ended first.
    func firstLine() async -> String {
        let handle = process.standardOutput
        return await withCheckedContinuation { continuation in
            Thread {
                var bytes: [UInt8] = []
                var byte: UInt8 = 0
                while read(handle.fileDescriptor, &byte, 1) == 1, byte != UInt8(ascii: "\n") { bytes.append(byte) }
                continuation.resume(returning: String(decoding: bytes, as: UTF8.self))
            }.start()
        }
    }

    /// Sends `signal` and waits for the exit; returns the status and everything written to stderr.
    func stop(with signal: Int32 = SIGINT) async -> (Int32, String) {
        process.send(signal)
        return await finish()
    }

    func finish() async -> (Int32, String) {
        let process = self.process
        return await withCheckedContinuation { continuation in
            Thread {
                let data = process.standardError.readDataToEndOfFile()
                continuation.resume(returning: (process.waitForExit().status, String(decoding: data, as: UTF8.self)))
            }.start()
        }
    }
}

/// Runs curl and returns its stdout (with `-i`, the status line and headers too).
private func curl(_ arguments: [String]) async throws -> String {
    try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/curl"),
                               ["-s", "--max-time", HybridBinary.generousTimeout] + arguments).stdout
}

private func makeSite() async throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir.appendingPathComponent("mocks/GET/api/user"),
                                            withIntermediateDirectories: true)
    try Data("<h1>hello</h1>".utf8).write(to: dir.appendingPathComponent("index.html"))
    try Data(#"{"id":"from mock"}"#.utf8).write(to: dir.appendingPathComponent("mocks/GET/api/user/[id].json"))
    return dir
}

/// `hybrid serve`, end to end with curl.
@Suite struct ServeCommandTests {
    @Test func servesPrintsBaseURLLogsToStderrAndStopsCleanlyOnSIGINT() async throws {
        let site = try await makeSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let server = try ServeProcess([site.path, "--port", "0", "--api-mocks", site.path + "/mocks", "--cors"])
        let base = await server.firstLine()
        #expect(base.hasPrefix("http://127.0.0.1:") && base.hasSuffix("/"))
        let page = try await curl(["-i", base])
        #expect(page.hasPrefix("HTTP/1.1 200"))
        #expect(page.contains("Content-Type: text/html; charset=utf-8"))
        #expect(page.hasSuffix("<h1>hello</h1>"))
        #expect(try await curl([base + "api/user/7"]) == #"{"id":"from mock"}"#)
        let cors = try await curl(["-i", "-H", "Origin: http://x.test", base + "index.html"])
        #expect(cors.contains("Access-Control-Allow-Origin: http://x.test"))
        let missing = try await curl(["-i", base + "nope"])
        #expect(missing.hasPrefix("HTTP/1.1 404"))
        let (status, stderr) = await server.stop(with: SIGINT)
        #expect(status == 0)
        #expect(stderr.contains("GET / 200 14 "))
        #expect(stderr.contains("GET /api/user/7 200 18 "))
        #expect(stderr.contains("GET /nope 404 "))
    }

    @Test func sigtermStopsCleanlyToo() async throws {
        let site = try await makeSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let server = try ServeProcess([site.path, "--port", "0", "--list-dirs"])
        let base = await server.firstLine()
        let listing = try await curl([base + "mocks/GET/api/"])
        #expect(listing.contains("user/"))
        let (status, _) = await server.stop(with: SIGTERM)
        #expect(status == 0)
    }

    /// The terminal closed: serving stops as cleanly as on SIGTERM, and the status says it was not asked to.
    @Test func sighupStopsCleanlyAndExits129() async throws {
        let site = try await makeSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let server = try ServeProcess([site.path, "--port", "0"])
        let base = await server.firstLine()
        #expect(try await curl([base]) == "<h1>hello</h1>")
        let (status, stderr) = await server.stop(with: SIGHUP)
        #expect(status == 129)
        // The access line of the request above may come after it: libsoup reports the answer written (the log's
        // event) after curl already had it and the signal was sent. Nothing else may follow the stop line.
        let lines = stderr.split(separator: "\n").filter { !$0.hasPrefix("GET / 200 ") }
        #expect(lines.last == "hybrid serve: hung up, stopping", "\(stderr)")
    }

    @Test func aPortThatCannotBeBoundExitsTwoWithTheReason() async throws {
        let site = try await makeSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let first = try ServeProcess([site.path, "--port", "0"])
        let base = await first.firstLine()
        let port = String(base.split(separator: ":").last!.dropLast())
        let second = try ServeProcess([site.path, "--port", port])
        let (status, stderr) = await second.finish()
        #expect(status == 2)
        #expect(stderr.contains("cannot listen on 127.0.0.1:\(port)"))
        _ = await first.stop()
    }

    /// A mocks folder linking to itself once made the walk endless, with SIGTERM and SIGINT ignored meanwhile.
    @Test func aSelfLinkedMocksFolderStartsAndStopsOnSIGTERM() async throws {
        let site = try await makeSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let mocks = site.appendingPathComponent("mocks/GET")
        try FileManager.default.createSymbolicLink(atPath: mocks.path + "/self", withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: mocks.path + "/again", withDestinationPath: ".")
        let server = try ServeProcess([site.path, "--port", "0", "--api-mocks", site.path + "/mocks"])
        // A regression must fail, not hang: a serve still walking after a minute is killed (its first line is "").
        let pid = server.process.pid
        let watchdog = Task {
            try await Task.sleep(for: .seconds(60))
            kill(pid, SIGKILL)
        }
        let base = await server.firstLine()
        watchdog.cancel()
        #expect(base.hasPrefix("http://127.0.0.1:"))
        if !base.isEmpty { #expect(try await curl([base + "api/user/7"]) == #"{"id":"from mock"}"#) }
        let (status, _) = await server.stop(with: SIGTERM)
        #expect(status == 0)
    }

    @Test func aMissingFolderExitsTwo() async throws {
        let server = try ServeProcess(["/no/such/folder", "--port", "0"])
        let (status, stderr) = await server.finish()
        #expect(status == 2)
        #expect(stderr.contains("/no/such/folder"))
    }

    @Test func aHostOtherThanLoopbackWarns() async throws {
        let site = try await makeSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let server = try ServeProcess([site.path, "--port", "0", "--host", "0.0.0.0"])
        let base = await server.firstLine()
        #expect(base.hasPrefix("http://0.0.0.0:"))
        let (status, stderr) = await server.stop()
        #expect(status == 0)
        #expect(stderr.contains("warning"))
    }

    /// Out of descriptors, accept failed while the connection stayed queued: the listener fired again at once and
    /// a core spun until descriptors were free. Now the server sheds the connections it cannot take, and serves
    /// again once descriptors are free.
    @Test(.spinsTheCPU) func runningOutOfDescriptorsNeitherSpinsNorStopsServing() async throws {
        let site = try await makeSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let server = try ServeProcess([site.path, "--port", "0"], fileLimit: 64)
        let base = await server.firstLine()
        let port = try #require(UInt16(base.split(separator: ":").last!.dropLast()))
        // Closed once: closing them again at the end closed descriptors that other tests running at the same time
        // had opened since (a child's output pipe, a server's socket, the signal pipe), and those tests failed
        // with EBADF, a lost answer or a lost signal.
        var held = try (0..<100).map { _ in try connectToLoopback(port: port) }
        defer { held.forEach { Glibc.close($0) } }
        // Spinning, the server would take a core: on a loaded machine still a fair share of it, well over 0.3 s
        // of the window. Idle, it takes next to nothing.
        let pid = server.process.pid
        let before = try cpuSeconds(of: pid)
        try await Task.sleep(for: .seconds(3))
        let used = try cpuSeconds(of: pid) - before
        #expect(used < 0.3, "the server used \(used) s of CPU in 3 s")
        // A connection the server could not take is closed, not left waiting.
        #expect(waitForAClosedConnection(held))
        held.forEach { Glibc.close($0) }
        held = []
        // The server notices the closed connections as it gets to them: ask until it answers.
        var page = ""
        let clock = ContinuousClock(), deadline = clock.now + .generous
        while !page.hasPrefix("HTTP/1.1 200"), clock.now < deadline { page = try await curl(["-i", base]) }
        #expect(page.hasPrefix("HTTP/1.1 200"))
        let (status, _) = await server.stop(with: SIGTERM)
        #expect(status == 0)
    }

    @Test func helpHasExamples() async throws {
        let result = try await HybridBinary.run(["serve", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Examples:"))
        #expect(result.stdout.contains("--api-mocks"))
    }

    @Test func anInvalidPortIsAUsageError() async throws {
        let result = try await HybridBinary.run(["serve", "--port", "70000"])
        #expect(result.status == 2)
    }
}

/// A socket connected to 127.0.0.1:`port`.
private func connectToLoopback(port: UInt16) throws -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
    let result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard result == 0 else {
        let code = errno
        Glibc.close(fd)
        throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
    }
    return fd
}

/// The user and system CPU time that process `pid` has used, in seconds (from /proc/PID/stat).
private func cpuSeconds(of pid: Int32) throws -> Double {
    let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
    // The fields after the command name (which may hold spaces) in parentheses; utime and stime are the 14th and 15th.
    let fields = stat[stat.range(of: ")", options: .backwards)!.upperBound...].split(separator: " ")
    let ticks = (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)
    return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
}

/// Waits (up to ``Duration/generous``) until the server closes one of `sockets`; true when it did.
private func waitForAClosedConnection(_ sockets: [Int32]) -> Bool {
    var fds = sockets.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let milliseconds = Int32(Duration.generous.components.seconds * 1000)
    guard poll(&fds, nfds_t(fds.count), milliseconds) > 0 else { return false }
    var byte: UInt8 = 0
    return fds.contains { $0.revents != 0 && recv($0.fd, &byte, 1, Int32(MSG_DONTWAIT)) == 0 }
}
