import Foundation
import Testing
import TestSupport
import WebKitEngine

/// Every command's `--help`: paragraphs ArgumentParser wraps to the terminal (no line breaks of their own),
/// a discussion with examples, each example on one line at 80 columns, and every example a command that works.
@Suite struct HelpTextTests {
    static let commands = ["", "eval", "route", "test", "run", "serve", "conform"]

    func help(_ command: String, columns: Int) async throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = String(columns)
        let result = try await HybridBinary.run((command.isEmpty ? [] : [command]) + ["--help"], environment: environment)
        #expect(result.status == 0)
        return result.stdout
    }

    /// The lines of the overview (the abstract and the discussion), before `USAGE:`.
    func overview(_ help: String) -> [Substring] {
        Array(help.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.hasPrefix("USAGE:") })
    }

    /// The example lines: `  hybrid ...`.
    func examples(_ help: String) -> [String] {
        overview(help).filter { $0.hasPrefix("  hybrid") }.map { String($0.dropFirst(2)) }
    }

    @Test(arguments: commands)
    func paragraphsAreWrappedByTheParserNotByHand(command: String) async throws {
        // On a very wide terminal nothing wraps: a paragraph is one line, and two text lines in a row
        // would be a line break written into the text.
        let lines = overview(try await help(command, columns: 1000))
        for (line, next) in zip(lines, lines.dropFirst()) where !line.isEmpty && !line.hasPrefix(" ") {
            #expect(next.isEmpty || next.hasPrefix("  "), "'\(command)': a line break inside a paragraph after: \(line)")
        }
    }

    @Test(arguments: commands)
    func everyHelpHasExamplesThatFitOnALine(command: String) async throws {
        let text = try await help(command, columns: 80)
        let lines = overview(text)
        #expect(lines.contains("Examples:"), "'\(command)' --help has no examples")
        let examples = examples(text)
        #expect(examples.count >= 3, "'\(command)'")
        // At 80 columns an example too long for the line would continue on a line of its own.
        for (line, next) in zip(lines, lines.dropFirst()) where line.hasPrefix("  hybrid") {
            #expect(next.isEmpty || next.hasPrefix("  hybrid"), "'\(command)': the example '\(line)' is wrapped")
        }
        for line in text.split(separator: "\n") where !line.hasPrefix("USAGE:") {
            #expect(line.count <= 80, "'\(command)': a line longer than 80 columns: \(line)")
        }
    }

    /// Runs every example of `command`'s help from a folder whose `web` is the repository's, so the files an
    /// example writes (a transcript, a JUnit report) land there; `hybrid serve` is stopped with SIGTERM once
    /// it printed its URL.
    @Test(arguments: commands)
    func everyExampleWorks(command: String) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("examples-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("web"),
                                                   withDestinationURL: RunFixture.repository.appendingPathComponent("web"))
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = HybridBinary.url.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        let examples = examples(try await help(command, columns: 80))
        #expect(!examples.isEmpty, "'\(command)' --help has no examples")
        for example in examples {
            // The WebKit engine's examples need WebKitGTK (CI installs it); elsewhere they say so and exit 2.
            if example.contains("--engine webkit") || example.hasPrefix("hybrid conform"),
               WebKitWebView.unavailableReason != nil { continue }
            if example.hasPrefix("hybrid serve") {
                let (status, firstLine, stderr) = try await Self.serve(example, environment: environment, in: folder)
                if stderr.contains("cannot listen on 127.0.0.1:8080") { continue }  // the default port is someone else's
                #expect(status == 0, "\(example): \(stderr)")
                #expect(firstLine.hasPrefix("http://127.0.0.1:"), "\(example): \(firstLine)")
                continue
            }
            let result = try await ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", example],
                                                    environment: environment, currentDirectory: folder)
            #expect(result.status == 0, "\(example):\n\(result.stdout)\(result.stderr)")
        }
    }

    /// Starts a `hybrid serve` example, reads its first line, stops it with SIGTERM.
    static func serve(_ example: String, environment: [String: String], in folder: URL) async throws -> (Int32, String, String) {
        let process = try SpawnedProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", "exec " + example],
                                         environment: environment, currentDirectory: folder)
        let run = await process.interrupt(after: "\n", with: SIGTERM)
        let firstLine = run.output.split(separator: "\n").first.map(String.init) ?? ""
        return (run.status, firstLine, run.errors)
    }
}
