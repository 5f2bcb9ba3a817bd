import ArgumentParser
import Testing
@testable import HybridCLI

/// The exit statuses and usage-error handling shared by every `hybrid` command.
@Suite struct CommandRunnerTests {
    @Test func precedenceIsUsageThenMemoryThenTimeoutThenException() {
        #expect(max(ExitStatus.exception, .timeout) == .timeout)
        #expect(max(ExitStatus.timeout, .usage) == .usage)
        #expect(max(ExitStatus.exception, .usage) == .usage)
        #expect(max(ExitStatus.timeout, .memory) == .memory)
        #expect(max(ExitStatus.memory, .usage) == .usage)
        #expect(ExitStatus.allCases.max() == .usage)
        #expect(ExitStatus.allCases.min() == .success)
        #expect(ExitStatus.allCases.map(\.rawValue).sorted() == [0, 1, 2, 3, 4])
    }

    @Test func argumentParserValidationFailuresMapToTwoOnOneLine() {
        // ArgumentParser's own code for these is 64 (EX_USAGE).
        for arguments in [["eval", "--bogus"], ["eval"], ["no-such-command"], ["eval", "--timeout", "abc", "1"],
                          ["eval", "--timeout", "-1", "1"], ["route", "--bogus", "x"]] {
            let error = parseError(arguments)
            #expect(HybridCommand.exitCode(for: error) == .validationFailure, "\(arguments)")
            let outcome = CommandRunner.outcome(for: error, root: HybridCommand.self, arguments: arguments)
            #expect(outcome.status == 2, "\(arguments)")
            #expect(outcome.message?.contains("\n") == false, "\(arguments)")
            #expect(outcome.message?.hasSuffix("--help'.") == true, "\(arguments)")
        }
        let unknown = CommandRunner.outcome(for: parseError(["eval", "--bogus"]), root: HybridCommand.self,
                                            arguments: ["eval", "--bogus"])
        #expect(unknown.message == "hybrid eval: Unknown option '--bogus'. See 'hybrid eval --help'.")
    }

    @Test func helpAndExitCodesPassThrough() {
        let help = CommandRunner.outcome(for: parseError(["eval", "--help"]), root: HybridCommand.self, arguments: ["eval", "--help"])
        #expect(help.status == 0)
        #expect(help.message?.contains("Examples:") == true)
        let three = CommandRunner.outcome(for: ExitStatus.timeout.exitCode, root: HybridCommand.self, arguments: [])
        #expect(three.status == 3)
        #expect(three.message == nil)
    }

    @Test func commandPathNamesTheSubcommand() {
        #expect(CommandRunner.commandPath(HybridCommand.self, arguments: ["eval", "x"]) == "hybrid eval")
        #expect(CommandRunner.commandPath(HybridCommand.self, arguments: ["route"]) == "hybrid route")
        #expect(CommandRunner.commandPath(HybridCommand.self, arguments: ["--eval"]) == "hybrid")
        #expect(CommandRunner.commandPath(HybridCommand.self, arguments: []) == "hybrid")
    }

    /// The error parsing `arguments` throws, with eval's argument checks (made in `run()`) and
    /// ArgumentParser's help command (which throws its help request when run).
    private func parseError(_ arguments: [String]) -> any Error {
        do {
            var command = try HybridCommand.parseAsRoot(arguments)
            if let eval = command as? EvalCommand { try eval.checkArguments() } else { try command.run() }  // help throws
            Issue.record("\(arguments) parsed without an error")
            return ExitCode.success
        } catch {
            return error
        }
    }
}
