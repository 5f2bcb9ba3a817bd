import Foundation
@testable import HybridTesting
import TestSupport

/// The fixture test files in Tests/Fixtures/HybridTesting.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/HybridTesting")

    static func script(_ name: String, in folder: String = "scripts") -> TestFile {
        TestFile(url: root.appendingPathComponent("\(folder)/\(name)"), path: name)
    }

    /// Options whose limits no loaded machine reaches, for runs where nothing should time out: while
    /// the whole suite runs on two cores, a page load has taken over 20 s. A test about a limit
    /// passes the one limit that must run out; every other stays generous.
    static func options(testTimeout: Duration = .generous, loadTimeout: Duration = .generous,
                        filter: String? = nil, jobs: Int = 2) -> TestRunOptions {
        var options = TestRunOptions(testTimeout: testTimeout, loadTimeout: loadTimeout, filter: filter, jobs: jobs)
        // The silence after which a page counts as hung; only the tests about hangs keep the short default.
        options.hangGrace = .generous
        return options
    }

    /// Runs one fixture script with ``options(testTimeout:loadTimeout:filter:jobs:)``.
    static func run(_ name: String, in folder: String = "scripts", filter: String? = nil,
                    testTimeout: Duration = .generous) async -> TestFileReport {
        await runTestFile(script(name, in: folder), options: options(testTimeout: testTimeout, filter: filter))
    }
}
