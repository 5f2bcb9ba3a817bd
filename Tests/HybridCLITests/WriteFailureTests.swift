import Foundation
import Testing
import TestSupport

/// Files the command writes (the transcript, the JUnit report, standard output redirected to a file): a write
/// that fails is reported on standard error and the exit status is 2, never a silent success.
///
/// The failure is real and needs no privilege: the child runs with a file-size limit of 0 (`ulimit -f 0`, with
/// SIGXFSZ ignored so the write returns EFBIG instead of killing it), the same path as a full disk (ENOSPC).
@Suite struct WriteFailureTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/HybridTesting")

    /// Runs `hybrid arguments` where no regular file can grow; `stdoutFile` receives standard output when given.
    func runWithoutRoom(_ arguments: [String], stdoutFile: URL? = nil) async throws -> ChildProcessResult {
        let redirect = stdoutFile.map { " > '\($0.path)'" } ?? ""
        var environment = ProcessInfo.processInfo.environment
        // GLib's settings backend would try to write its cache file too, and complain about it.
        environment["GSETTINGS_BACKEND"] = "memory"
        return try await ChildProcess.run(URL(fileURLWithPath: "/bin/sh"),
                                          ["-c", "trap '' XFSZ; ulimit -f 0; exec \"$0\" \"$@\"\(redirect)",
                                           HybridBinary.url.path] + arguments,
                                          environment: environment, currentDirectory: Self.fixtures)
    }

    func temporaryFile(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString)-\(name)")
    }

    @Test func aTranscriptThatCannotBeWrittenIsExitTwo() async throws {
        let transcript = temporaryFile("t.jsonl")
        defer { try? FileManager.default.removeItem(at: transcript) }
        let page = Self.fixtures.appendingPathComponent("../../../web/examples/dom.html").standardized
        let result = try await runWithoutRoom(["run", page.path, "--transcript", transcript.path, "--eval", "1 + 1"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stdout.contains("2\n"), "the run itself went on")
        #expect(result.stderr.contains("hybrid run: cannot write the transcript \(transcript.path): File too large\n"))
        #expect(result.stderr.hasSuffix("— exit 2\n"), "the summary says so: \(result.stderr)")
    }

    @Test func aJUnitReportThatCannotBeWrittenIsExitTwo() async throws {
        let junit = temporaryFile("junit.xml")
        defer { try? FileManager.default.removeItem(at: junit) }
        let result = try await runWithoutRoom(["test", "scripts/passing.test.js", "--junit", junit.path])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stdout == "4 passed, 0 failed\n")
        #expect(result.stderr == "hybrid test: cannot write \(junit.path): File too large\n")
    }

    @Test(arguments: [["eval", "6 * 7"], ["route", "--pattern", "/a", "/a"], ["--help"],
                      ["test", "--tap", "scripts/passing.test.js"]])
    func standardOutputThatCannotBeWrittenIsExitTwo(arguments: [String]) async throws {
        let output = temporaryFile("out.txt")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try await runWithoutRoom(arguments, stdoutFile: output)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        let command = arguments[0].hasPrefix("-") ? "hybrid" : "hybrid \(arguments[0])"
        #expect(result.stderr.hasSuffix("\(command): cannot write standard output: File too large\n"), "\(result.stderr)")
    }

    @Test func aBadJUnitPathFailsBeforeAnyTestRuns() async throws {
        let result = try await HybridBinary.run(["test", "scripts/passing.test.js", "--junit", "/nonexistent/dir/junit.xml"],
                                                currentDirectory: Self.fixtures)
        #expect(result.status == 2)
        #expect(result.stdout == "", "no test ran")
        #expect(result.stderr == "hybrid test: cannot write /nonexistent/dir/junit.xml: No such file or directory\n")
        let folder = try await HybridBinary.run(["test", "scripts/passing.test.js", "--junit", "scripts"],
                                                currentDirectory: Self.fixtures)
        #expect(folder.status == 2)
        #expect(folder.stderr == "hybrid test: cannot write scripts: Is a directory\n")
    }

    @Test func aBadTranscriptPathSaysWhy() async throws {
        let page = Self.fixtures.appendingPathComponent("../../../web/examples/dom.html").standardized
        let result = try await HybridBinary.run(["run", page.path, "--transcript", "/nonexistent/dir/t.jsonl"])
        #expect(result.status == 2)
        #expect(result.stderr == "hybrid run: cannot write the transcript /nonexistent/dir/t.jsonl: No such file or directory\n")
    }
}
