import Foundation
import Testing
import TestSupport

/// `hybrid test --coverage`, `--coverage-dir`, `--coverage-min` on the repository's web/tests/coverage example, whose
/// tests leave branches untested (3 of 6 branches run). The instrumenter needs Debian's node-istanbul and
/// node-babel7-standalone (scripts/bootstrap installs them); without them these tests are skipped, saying so.
@Suite struct CoverageOptionTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let installed = FileManager.default.fileExists(atPath: "/usr/share/nodejs/istanbul-lib-instrument/src/instrumenter.js")
        && FileManager.default.fileExists(atPath: "/usr/share/nodejs/@babel/standalone/babel.min.js")

    func run(_ arguments: [String]) async throws -> (CommandResult, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("coverage-\(UUID().uuidString)")
        let result = try await HybridBinary.run(["test", "web/tests/coverage", "--coverage-dir", folder.path] + arguments,
                                                currentDirectory: Self.repository)
        return (result, folder)
    }

    @Test(.enabled(if: installed, "needs the Debian packages node-istanbul and node-babel7-standalone (scripts/bootstrap)"))
    func anUntestedBranchBelowTheThresholdFailsTheRun() async throws {
        let (result, folder) = try await run(["--coverage-min", "branches=80"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.last == "3 passed, 0 failed", "\(result.stdout)")
        #expect(lines.dropLast().last == "coverage: branches 50% is below the minimum 80% (3/6)", "\(result.stdout)")
        let price = try #require(lines.first { $0.hasPrefix("web/tests/coverage/price.js ") }, "\(result.stdout)")
        #expect(price.contains("75% (3/4)") && price.contains("50% (2/4)") && price.contains("100% (2/2)"), "\(price)")
        #expect(lines.contains { $0.hasPrefix("web/tests/coverage/cart.html ") })
        #expect(!result.stdout.contains("price.test.html "), "the test file is not instrumented")
        let lcov = try String(contentsOf: folder.appendingPathComponent("lcov.info"), encoding: .utf8)
        #expect(lcov.contains("SF:web/tests/coverage/price.js\n"))
        #expect(lcov.contains("DA:4,0\n"), "the shipping fee's line never ran")
        let map = try Data(contentsOf: folder.appendingPathComponent("coverage-final.json"))
        let files = try #require(try JSONSerialization.jsonObject(with: map) as? [String: Any])
        #expect(files.keys.sorted().map { ($0 as NSString).lastPathComponent } == ["cart.html", "price.js"])
    }

    @Test(.enabled(if: installed, "needs the Debian packages node-istanbul and node-babel7-standalone (scripts/bootstrap)"))
    func coverageAboveTheThresholdPasses() async throws {
        let (result, folder) = try await run(["--coverage", "--coverage-min", "functions=100,statements=75"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("\nAll files "), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("\n3 passed, 0 failed\n"), "\(result.stdout)")
    }

    @Test func aBadThresholdOrFolderIsAUsageErrorBeforeAnyTestRuns() async throws {
        let (bad, folder) = try await run(["--coverage-min", "branches=120"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--coverage-min wants a percentage from 0 to 100, got '120'"), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("coverage-file-\(UUID().uuidString)")
        try Data().write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let blocked = try await HybridBinary.run(
            ["test", "web/tests/coverage", "--coverage", "--coverage-dir", file.appendingPathComponent("sub").path],
            currentDirectory: Self.repository)
        #expect(blocked.status == 2, "\(blocked.stderr)")
        #expect(blocked.stdout.isEmpty, "no test ran")
    }
}
