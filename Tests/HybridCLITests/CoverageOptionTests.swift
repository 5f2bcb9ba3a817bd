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

    /// `hybrid run --coverage` on a page with a module, an `import()`ed module, an iframe and inserted scripts, each
    /// with an untested branch (Tests/Fixtures/HybridTesting/coverage/app.html: 5 of 10 branches run).
    func runPage(_ arguments: [String]) async throws -> (CommandResult, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("run-coverage-\(UUID().uuidString)")
        let result = try await HybridBinary.run(["run", "Tests/Fixtures/HybridTesting/coverage/app.html", "--coverage-dir",
                                                 folder.path] + arguments, currentDirectory: Self.repository)
        return (result, folder)
    }

    @Test(.enabled(if: installed, "needs the Debian packages node-istanbul and node-babel7-standalone (scripts/bootstrap)"))
    func aRunWritesLcovOfThePagesScriptsAndFailsBelowTheThreshold() async throws {
        let (result, folder) = try await runPage(["--coverage-min", "branches=80", "--assert", "half === 2"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("coverage: branches 50% is below the minimum 80% (5/10)\n"), "\(result.stderr)")
        let fee = try #require(result.stderr.split(separator: "\n").first { $0.hasPrefix("Tests/Fixtures/HybridTesting/coverage/fee.mjs ") },
                               "\(result.stderr)")
        #expect(fee.contains("50% (1/2)"), "\(fee)")
        let lcov = try String(contentsOf: folder.appendingPathComponent("lcov.info"), encoding: .utf8)
        let files = lcov.split(separator: "\n").filter { $0.hasPrefix("SF:") }
        #expect(files == ["app.html", "fee.mjs", "frame.html", "frame.js", "inserted.js", "lazy.mjs"]
            .map { "SF:Tests/Fixtures/HybridTesting/coverage/\($0)" }, "\(lcov)")
        #expect(lcov.contains("SF:Tests/Fixtures/HybridTesting/coverage/fee.mjs\nFN:2,fee\nFNF:1\nFNH:1\nFNDA:1,fee\nDA:3,1\nDA:4,1\nDA:6,0\n"),
                "\(lcov)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("coverage-final.json").path))
    }

    @Test(.enabled(if: installed, "needs the Debian packages node-istanbul and node-babel7-standalone (scripts/bootstrap)"))
    func aRunAboveTheThresholdPassesAndQuietPrintsNoTable() async throws {
        let (result, folder) = try await runPage(["--coverage-min", "functions=80", "--quiet"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(!result.stderr.contains("All files"), "\(result.stderr)")
        let (shown, again) = try await runPage(["--coverage"])
        defer { try? FileManager.default.removeItem(at: again) }
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stderr.contains("\nAll files "), "\(shown.stderr)")
        #expect(shown.stdout.isEmpty || !shown.stdout.contains("All files"), "the table is on standard error")
    }

    @Test func aRunRefusesCoverageWithRoutesAndABadThreshold() async throws {
        let (bad, folder) = try await runPage(["--coverage-min", "lines=x"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("hybrid run: coverage: --coverage-min wants a percentage from 0 to 100, got 'x'"), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path))
        let routes = try await HybridBinary.run(["run", "--routes", "web/navigation/routes.json", "--coverage"],
                                                currentDirectory: Self.repository)
        #expect(routes.status == 2)
        #expect(routes.stderr.contains("--coverage works on a page, not yet with --routes"), "\(routes.stderr)")
    }
}

