import Foundation
import HybridTesting

/// The fixture test files in Tests/Fixtures/HybridTesting.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/HybridTesting")

    static func script(_ name: String, in folder: String = "scripts") -> TestFile {
        TestFile(url: root.appendingPathComponent("\(folder)/\(name)"), path: name)
    }

    /// Runs one fixture script with a short test timeout. The load limit is generous: while the whole
    /// suite runs, pages that loop on purpose keep both cores busy until the watchdog stops them,
    /// and a page load once took over 10 s then; these tests are about what happens after the load.
    static func run(_ name: String, in folder: String = "scripts", filter: String? = nil,
                    testTimeout: Duration = .milliseconds(300)) async -> TestFileReport {
        await runTestFile(script(name, in: folder),
                          options: TestRunOptions(testTimeout: testTimeout, loadTimeout: .seconds(60), filter: filter))
    }
}
