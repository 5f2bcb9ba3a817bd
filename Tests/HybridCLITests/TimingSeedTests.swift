import Foundation
import Testing
import TestSupport

/// `hybrid test --timing-seeds N` finds a page's race with the bridge and names the seed; `--timing-seed S` replays it
/// (`hybrid run --timing-seed S` too).
@Suite struct TimingSeedTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func hybrid(_ arguments: [String]) async throws -> CommandResult {
        try await HybridBinary.run(arguments, currentDirectory: Self.root)
    }

    @Test func explorationFindsTheRaceAndNamesTheSeedThatReplaysIt() async throws {
        // On a virtual clock, as the exploration runs it (on a real one the race page's outcome hangs on the load).
        let plain = try await hybrid(["test", "web/examples/timing", "--virtual-time"])
        #expect(plain.status == 0, "\(plain.stdout)")
        #expect(plain.stdout.hasSuffix("2 passed, 0 failed\n"), "\(plain.stdout)")

        let explored = try await hybrid(["test", "web/examples/timing", "--timing-seeds", "5"])
        #expect(explored.status == 1)
        #expect(explored.stdout.contains("FAIL web/examples/timing/race.test.html › the greeting asked for from a timer arrives\n"
                                         + "    TypeError: undefined is not an object (evaluating 'greetingBridge.callHandler') [fails under timing seed 1 "
                                         + "(injection 0 to 100 ms, delivery 0 to 20 ms); replay: hybrid test "
                                         + "web/examples/timing/race.test.html --timing-seed 1]\n"), "\(explored.stdout)")
        #expect(!explored.stdout.contains("race-fixed.test.html ›"), "\(explored.stdout)")
        #expect(explored.stdout.hasSuffix("1 passed, 1 failed\n"), "\(explored.stdout)")

        let replay = try await hybrid(["test", "web/examples/timing/race.test.html", "--timing-seed", "1"])
        #expect(replay.status == 1)
        #expect(replay.stdout.contains("TypeError: undefined is not an object (evaluating 'greetingBridge.callHandler')\n"), "\(replay.stdout)")
        let fixed = try await hybrid(["test", "web/examples/timing/race-fixed.test.html", "--timing-seed", "1"])
        #expect(fixed.status == 0, "\(fixed.stdout)")
    }

    @Test func tooManySeedsIsAUsageError() async throws {
        let result = try await hybrid(["test", "web/examples/timing", "--timing-seeds", "1001"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--timing-seeds must be 0 to 1000 (got 1001)"), "\(result.stderr)")
    }

    @Test func runReplaysASeedOnAVirtualClock() async throws {
        let result = try await hybrid(["run", "web/index.html", "--timing-seed", "4", "--quiet",
                                       "--eval", "typeof WebViewJavascriptBridge + ' ' + (performance.now() > 0)"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("object true"), "\(result.stdout)")
    }
}
