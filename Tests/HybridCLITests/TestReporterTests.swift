import Foundation
import Testing
import TestSupport

/// `hybrid test --reporter`, `--bail` and `--retries`: whatever the output, the last line is the summary.
@Suite struct TestReporterTests {
    func hybridTest(_ arguments: [String]) async throws -> CommandResult {
        try await HybridBinary.run(["test", "--test-timeout", HybridBinary.generousTimeout, "--jobs", "1"] + arguments,
                                   currentDirectory: TestCommandTests.fixtures)
    }

    @Test func specListsEveryFileAndTest() async throws {
        let result = try await hybridTest(["reporters", "--reporter", "spec"])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "reporters/a.test.js")
        #expect(lines.dropFirst().first?.hasPrefix("  ✓ adds (") == true, "\(lines)")
        #expect(lines.dropFirst(2).first?.hasPrefix("  ✗ fails (") == true, "\(lines)")
        #expect(lines.dropFirst(3).first == "  - later (test.skip)", "\(lines)")
        #expect(result.stdout.contains("FAIL reporters/a.test.js › fails\n    expect(received).toContain(3): expected a value containing 3, received [1, 2]\n"))
        #expect(result.stdout.contains("reporters/b.test.js\n  ✓ passes ("))
        #expect(result.stdout.hasSuffix("\n2 passed, 1 failed, 1 skipped\n"))
    }

    @Test func dotPrintsACharacterPerTestThenTheFailures() async throws {
        let result = try await hybridTest(["reporters", "--reporter", "dot"])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix(".Fs.\n\nFAIL reporters/a.test.js › fails\n"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("\n2 passed, 1 failed, 1 skipped\n"))
    }

    @Test func jsonAndJUnitGoToStandardOutputAndTheSummaryToStandardError() async throws {
        let json = try await hybridTest(["reporters", "--reporter", "json"])
        #expect(json.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["passed"] as? Int == 2 && document["failed"] as? Int == 1 && document["skipped"] as? Int == 1)
        let files = try #require(document["files"] as? [[String: Any]])
        #expect(files.map { $0["file"] as? String } == ["reporters/a.test.js", "reporters/b.test.js"])
        let tests = try #require(files.first?["tests"] as? [[String: Any]])
        #expect(tests.map { $0["status"] as? String } == ["passed", "failed", "skipped"])
        #expect(tests[1]["line"] as? Int == 3 && tests[1]["file"] as? String == "reporters/a.test.js")
        #expect(json.stderr.hasSuffix("2 passed, 1 failed, 1 skipped\n"))
        let junit = try await hybridTest(["reporters", "--reporter", "junit"])
        #expect(junit.stdout.hasPrefix("<?xml"))
        #expect(junit.stdout.contains("<testcase name=\"fails\""))
        #expect(junit.stderr.hasSuffix("2 passed, 1 failed, 1 skipped\n"))
        let both = try await hybridTest(["reporters", "--reporter", "json", "--tap"])
        #expect(both.status == 2)
        #expect(both.stderr.contains("--tap and --reporter json exclude each other"))
    }

    @Test func bailStartsNoFileAfterAFailure() async throws {
        let result = try await hybridTest(["reporters", "--bail"])
        #expect(result.status == 1)
        // b.test.js never ran: it counts as one skipped test.
        #expect(result.stdout.hasSuffix("\n1 passed, 1 failed, 2 skipped\n"), "\(result.stdout)")
        let spec = try await hybridTest(["reporters", "--bail", "--reporter", "spec"])
        #expect(spec.stdout.contains("reporters/b.test.js\n  - reporters/b.test.js (not run: --bail after a failure)\n"), "\(spec.stdout)")
    }

    @Test func retriesRunAFailingFileAgainAndKeepItsLastResult() async throws {
        let result = try await hybridTest(["reporters/a.test.js", "--retries", "2", "--reporter", "spec"])
        #expect(result.status == 1)
        #expect(result.stdout.hasSuffix("\n1 passed, 1 failed, 1 skipped\n"))
        #expect(!result.stdout.contains("FLAKY"))
        let bad = try await hybridTest(["reporters", "--retries", "11"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--retries must be 0 to 10"))
    }
}
