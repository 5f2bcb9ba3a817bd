import Foundation
import Synchronization
import Testing
import TestSupport
@testable import FixtureServer

/// Runs blocking `work` on its own thread and waits at most the generous limit for it: nil when it did not finish in
/// time (the thread is left running; only a regression gets there). The limit tells an endless walk from a slow one:
/// pinned to one core beside a build, starting a server and asking it once took more than a minute.
private func finishing<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T? {
    let resumed = Mutex(false)
    return await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
        let resume: @Sendable (T?) -> Void = { value in
            if resumed.withLock({ done in defer { done = true }; return !done }) { continuation.resume(returning: value) }
        }
        Thread { resume(work()) }.start()
        Thread { sleep(UInt32(Duration.generous.components.seconds)); resume(nil) }.start()
    }
}

/// `finishing(_:)` for async work, run in a detached task.
private func finishing<T: Sendable>(_ work: @escaping @Sendable () async -> T) async -> T? {
    let resumed = Mutex(false)
    return await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
        let resume: @Sendable (T?) -> Void = { value in
            if resumed.withLock({ done in defer { done = true }; return !done }) { continuation.resume(returning: value) }
        }
        Task.detached { resume(await work()) }
        Thread { sleep(UInt32(Duration.generous.components.seconds)); resume(nil) }.start()
    }
}

@Suite("Mock folder walk: links, loops and bounds")
struct MockFolderTests {
    @Test("folders linking to themselves or an ancestor are walked once; their files are all found")
    func selfLinks() async throws {
        let mocks = try FixtureFolder()
        try mocks.write("GET/api/user/[id].json", #"{"name":"Ada"}"#)
        try mocks.write("GET/api/users/index.json", "[]")
        let links = FileManager.default
        try links.createSymbolicLink(atPath: mocks.path + "/GET/self", withDestinationPath: ".")
        try links.createSymbolicLink(atPath: mocks.path + "/GET/again", withDestinationPath: ".")
        try links.createSymbolicLink(atPath: mocks.path + "/GET/api/up", withDestinationPath: "..")
        try links.createSymbolicLink(atPath: mocks.path + "/GET/api/root", withDestinationPath: mocks.path)
        let path = mocks.path
        let scanned = await finishing { Result { try MockFolder.scan(path) } }
        let entries = try #require(scanned, "the walk did not end").get()
        #expect(entries.map(\.pattern) == ["/api/user/:id", "/api/users"])
    }

    @Test("a link to a sibling folder is an alias and is walked")
    func siblingLink() throws {
        let mocks = try FixtureFolder()
        try mocks.write("GET/api/v2/status.json", #"{"ok":true}"#)
        try FileManager.default.createSymbolicLink(atPath: mocks.path + "/GET/api/v1", withDestinationPath: "v2")
        #expect(try MockFolder.scan(mocks.path).map(\.pattern) == ["/api/v1/status", "/api/v2/status"])
    }

    @Test("folders nested deeper than the limit are a clear error")
    func tooDeep() throws {
        let mocks = try FixtureFolder()
        let deep = (0...MockFolder.maximumDepth).map { "d\($0)" }.joined(separator: "/")
        try mocks.write("GET/" + deep + "/x.json", "{}")
        #expect {
            try MockFolder.scan(mocks.path)
        } throws: { error in
            guard case .invalidMocks(let reason) = error as? FixtureServerError else { return false }
            return reason.contains("deeper than \(MockFolder.maximumDepth)")
        }
    }

    @Test("links multiplying the paths to walk are bounded: a clear error, not an endless walk")
    func linkFanOut() async throws {
        let mocks = try FixtureFolder()
        // d0/{a,b} -> d1, d1/{a,b} -> d2, ...: 2^20 paths through 21 real folders.
        for level in 0...20 { try mocks.mkdir("GET/d\(level)") }
        for level in 0..<20 {
            for name in ["a", "b"] {
                try FileManager.default.createSymbolicLink(atPath: mocks.path + "/GET/d\(level)/\(name)",
                                                           withDestinationPath: "../d\(level + 1)")
            }
        }
        try mocks.write("GET/d20/x.json", "{}")
        let path = mocks.path
        let scanned = await finishing { Result { try MockFolder.scan(path) } }
        let result = try #require(scanned, "the walk did not end")
        #expect(throws: FixtureServerError.self) { try result.get() }
    }

    @Test("a server starts on a self-linked mocks folder and answers its mocks")
    func serverStarts() async throws {
        let folder = try FixtureFolder()
        let mocks = try FixtureFolder()
        try mocks.write("GET/api/user/[id].json", #"{"name":"Ada"}"#)
        try FileManager.default.createSymbolicLink(atPath: mocks.path + "/GET/self", withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: mocks.path + "/GET/again", withDestinationPath: ".")
        var options = FixtureServer.Options()
        options.apiMocks = mocks.path
        let started = options
        let answer = await finishing { () async -> String? in
            try? await withServer(folder, options: started) { _, port in
                try await RawHTTP.get("/api/user/1", port: port).text
            }
        }
        #expect(answer == #"{"name":"Ada"}"#)
    }
}
