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

            --module evaluates the code as an ES module instead, in a blank page of the headless web view (window, \
            document, fetch, the page's APIs) whose URL is --base (default: the current folder as a file: URL): \
            static import and export, import(), top-level await, import.meta.url. Inline code is the module at the base URL itself, as an inline <script type=module> \
            is its document's, so ./x.js is BASE/x.js; with --file the module is the file's URL and its imports \
            resolve next to it. A module has no completion value: what is printed is its default export (awaited \
            when it is a promise; nothing without one). Imported modules run once; errors name the module's URL, \
            line and column. A top-level await that never settles runs into the time limit (exit 3).

            Examples:
              hybrid eval '1 + 2'
              hybrid eval 'setTimeout(() => console.log("b"), 10); console.log("a")'
              hybrid eval 'new Promise(r => setTimeout(() => r({ok: true}), 5))'
              hybrid eval --timeout 2 --file web/examples/hello.js
              hybrid eval --max-memory 300M 'new Array(1e5).fill(1).length'
              hybrid eval --module 'export default await Promise.resolve(42)'
              hybrid eval --module --base web/examples 'export default import.meta.url'
              hybrid eval --module --base web/frameworks/vite-app 'import "./router.js"'
              hybrid eval --module --file web/frameworks/vite-app/shared/store.js
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

    @Flag(name: .long, help: "Evaluate the code as an ES module in a blank page; print its default export.")
    var module = false

    @Option(name: .long, help: ArgumentHelp("With --module: the page's URL, which inline code's imports resolve against "
                                            + "(a URL, or a folder; default: the current folder).", valueName: "URL"))
    var base: String?

    /// Checked in `run()` rather than in `validate()`: ArgumentParser validates before it reports an
    /// unknown option, which would hide the real mistake behind this one.
    func checkArguments() throws {
        if (code == nil) == (file == nil) {
            throw ValidationError("give either CODE or --file PATH")
        }
        if base != nil, !module {
            throw ValidationError("--base is for --module")
        }
    }

    /// `--module`'s page and module URLs (``EvalSession/ModuleTarget``); nil without `--module`. `--base` is a URL
    /// with a scheme or else a folder path; a folder's URL ends with `/`, so that `./x.js` resolves inside it.
    func moduleTarget() throws -> EvalSession.ModuleTarget? {
        guard module else { return nil }
        let cwd = FileManager.default.currentDirectoryPath
        var pageURL = URL(fileURLWithPath: cwd, isDirectory: true)
        if let base {
            if let url = URL(string: base), let scheme = url.scheme, ["http", "https", "file"].contains(scheme.lowercased()) {
                pageURL = url
            } else if URL(string: base)?.scheme != nil {
                throw ValidationError("--base \(base): only http, https and file URLs")
            } else {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: base, isDirectory: &isDirectory), isDirectory.boolValue else {
                    throw ValidationError("--base \(base): not a URL or a folder")
                }
                pageURL = URL(fileURLWithPath: base, isDirectory: true, relativeTo: URL(fileURLWithPath: cwd, isDirectory: true))
                    .absoluteURL.standardized
            }
        }
        let moduleURL = file.map { URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: cwd, isDirectory: true)).absoluteURL.standardized }
        return EvalSession.ModuleTarget(base: pageURL, url: moduleURL ?? pageURL)
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
        let status = await EvalSession(source: source, sourceURL: name, timeout: timeout, maxMemory: maxMemory,
                                       module: try moduleTarget()).run()
        if status != .success { throw status.exitCode }
    }
}
