import Foundation

/// Runs the `MemoryProbe` executable (built next to the test bundle) in a child process, so the
/// tests running in parallel in this process do not distort its resident-memory figures.
enum MemoryProbeRunner {
    struct Report: Decodable {
        var scenario: String
        var warmup: Int
        var cycles: Int
        var rssBeforeKB: Int
        var rssAfterKB: Int
        var growthKB: Int
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static var url: URL {
        // The test bundle lives in .build/<config>/; the executable is its sibling.
        var dir = Bundle.main.bundleURL
        if dir.pathExtension == "xctest" { dir = dir.deletingLastPathComponent() }
        let candidate = dir.appendingPathComponent("MemoryProbe")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("MemoryProbe")
    }

    /// Runs `scenario` for `cycles` cycles after `warmUp` and returns the probe's report.
    static func run(_ scenario: String, cycles: Int, warmUp: Int) throws -> Report {
        let result = try launch([scenario, "--cycles", String(cycles), "--warmup", String(warmUp)])
        guard result.status == 0 else {
            throw Failure(description: "MemoryProbe exited \(result.status): \(result.stderr)")
        }
        return try JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8))
    }

    /// Runs the probe with raw arguments.
    static func launch(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // The probe writes one short line to each stream at most, well under a pipe's buffer.
        process.waitUntilExit()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }
}
