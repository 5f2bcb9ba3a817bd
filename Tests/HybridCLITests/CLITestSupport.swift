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
    /// `run` and `eval` get a generous `--timeout`, and `test` a generous `--load-timeout` and `--test-timeout`,
    /// unless the test gives its own: their defaults (10 s, 10 s, 5 s) are wall-clock limits that a loaded machine
    /// reaches (a framework page took more than 10 s to load beside a build, pinned to one core), and only the tests
    /// about a limit set it.
    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String]? = nil,
                    currentDirectory: URL? = nil) async throws -> CommandResult {
        let result = try await ChildProcess.run(url, withGenerousLimits(arguments), stdin: stdin, environment: environment,
                                                currentDirectory: currentDirectory)
        return CommandResult(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    /// `arguments` with the generous limits ``run(_:stdin:environment:currentDirectory:)`` adds: for processes
    /// that tests start themselves (to signal them, or an installed copy of the binary).
    static func withGenerousLimits(_ arguments: [String]) -> [String] {
        var arguments = arguments
        if ["run", "eval"].contains(arguments.first), !arguments.contains("--timeout") {
            arguments += ["--timeout", generousTimeout]
        }
        if arguments.first == "test" {
            for limit in ["--load-timeout", "--test-timeout"] where !arguments.contains(limit) {
                arguments += [limit, generousTimeout]
            }
        }
        return arguments
    }

    /// Seconds, for `--timeout`, `--load-timeout` and `--test-timeout` where the limit is not what a test is about.
    static let generousTimeout = String(Duration.generous.components.seconds)
}
