import Foundation
import FuzzTargets
import Testing

/// Every seed input under `Fuzz/Corpus/<target>` (hand-written seeds, and inputs that once broke a property)
/// keeps every property of its fuzz target, without libFuzzer.
@Suite struct FuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Corpus")

    @Test(arguments: fuzzTargetNames)
    func seedsKeepTheProperties(of name: String) throws {
        let target = try #require(fuzzTarget(named: name))
        let files = FuzzMain.inputFiles(at: Self.corpus.appendingPathComponent(name).path)
        #expect(files.count >= 5, "the \(name) corpus has \(files.count) inputs")
        for file in files {
            let input = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
            #expect(throws: Never.self, "\(file)") { try target.check(input) }
        }
    }
}
