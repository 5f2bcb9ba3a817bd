import Foundation
import Synchronization
import TestSupport
@testable import FixtureServer

/// A temporary folder of fixture files, removed when the test ends.
final class FixtureFolder: @unchecked Sendable {
    let url: URL
    var path: String { url.path }

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `contents` at the relative `path`, creating folders.
    @discardableResult
    func write(_ path: String, _ contents: String) throws -> URL {
        try write(path, Data(contents.utf8))
    }

    @discardableResult
    func write(_ path: String, _ data: Data) throws -> URL {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
        return file
    }

    func mkdir(_ path: String) throws {
        try FileManager.default.createDirectory(at: url.appendingPathComponent(path), withIntermediateDirectories: true)
    }
}

/// A started server on a fixture folder; stops when the body returns.
func withServer<T>(_ folder: FixtureFolder, options: FixtureServer.Options = .init(),
                   configure: (FixtureServer) throws -> Void = { _ in },
                   _ body: (FixtureServer, Int) async throws -> T) async throws -> T {
    let server = FixtureServer(root: folder.path)
    server.options = options
    // The default idle timeout (60 s) is a wall-clock limit: pinned to one core beside a build, a test that held a
    // half-sent request while it made five others took 77 s, and the server closed it. Tests about the timeout set
    // their own.
    if options.limits.idleTimeoutSeconds == ServerLimits().idleTimeoutSeconds {
        server.options.limits.idleTimeoutSeconds = Int(Duration.generous.components.seconds)
    }
    try configure(server)
    let base = try await server.start()
    let port = Int(base.split(separator: ":").last!.dropLast())!
    do {
        let result = try await body(server, port)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// Normal requests, one after the other, until `done` says the attack ended (at least `minimum`, at most `maximum`):
/// how many were answered correctly out of how many were made.
func serveDuring(port: Int, minimum: Int = 5, maximum: Int = 2_000, done: @Sendable () -> Bool) async
    -> (answered: Int, made: Int) {
    var answered = 0, made = 0
    while made < maximum, made < minimum || !done() {
        made += 1
        if (try? await RawHTTP.get("/a.txt", port: port))?.text == "ok" { answered += 1 }
    }
    return (answered, made)
}

/// Set once by one thread, read by others.
final class Flag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}
