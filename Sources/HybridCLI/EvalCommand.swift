import ArgumentParser
import Foundation
import Hybrid

/// `hybrid eval`: evaluates JavaScript in a fresh runtime and prints the completion value, like `node -p`.
struct EvalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Evaluate JavaScript in a fresh runtime and print the completion value.",
        discussion: """
            Runs the event loop until no timer (an interval included, as in Node) or work is pending, then prints the completion value the way \
            `node -p` does: strings raw, other values as JSON, undefined as nothing; a promise is awaited. \
            console.log, info and debug go to standard output and warn and error to standard error, as they \
            happen. Inline code is named <eval> in messages.

            Exit status: 0 success; 1 an uncaught exception or unhandled rejection (printed as file:line:column: \
            Name: message, then the stack); 2 a usage or input/output error; 3 the time limit or the watchdog; \
            4 --max-memory: the process's resident memory passed the limit (the script is stopped with \
            InterruptError: memory limit exceeded). When several apply, 2 wins over 4, 4 over 3, and 3 over 1.

            Examples:
              hybrid eval '1 + 2'
              hybrid eval 'setTimeout(() => console.log("b"), 10); console.log("a")'
              hybrid eval 'new Promise(r => setTimeout(() => r({ok: true}), 5))'
              hybrid eval --timeout 2 --file web/examples/hello.js
              hybrid eval --max-memory 300M 'new Array(1e5).fill(1).length'
            """
    )

    @Argument(help: "The JavaScript code to evaluate (named <eval> in messages).")
    var code: String?

    @Option(name: .long, help: ArgumentHelp("Evaluate the file at PATH instead.", valueName: "PATH"))
    var file: String?

    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("Overall time limit in seconds, in wall-clock time, also the watchdog limit for one script (0.001 to 86400; default 10).",
                               valueName: "seconds"),
            transform: OptionValue.seconds)
    var timeout: Double = 10

    @Option(name: .customLong("max-memory"), parsing: .unconditional,
            help: ArgumentHelp("Stop the script once the process's resident memory passes SIZE (512M, 2G; 16M to 1024G) "
                               + "and exit 4. Default: no limit.", valueName: "size"),
            transform: OptionValue.memorySize)
    var maxMemory: Int?

    /// Checked in `run()` rather than in `validate()`: ArgumentParser validates before it reports an
    /// unknown option, which would hide the real mistake behind this one.
    func checkArguments() throws {
        if (code == nil) == (file == nil) {
            throw ValidationError("give either CODE or --file PATH")
        }
    }

    func run() async throws {
        try checkArguments()
        let source: String, name: String
        if let file {
            guard let data = FileManager.default.contents(atPath: file) else {
                let reason = FileManager.default.fileExists(atPath: file) ? "not readable" : "no such file"
                StandardStreams.err("hybrid eval: cannot read \(file): \(reason)\n")
                throw ExitStatus.usage.exitCode
            }
            guard let text = String(data: data, encoding: .utf8) else {
                StandardStreams.err("hybrid eval: \(file) is not UTF-8 text\n")
                throw ExitStatus.usage.exitCode
            }
            source = text
            name = file
        } else {
            source = code ?? ""
            name = "<eval>"
        }
        let status = await EvalSession(source: source, sourceURL: name, timeout: timeout, maxMemory: maxMemory).run()
        if status != .success { throw status.exitCode }
    }
}
