import ArgumentParser
import Foundation
import Hybrid

/// `hybrid run PAGE`: loads a page headlessly and runs it in fixed phases.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Load an HTML page headlessly, run it until idle, then click, evaluate and assert.",
        discussion: """
            Phases, in this order: load the page (until its load event); run until idle; each --click in
            order, running until idle after each; each --eval in order, printing its value (a promise is
            awaited); each --assert in order; finally --dump-dom prints the serialised DOM last on stdout.
            Idle means no one-shot timer, no fetch or script load in flight and no queued message;
            repeating timers and requestAnimationFrame do not keep a page busy.
            Console lines (log/info/debug to stdout, warn/error to stderr), dialogs and uncaught
            exceptions (file:line:column) are printed as they happen.
            Exit codes: 0 success, 1 uncaught exception, failed click or falsy assertion,
            2 usage or input error (unreadable page), 3 time limit or watchdog.

            Examples:
              hybrid run web/examples/dom.html
              hybrid run web/examples/dom.html --click '#go' --eval 'document.title' --assert "document.body.style.backgroundColor === 'orange'"
              hybrid run page.html --dump-dom --transcript run.jsonl --timeout 5
            """
    )

    @Argument(help: "The page: a file path, or a file:, http: or https: URL.")
    var page: String

    @Option(name: .customLong("click"), help: ArgumentHelp("Click the first element matching SELECTOR (repeatable).", valueName: "SELECTOR"))
    var clicks: [String] = []

    @Option(name: .customLong("eval"), help: ArgumentHelp("Evaluate JS in the page and print its value (repeatable).", valueName: "JS"))
    var evals: [String] = []

    @Option(name: .customLong("assert"), help: ArgumentHelp("Exit 1 if the expression is falsy (repeatable; all are evaluated).", valueName: "JS_EXPRESSION"))
    var asserts: [String] = []

    @Flag(name: .customLong("dump-dom"), help: "Print the serialised DOM last on stdout.")
    var dumpDOM = false

    @Option(name: .long, help: "Time limit in seconds for the whole run, also the watchdog limit for one script.")
    var timeout: Double = 10

    @Option(name: .long, help: ArgumentHelp("Write every event as a JSON line to FILE (see the README for the schema).", valueName: "FILE"))
    var transcript: String?

    func validate() throws {
        guard timeout.isFinite, timeout > 0 else { throw ValidationError("--timeout must be a positive number of seconds") }
    }

    func run() async throws {
        guard let url = RunCommand.resolve(page) else {
            StandardStreams.err("hybrid run: cannot read \(page)\n")
            throw ExitStatus.usage.exitCode
        }
        let session = RunSession(url: url, clicks: clicks, evals: evals, asserts: asserts, dumpDOM: dumpDOM,
                                 timeout: timeout, transcriptPath: transcript)
        let status = await session.run()
        if status != .success { throw status.exitCode }
    }

    /// A URL with a scheme as is; anything else is a file path that must exist.
    static func resolve(_ page: String) -> URL? {
        if let url = URL(string: page), let scheme = url.scheme?.lowercased(), ["http", "https", "file"].contains(scheme) {
            return url
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: page, isDirectory: &isDirectory), !isDirectory.boolValue else { return nil }
        return URL(fileURLWithPath: page).standardizedFileURL
    }
}
