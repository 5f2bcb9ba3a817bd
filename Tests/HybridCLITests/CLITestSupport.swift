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
    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String]? = nil,
                    currentDirectory: URL? = nil) async throws -> CommandResult {
        let result = try await ChildProcess.run(url, arguments, stdin: stdin, environment: environment,
                                                currentDirectory: currentDirectory)
        return CommandResult(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }
}
