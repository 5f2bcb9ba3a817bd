import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport

/// End-to-end tests of `hybrid test` on the fixtures in Tests/Fixtures/HybridTesting.
@Suite struct TestCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/HybridTesting")

    /// Runs `hybrid test` in the fixtures folder. The per-test limit is generous, since no test here is
    /// about it, except for the few that are (a test that never settles, a loop that never ends).
    func hybridTest(_ arguments: [String], testTimeout: String = HybridBinary.generousTimeout) async throws -> CommandResult {
        try await HybridBinary.run(["test", "--test-timeout", testTimeout] + arguments, currentDirectory: Self.fixtures)
    }

    @Test func mixedSuiteCountsExitCodeAndSummary() async throws {
        let result = try await hybridTest(["scripts"])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.last == "11 passed, 12 failed, 3 skipped")
        #expect(result.stdout.contains("FAIL scripts/mixed.test.js › fails on equal\n    expected 2 to equal 3\n"
                                       + "    at scripts/mixed.test.js:7\n    7 | assert.equal(1 + 1, 3);\n"))
        #expect(result.stdout.contains("FAIL scripts/empty.test.js\n    no tests declared"))
        // Failures appear in file order.
        let empty = try #require(result.stdout.range(of: "scripts/empty.test.js"))
        let toplevel = try #require(result.stdout.range(of: "scripts/toplevel-throw.test.js"))
        #expect(empty.lowerBound < toplevel.lowerBound)
        #expect(!result.stdout.contains("\u{1B}["), "no progress line when not on a terminal")
    }

    /// The per-test timeout is the limit under test, so it is short; the file's other test settles
    /// without a timer and cannot reach it.
    @Test func neverSettlingTestTimesOutAndTheNextTestRuns() async throws {
        let result = try await hybridTest(["timeouts"], testTimeout: "0.3")
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("FAIL timeouts/never-settles.test.js › never settles\n    timed out after 300 ms\n"
                                        + "    at timeouts/never-settles.test.js:4\n"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("1 passed, 1 failed\n"), "\(result.stdout)")
    }

    /// The load limit is the limit under test: `--load-timeout` sets it (the page's script never ends, so only
    /// the limit can end the file).
    @Test func loadTimeoutLimitsThePageLoad() async throws {
        let result = try await HybridBinary.run(["test", "--load-timeout", "0.3", "stuck/never-loads.test.html"],
                                                currentDirectory: Self.fixtures)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("FAIL stuck/never-loads.test.html\n    the page did not finish loading within 300 ms\n"),
                "\(result.stdout)")
        #expect(result.stdout.hasSuffix("0 passed, 1 failed\n"), "\(result.stdout)")
        let bad = try await HybridBinary.run(["test", "--load-timeout", "0", "stuck/never-loads.test.html"],
                                             currentDirectory: Self.fixtures)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--load-timeout"), "\(bad.stderr)")
    }

    @Test func passingFileExitsZero() async throws {
        let result = try await hybridTest(["scripts/passing.test.js", "scripts/only.test.js"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == "5 passed, 0 failed, 2 skipped\n")
    }

    @Test func junitFileMatchesTheRun() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("junit-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: path) }
        let result = try await hybridTest(["scripts", "--junit", path.path])
        #expect(result.status == 1)
        let document = try XMLDocument(contentsOf: path)
        let root = try #require(document.rootElement())
        #expect(root.attribute(forName: "tests")?.stringValue == "26")
        #expect(root.attribute(forName: "failures")?.stringValue == "12")
        #expect(root.attribute(forName: "skipped")?.stringValue == "3")
        #expect(root.elements(forName: "testsuite").count == 8)
        let mixed = try #require(root.elements(forName: "testsuite").first {
            $0.attribute(forName: "name")?.stringValue == "scripts/mixed.test.js"
        })
        #expect(mixed.elements(forName: "testcase").count == 7)
        #expect(mixed.attribute(forName: "failures")?.stringValue == "4")
    }

    @Test func unwritableJUnitFileIsAUsageError() async throws {
        let result = try await hybridTest(["scripts/passing.test.js", "--junit", "/nonexistent/dir/junit.xml"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot write /nonexistent/dir/junit.xml"))
    }

    @Test func tapOnStdoutSummaryOnStderr() async throws {
        let result = try await hybridTest(["scripts/mixed.test.js", "--tap"])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "TAP version 13")
        #expect(lines.last == "1..7")
        #expect(lines.contains("not ok 2 - scripts/mixed.test.js › fails on equal"))
        #expect(lines.contains("ok 3 - scripts/mixed.test.js › is skipped # SKIP"))
        #expect(result.stderr == "2 passed, 4 failed, 1 skipped\n")
    }

    @Test func shardsSplitDeterministicallyAndCompletely() async throws {
        func testNames(_ shard: String) async throws -> [String] {
            let result = try await hybridTest(["scripts", "--tap", "--shard", shard])
            return result.stdout.split(separator: "\n").filter { $0.hasPrefix("ok ") || $0.hasPrefix("not ok ") }
                .map { String($0.split(separator: " - ", maxSplits: 1)[1]) }
        }
        let all = try await testNames("1/1")
        #expect(all.count == 26)
        var shards: [[String]] = []
        for index in 1...3 { shards.append(try await testNames("\(index)/3")) }
        #expect(shards.flatMap { $0 }.sorted() == all.sorted())
        #expect(Set(shards[0]).isDisjoint(with: shards[1]) && Set(shards[1]).isDisjoint(with: shards[2]))
        await #expect(try testNames("2/3") == shards[1])
        // Shard 1 of 3 holds files 1, 4, 7 of the sorted list.
        #expect(Set(shards[0].map { $0.components(separatedBy: " › ")[0] })
                == ["scripts/empty.test.js", "scripts/only.test.js", "scripts/syntax-error.test.js"])
    }

    @Test func emptyShardPasses() async throws {
        let result = try await hybridTest(["scripts/passing.test.js", "--shard", "2/2"])
        #expect(result.status == 0)
        #expect(result.stdout == "0 passed, 0 failed\n")
    }

    @Test func filterKeepsMatchingTests() async throws {
        let result = try await hybridTest(["scripts", "--filter", "mixed.test.js › passes"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout == "2 passed, 0 failed\n")
        let failing = try await hybridTest(["scripts", "--filter", "fails"])
        #expect(failing.status == 1)
        #expect(failing.stdout.hasSuffix("0 passed, 2 failed\n"))
    }

    @Test func usageErrorsExitTwo() async throws {
        let missing = try await hybridTest(["no/such/folder"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "hybrid test: no such file or folder: no/such/folder\n")
        let badShard = try await hybridTest(["scripts", "--shard", "0/3"])
        #expect(badShard.status == 2)
        #expect(badShard.stderr.contains("'--shard <i/n>': must be I/N"))
        let noDefault = try await HybridBinary.run(["test"], currentDirectory: Self.fixtures)
        #expect(noDefault.status == 2)
        #expect(noDefault.stderr.contains("web/tests"))
        let badTimeout = try await HybridBinary.run(["test", "--test-timeout", "0"], currentDirectory: Self.fixtures)
        #expect(badTimeout.status == 2)
    }

    @Test func folderWithoutTestFilesIsAUsageError() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await hybridTest([folder.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no test files"))
    }

    @Test func helpShowsExamplesAndVersionPrints() async throws {
        let help = try await HybridBinary.run(["test", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Examples:"))
        #expect(help.stdout.contains("hybrid test --shard 2/3 --junit junit.xml"))
        let version = try await HybridBinary.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
    }

    @Test func outputIsInFileOrderWhateverTheJobs() async throws {
        let one = try await hybridTest(["scripts", "pages", "--jobs", "1"])
        let many = try await hybridTest(["scripts", "pages", "--jobs", "4"])
        #expect(one.status == 1 && many.status == 1)
        #expect(one.stdout.hasSuffix("14 passed, 17 failed, 3 skipped\n"), "\(one.stdout)")
        // Ports and timings differ between runs; the order of failures must not.
        func failures(_ text: String) -> [String] { text.split(separator: "\n").filter { $0.hasPrefix("FAIL ") }.map(String.init) }
        #expect(failures(one.stdout) == failures(many.stdout))
        #expect(failures(one.stdout).first == "FAIL pages/broken.test.html")
    }

    @Test func testPagesRunInAWebViewWithTheirSidecarMocks() async throws {
        let result = try await hybridTest(["pages/handlers.test.html"])
        #expect(result.status == 1)
        // No Swift handlers from the command line: the mocked tests pass, the Swift ones fail.
        #expect(result.stdout.hasSuffix("2 passed, 3 failed\n"))
        #expect(result.stdout.contains("FAIL pages/handlers.test.html › login answers from Swift\n"
                                       + "    Error: no native handler named \"login\"\n    at pages/handlers.test.html:29\n"))
        #expect(result.stdout.contains("warn: [bridge] WVJBNoHandlerException"), "bridge logs go with the file's output")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test func projectSuitePasses() async throws {
        let root = Self.fixtures.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let result = try await HybridBinary.run(["test", "--test-timeout", HybridBinary.generousTimeout], currentDirectory: root)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.hasSuffix(" passed, 0 failed\n"))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a terminal"))
    func progressLineOnATerminal() async throws {
        // Colours follow the terminal and TERM; this test is about the progress line only.
        let command = "'\(HybridBinary.url.path)' test --jobs 2 --color never --test-timeout \(HybridBinary.generousTimeout) "
            + "scripts/passing.test.js scripts/only.test.js"
        // script(1) gives `hybrid test` a terminal for its standard error; its transcript comes out on our stdout.
        let result = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"],
                                                currentDirectory: Self.fixtures)
        let text = result.stdout
        // The line names the files running: both start at once (two jobs), the first in file order first.
        #expect(text.contains("[0/2] running scripts/only.test.js"), "\(text)")
        #expect(text.contains("running scripts/only.test.js, scripts/passing.test.js")
                || text.contains("[1/2] running scripts/passing.test.js"), "\(text)")
        #expect(text.contains("\u{1B}[2K5 passed, 0 failed, 2 skipped"), "the progress line is cleared before the summary")
    }

    @Test func coloursFollowTheColorFlag() async throws {
        let always = try await hybridTest(["scripts/mixed.test.js", "--color", "always"])
        #expect(always.status == 1)
        #expect(always.stdout.contains("\u{1B}[31m\u{1B}[1mFAIL\u{1B}[0m\u{1B}[0m \u{1B}[1mscripts/mixed.test.js › fails on equal"))
        #expect(always.stdout.hasSuffix("\u{1B}[32m2 passed\u{1B}[0m, \u{1B}[31m4 failed\u{1B}[0m, \u{1B}[33m1 skipped\u{1B}[0m\n"))
        let never = try await hybridTest(["scripts/mixed.test.js", "--color", "never"])
        #expect(!never.stdout.contains("\u{1B}["))
        #expect(never.stdout.hasSuffix("\n2 passed, 4 failed, 1 skipped\n"))
        // TAP stays plain whatever the flag says.
        let tap = try await hybridTest(["scripts/mixed.test.js", "--color", "always", "--tap"])
        #expect(!tap.stdout.contains("\u{1B}["))
        let bad = try await hybridTest(["scripts/mixed.test.js", "--color", "sometimes"])
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("hybrid test: The value 'sometimes' is invalid for '--color <WHEN>'"), "\(bad.stderr)")
    }

    /// The pages loop until the watchdog stops them: one at a time, beside no other spinning test. The
    /// per-test timeout and the 2 s of silence after which a page counts as hung are what is tested.
    @Test(.spinsTheCPU) func endlessLoopsFailWithoutCrashing() async throws {
        let result = try await hybridTest(["hangs", "--jobs", "1"], testTimeout: "0.3")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("0 passed, 3 failed\n"))
        #expect(result.stdout.contains("FAIL hangs/endless-promise-chain.test.js › starts promise jobs that never end\n"
                                       + "    timed out after 300 ms and the page stopped responding"))
        #expect(result.stdout.contains("FAIL hangs/loop-after-await.test.js › loops forever after an await\n"
                                       + "    timed out after 300 ms and the page stopped responding"))
        #expect(result.stdout.contains("FAIL hangs/sync-loop.test.js › loops forever\n"))
    }
}
