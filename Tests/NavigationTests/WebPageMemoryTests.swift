import Foundation
import Testing

/// Runs `MemoryProbe` (built next to the test bundle) in a child process, so tests running in parallel here do
/// not distort its resident-memory figures.
enum NavigationMemoryProbe {
    struct Report: Decodable {
        var scenario: String
        var cycles: Int
        var growthKB: Int
    }

    static func run(_ scenario: String, cycles: Int, warmUp: Int) throws -> Report {
        var dir = Bundle.main.bundleURL
        if dir.pathExtension == "xctest" { dir = dir.deletingLastPathComponent() }
        let process = Process()
        process.executableURL = dir.appendingPathComponent("MemoryProbe")
        process.arguments = [scenario, "--cycles", String(cycles), "--warmup", String(warmUp)]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try JSONDecoder().decode(Report.self, from: data)
    }
}

@Suite struct WebPageMemoryTests {
    /// The bound: 500 push/pop cycles of a web page grow resident memory by less than 16 MB.
    /// Disabled: a bare `HeadlessWebView` load + close keeps about 5 MB per document alive (measured with
    /// `MemoryProbe webpage-push-pop`, and the same without Navigation), so this waits for the web view fix.
    @Test(.disabled("HeadlessWebView keeps ~5 MB per closed document; enable when the web view releases them"))
    func fiveHundredPushPopCyclesOfAWebPageDoNotGrowResidentMemory() throws {
        let report = try NavigationMemoryProbe.run("webpage-push-pop", cycles: 500, warmUp: 50)
        #expect(report.cycles == 500)
        #expect(report.growthKB < 16 * 1024)
    }
}
