import ArgumentParser
import Foundation

/// Parses and runs the root command so that every `hybrid` command shares ``ExitStatus``.
///
/// ArgumentParser exits with 64 (`EX_USAGE`) and several lines of usage for a bad command line;
/// here every usage error exits with ``ExitStatus/usage`` (2) and prints one line:
/// `hybrid eval: Unknown option '--bogus'. See 'hybrid eval --help'.`
enum CommandRunner {
    /// Runs `root` with the process arguments and exits with the resulting status.
    static func main<Root: ParsableCommand>(_ root: Root.Type) async -> Never {
        let status = await run(root, arguments: Array(CommandLine.arguments.dropFirst()))
        exit(status)
    }

    /// Parses `arguments`, runs the command and returns the exit status; messages go to the
    /// standard streams (help and version to standard output).
    static func run<Root: ParsableCommand>(_ root: Root.Type, arguments: [String]) async -> Int32 {
        let status = await parseAndRun(root, arguments: arguments)
        guard let reason = StandardStreams.outputFailureReason else { return status }
        // Output was lost (a full disk, say): an input/output error, whatever the command itself concluded.
        StandardStreams.err("\(commandPath(root, arguments: arguments)): cannot write standard output: \(reason)\n")
        return ExitStatus(rawValue: status).map { max($0, .usage).rawValue } ?? status
    }

    private static func parseAndRun<Root: ParsableCommand>(_ root: Root.Type, arguments: [String]) async -> Int32 {
        do {
            var command = try root.parseAsRoot(arguments)
            if command is any RunsJavaScript, let problem = InstalledScripts.problem() {
                StandardStreams.err("\(commandPath(root, arguments: arguments)): \(problem)\n")
                return ExitStatus.usage.rawValue
            }
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return ExitStatus.success.rawValue
        } catch {
            let outcome = outcome(for: error, root: root, arguments: arguments)
            if let message = outcome.message {
                if outcome.status == ExitStatus.success.rawValue {
                    StandardStreams.out(message + "\n")
                } else {
                    StandardStreams.err(message + "\n")
                }
            }
            return outcome.status
        }
    }

    /// The exit status and message for an error thrown while parsing or running.
    static func outcome<Root: ParsableCommand>(for error: any Error, root: Root.Type,
                                               arguments: [String]) -> (status: Int32, message: String?) {
        let code = root.exitCode(for: error)
        if code == .validationFailure {
            let command = commandPath(root, arguments: arguments)
            var line = root.message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid usage"
            if let last = line.last, !".!?".contains(last) { line += "." }
            return (ExitStatus.usage.rawValue, "\(command): \(line) See '\(command) --help'.")
        }
        let message = root.fullMessage(for: error)
        return (code.rawValue, message.isEmpty ? nil : message)
    }

    /// `hybrid` or `hybrid SUBCOMMAND` when the first argument names one of the root's subcommands.
    static func commandPath<Root: ParsableCommand>(_ root: Root.Type, arguments: [String]) -> String {
        let name = root.configuration.commandName ?? root._commandName
        guard let first = arguments.first,
              root.configuration.subcommands.contains(where: { ($0.configuration.commandName ?? $0._commandName) == first })
        else { return name }
        return "\(name) \(first)"
    }
}
