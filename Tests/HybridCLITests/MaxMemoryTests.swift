import Foundation
import Testing
import TestSupport

/// `--max-memory`: a monitor outside the runtime thread watches the process's resident memory and interrupts the
/// runaway script, which fails with `InterruptError: memory limit exceeded (N MB)`; the command exits 4. Each case
/// runs the built binary in a child process, whose memory is its own; nothing here measures time (`--timeout` is
/// generous, so only the memory limit can stop the loops).
@Suite(.spinsTheCPU) struct MaxMemoryTests {
    static let arrays = "a = []; for (;;) a.push(new Array(1e5).fill(1))"
    static let buffers = "a = []; for (;;) a.push(new Uint8Array(1e6).fill(1))"

    @Test(arguments: [MaxMemoryTests.arrays, MaxMemoryTests.buffers])
    func evalStopsAnAllocationLoopAndExitsFour(loop: String) async throws {
        let result = try await HybridBinary.run(["eval", "--max-memory", "300M", loop])
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("hybrid eval: memory limit of 300 MB exceeded ("), "\(result.stderr)")
        #expect(result.stderr.contains("InterruptError: memory limit exceeded (300 MB)"), "\(result.stderr)")
    }

    @Test func aScriptUnderTheLimitIsUnaffected() async throws {
        let result = try await HybridBinary.run(["eval", "--max-memory", "300M",
                                                 "a = []; for (let i = 0; i < 20; i++) a.push(new Array(1e5).fill(1)); a.length"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "20\n")
        #expect(result.stderr == "")
    }

    @Test func aLimitBelowWhatTheProcessAlreadyUsesStopsTheFirstScript() async throws {
        // The engine alone takes more than 16 MB: the limit is passed before the script ends, however short.
        let result = try await HybridBinary.run(["eval", "--max-memory", "16M", "for (;;) {}"])
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stderr.contains("InterruptError: memory limit exceeded (16 MB)"), "\(result.stderr)")
    }

    @Test func runStopsAnAllocationLoopInAPageAndExitsFour() async throws {
        let folder = try await RunFixture.folder(["page.html": "<!DOCTYPE html><title>t</title><p>hi</p>"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let transcript = folder.appendingPathComponent("run.jsonl")
        let result = try await HybridBinary.run(["run", folder.appendingPathComponent("page.html").path,
                                                 "--max-memory", "300M", "--transcript", transcript.path,
                                                 "--eval", MaxMemoryTests.arrays])
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stderr.contains("hybrid run: memory limit of 300 MB exceeded ("), "\(result.stderr)")
        #expect(result.stderr.contains("InterruptError: memory limit exceeded (300 MB)"), "\(result.stderr)")
        #expect(result.stderr.contains("exit 4"), "the summary: \(result.stderr)")
    }

    @Test func runUnderTheLimitIsUnaffected() async throws {
        let folder = try await RunFixture.folder(["page.html": "<!DOCTYPE html><title>t</title><p>hi</p>"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await HybridBinary.run(["run", folder.appendingPathComponent("page.html").path, "--quiet",
                                                 "--max-memory", "1G", "--eval", "document.title"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "t\n")
    }

    @Test func testFailsTheRunawayFileAndGoesOn() async throws {
        let folder = try await RunFixture.folder([
            "a.test.js": "test('grows', () => { \(MaxMemoryTests.arrays) });",
            "b.test.js": "test('passes', () => {});",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await HybridBinary.run(["test", "--jobs", "1", "--max-memory", "300M", "--test-timeout",
                                                 HybridBinary.generousTimeout, "--color", "never", folder.path])
        #expect(result.status == 4, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("hybrid test: memory limit of 300 MB exceeded ("), "\(result.stderr)")
        #expect(result.stdout.contains("a.test.js › grows"), "\(result.stdout)")
        #expect(result.stdout.contains("memory limit exceeded (300 MB); the file's other tests did not run"), "\(result.stdout)")
        #expect(result.stdout.contains("1 passed, 1 failed"), "\(result.stdout)")
    }
}
