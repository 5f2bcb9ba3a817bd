import ArgumentParser
import Foundation

/// The exit codes every `hybrid` command uses.
///
/// When several apply, the most important wins in the order usage (2), time limit (3), exception (1).
enum ExitStatus: Int32, Sendable, Comparable {
    case success = 0
    /// An uncaught exception or unhandled rejection.
    case exception = 1
    /// A usage or input error (bad options, unreadable file).
    case usage = 2
    /// The time limit or the watchdog stopped the run.
    case timeout = 3

    private var rank: Int {
        switch self {
        case .success: 0
        case .exception: 1
        case .timeout: 2
        case .usage: 3
        }
    }

    static func < (lhs: ExitStatus, rhs: ExitStatus) -> Bool { lhs.rank < rhs.rank }

    var exitCode: ExitCode { ExitCode(rawValue) }
}

/// Runs the root command, mapping argument errors to ``ExitStatus/usage`` instead of
/// ArgumentParser's default 64, so every command shares the same exit codes.
enum CommandRunner {
    static func main<Root: ParsableCommand>(_ root: Root.Type) async {
        do {
            var command = try root.parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = root.exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((root.fullMessage(for: error) + "\n").utf8))
                exit(ExitStatus.usage.rawValue)
            }
            root.exit(withError: error)
        }
    }
}

/// Writes to the standard streams unbuffered, so output interleaves as it happens.
enum StandardStreams {
    static func out(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }
    static func err(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
}
