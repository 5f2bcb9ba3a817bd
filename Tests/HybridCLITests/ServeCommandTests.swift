import Foundation
import Glibc
import Testing

/// A `hybrid serve` process running in the background.
private final class ServeProcess: @unchecked Sendable {
    let process = Process()
    private let out = Pipe(), err = Pipe()

    init(_ arguments: [String]) throws {
        process.executableURL = HybridBinary.url
        process.arguments = ["serve"] + arguments
        process.standardOutput = out
        process.standardError = err
        try process.run()
    }

    /// A test that throws before stopping its server does not leave it running.
    deinit {
        if process.isRunning { process.terminate() }
    }

    /// The first stdout line (the base URL), or "" when the process ended first.
    func firstLine() async -> String {
        let handle = out.fileHandleForReading
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
        if process.isRunning { kill(process.processIdentifier, signal) }
        return await finish()
    }

    func finish() async -> (Int32, String) {
        let handle = err.fileHandleForReading
        return await withCheckedContinuation { continuation in
            Thread {
                let data = handle.readDataToEndOfFile()
                self.process.waitUntilExit()
                continuation.resume(returning: (self.process.terminationStatus, String(decoding: data, as: UTF8.self)))
            }.start()
        }
    }
}

/// Runs curl and returns its stdout (with `-i`, the status line and headers too).
private func curl(_ arguments: [String]) async throws -> String {
    try await withCheckedThrowingContinuation { continuation in
        Thread {
            do {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
                process.arguments = ["-s", "--max-time", HybridBinary.generousTimeout] + arguments
                let out = Pipe()
                process.standardOutput = out
                try process.run()
                let data = out.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                continuation.resume(returning: String(decoding: data, as: UTF8.self))
            } catch {
                continuation.resume(throwing: error)
            }
        }.start()
    }
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
        let pid = server.process.processIdentifier
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
