import Foundation
import HybridTesting
import Testing

@Suite struct DiscoveryTests {
    let root = Fixtures.root

    @Test func findsTestFilesRecursivelySortedByPath() throws {
        let files = try TestDiscovery.find(["scripts"], relativeTo: root)
        #expect(files.map(\.path) == [
            "scripts/empty.test.js", "scripts/mixed.test.js", "scripts/nested/misuse.test.js", "scripts/only.test.js", "scripts/passing.test.js",
            "scripts/rejection.test.js", "scripts/syntax-error.test.js", "scripts/toplevel-throw.test.js",
        ])
        #expect(files.allSatisfy { $0.kind == .script })
    }

    @Test func explicitFileRunsWhateverItsNameAndDuplicatesAreDropped() throws {
        let files = try TestDiscovery.find(["scripts/nested/helper.js", "scripts/nested", "scripts/nested/misuse.test.js"],
                                           relativeTo: root)
        #expect(files.map(\.path) == ["scripts/nested/helper.js", "scripts/nested/misuse.test.js"])
    }

    @Test func trailingSlashAndDotAreNormalized() throws {
        let files = try TestDiscovery.find(["scripts/nested/"], relativeTo: root)
        #expect(files.first?.path == "scripts/nested/misuse.test.js")
        let dot = try TestDiscovery.find(["."], relativeTo: root.appendingPathComponent("scripts/nested"))
        #expect(dot.map(\.path) == ["misuse.test.js"])
    }

    @Test func symbolicLinkCycleIsListedOnce() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cycle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("a"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("test('x', () => {});".utf8).write(to: folder.appendingPathComponent("a/x.test.js"))
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("a/loop"), withDestinationURL: folder)
        let files = try TestDiscovery.find([folder.path])
        #expect(files.map(\.url.lastPathComponent) == ["x.test.js"])
    }

    @Test func missingPathIsAnError() {
        #expect(throws: TestDiscoveryError.notFound("nope")) { try TestDiscovery.find(["nope"], relativeTo: root) }
    }

    @Test func defaultFolderIsWebTests() {
        #expect(throws: TestDiscoveryError.notFound("web/tests")) { try TestDiscovery.find([], relativeTo: root) }
    }

    @Test func pageAndScriptKinds() {
        #expect(TestFile(url: URL(fileURLWithPath: "/a/b.test.html")).kind == .page)
        #expect(TestFile(url: URL(fileURLWithPath: "/a/b.test.js")).kind == .script)
        #expect(TestFile.isTestFileName("x.test.js") && TestFile.isTestFileName("x.test.html"))
        #expect(!TestFile.isTestFileName("x.js") && !TestFile.isTestFileName("test.html"))
    }
}

@Suite struct ShardTests {
    @Test func parsesAndRejects() {
        #expect(TestShard(parsing: "2/3") == TestShard(index: 2, count: 3))
        for bad in ["0/3", "4/3", "1/0", "a/b", "1", "1/2/3", "-1/2", ""] {
            #expect(TestShard(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func shardsAreDisjointCompleteAndDeterministic() throws {
        let files = Array(0..<10)
        for count in 1...12 {
            let shards = (1...count).map { TestShard(index: $0, count: count)!.select(files) }
            #expect(shards.flatMap { $0 }.sorted() == files)
            #expect(shards.map(\.count).reduce(0, +) == files.count)
            #expect(shards == (1...count).map { TestShard(index: $0, count: count)!.select(files) })
        }
        #expect(TestShard(index: 2, count: 3)!.select(files) == [1, 4, 7])
    }
}
