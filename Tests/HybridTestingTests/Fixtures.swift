import Foundation
import HybridTesting

/// The fixture test files in Tests/Fixtures/HybridTesting.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/HybridTesting")

    static func script(_ name: String) -> TestFile {
        TestFile(url: root.appendingPathComponent("scripts/\(name)"), path: name)
    }

    /// Runs one fixture script with a short test timeout.
    static func run(_ name: String, filter: String? = nil, testTimeout: Duration = .milliseconds(300)) async -> TestFileReport {
        await runTestFile(script(name), options: TestRunOptions(testTimeout: testTimeout, filter: filter))
    }
}
