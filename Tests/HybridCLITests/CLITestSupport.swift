import Foundation
import TestSupport

/// Runs the built `hybrid` executable and captures its streams.
///
/// End-to-end tests of the command share this: it finds the binary next to the test bundle.
struct CommandResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum HybridBinary {
    static var url: URL { ChildProcess.builtProduct("hybrid") }

    /// Runs `hybrid` with `arguments`, feeding `stdin` if given, and waits for it to exit (off the
    /// cooperative pool: see `ChildProcess`).
    ///
    /// `run` and `eval` get `--timeout 120` unless the test gives its own: their default of 10 s is a
    /// wall-clock limit that a loaded machine can reach, and only the tests about the limit set it.
    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String]? = nil,
                    currentDirectory: URL? = nil) async throws -> CommandResult {
        var arguments = arguments
        if ["run", "eval"].contains(arguments.first), !arguments.contains("--timeout") {
            arguments += ["--timeout", generousTimeout]
        }
        let result = try await ChildProcess.run(url, arguments, stdin: stdin, environment: environment,
                                                currentDirectory: currentDirectory)
        return CommandResult(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    /// Seconds, for `--timeout` and `--test-timeout` where the limit is not what a test is about.
    static let generousTimeout = String(Duration.generous.components.seconds)
}
