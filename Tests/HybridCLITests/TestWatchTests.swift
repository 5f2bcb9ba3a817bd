import Foundation
@testable import HybridCLI
import Testing
import TestSupport

/// `hybrid test --watch`: after the first run, a change to a file a test's page loaded runs that test file again, and
/// no other; each run ends with its summary line; SIGINT ends the watch.
@Suite struct TestWatchTests {
    /// Reads `stream` on a thread of its own until `marker` has been seen (or the stream ends); what was read.
    static func read(_ stream: FileHandle, until marker: String) async -> String {
        await withCheckedContinuation { continuation in
            Thread {
                var seen = Data()
                while !String(decoding: seen, as: UTF8.self).contains(marker) {
                    let chunk = stream.availableData
                    if chunk.isEmpty { break }
                    seen += chunk
                }
                continuation.resume(returning: String(decoding: seen, as: UTF8.self))
            }.start()
        }
    }

    @Test func aChangedPageRunsAgainTheTestFileThatOpenedItAndNoOther() async throws {
        let folder = try await RunFixture.folder([
            "opens.test.js": "test('reads the page', async () => { await page.open('page.html'); expect(page.document.title).toBe('Page'); });",
            "alone.test.js": "test('passes', () => {});",
            "page.html": "<!DOCTYPE html><title>Page</title>",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = HybridBinary.withGenerousLimits(["test", "--watch", "--reporter", "spec", "--jobs", "1", "."])
        let process = try SpawnedProcess(HybridBinary.url, arguments, currentDirectory: folder)
        // Bounded: should the watch never run again, the child is killed and the reads below end.
        let bound = Task {
            try await Task.sleep(for: .generous)
            process.send(SIGKILL)
        }
        defer { bound.cancel() }
        let watching = "(Ctrl-C to stop)\n"
        let first = await Self.read(process.standardError, until: watching)
        #expect(first.hasSuffix(watching), "\(first)")
        try Data("<!DOCTYPE html><title>Page</title><p>changed</p>".utf8).write(to: folder.appendingPathComponent("page.html"))
        let second = await Self.read(process.standardError, until: watching)
        let rerun = second.split(separator: "\n").first { $0.hasPrefix("Running again: ") } ?? ""
        #expect(rerun.hasSuffix("opens.test.js") && !rerun.contains("alone"), "\(second)")
        #expect(second.hasSuffix(watching), "\(second)")
        process.send(SIGINT)
        let output = String(decoding: process.standardOutput.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.waitForExit() == .exit(130))
        let runs = output.components(separatedBy: "2 passed, 0 failed\n")
        #expect(runs.count == 2, "the first run's summary: \(output)")
        let again = runs.last ?? ""
        #expect(again.contains("opens.test.js"), "\(output)")
        #expect(!again.contains("alone.test.js"), "\(output)")
        #expect(again.hasSuffix("1 passed, 0 failed\n"), "\(output)")
    }
}
