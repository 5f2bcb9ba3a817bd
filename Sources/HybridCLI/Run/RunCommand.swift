import ArgumentParser
import Foundation
import Hybrid

/// `hybrid run [PAGE]`: loads a hybrid page headlessly with a bridge and runs it in fixed phases.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a hybrid page headlessly: bridge, fixture server, clicks, native calls, evals, asserts.",
        discussion: """
            With no PAGE (and no --routes start URL), runs the demo web/index.html: its buttons call native
            handlers through WebViewJavascriptBridge, native calls the page back, and the DOM is checked.
            The demo is looked for in ./web, then <executable dir>/../share/hybrid/web, then <executable dir>/web.

            Phases, in this order: load (a local page's folder is served on a free loopback port, the bridge
            is attached); run until idle; each --click; each --call; each --eval (value printed); each
            --assert; --dump-dom last on stdout. Within a phase flags keep their command-line order, and the
            page runs until idle after each. Idle: no one-shot timer, fetch, script load or bridge delivery
            pending; repeating timers and requestAnimationFrame do not count.
            Mocks: a sidecar NAME.mock.json next to the page, then each --mock FILE, override handler by
            handler; mocks override the built-in handlers (echo, and the demo's).
            Exit codes: 0 success; 1 uncaught exception, failed click, error answer to --call or falsy
            assertion; 2 usage or input error; 3 time limit or watchdog; 130 interrupted. 2 > 3 > 1.

            Examples:
              hybrid run
              hybrid run web/examples/dom.html --click '#go' --assert "document.body.style.backgroundColor === 'orange'"
              hybrid run web/bridge/seed.html --mock mocks.json --call 'changeBGColor="red"' --transcript run.jsonl
              hybrid run --routes web/navigation/routes.json --verbose
              hybrid run page.html --api-mocks api/ --eval 'fetch("/api/user").then(r => r.json())' --timeout 5
            """
    )

    @Argument(help: "The page: a file path, or a file:, http: or https: URL. Default: the routes file's start URL, else the demo.")
    var page: String?

    @Option(name: .customLong("click"), help: ArgumentHelp("Click the first element matching SELECTOR (repeatable).", valueName: "SELECTOR"))
    var clicks: [String] = []

    @Option(name: .customLong("call"), help: ArgumentHelp("Call the page's JS handler NAME with JSON data and print its answer (repeatable).", valueName: "NAME[=JSON]"))
    var calls: [String] = []

    @Option(name: .customLong("eval"), help: ArgumentHelp("Evaluate JS in the page and print its value (repeatable).", valueName: "JS"))
    var evals: [String] = []

    @Option(name: .customLong("assert"), help: ArgumentHelp("Exit 1 if the expression is falsy (repeatable; all are evaluated).", valueName: "JS_EXPRESSION"))
    var asserts: [String] = []

    @Flag(name: .customLong("dump-dom"), help: "Print the serialised DOM last on stdout.")
    var dumpDOM = false

    @Option(name: .customLong("mock"), help: ArgumentHelp("Mock native handlers from a JSON file (repeatable; later files win).", valueName: "FILE"))
    var mocks: [String] = []

    @Option(name: .customLong("api-mocks"), help: ArgumentHelp("Serve mock HTTP APIs from DIR (the format of hybrid serve --api-mocks).", valueName: "DIR"))
    var apiMocks: String?

    @Option(name: .customLong("routes"), help: ArgumentHelp("A routes file: the app shell opens its start URL when no PAGE is given.", valueName: "FILE"))
    var routes: String?

    @Flag(name: .customLong("file-url"), help: "Load a local page from file: instead of serving its folder over HTTP.")
    var fileURL = false

    @Option(name: .long, help: ArgumentHelp("Write every event as a JSON line to FILE (see the README for the schema).", valueName: "FILE"))
    var transcript: String?

    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("Time limit in seconds for the whole run, also the watchdog limit for one script "
                               + "(0.001 to 86400; default 10).", valueName: "seconds"),
            transform: OptionValue.seconds)
    var timeout: Double = 10

    @Flag(name: .long, help: "Print only values (--eval, --call, --dump-dom) and errors.")
    var quiet = false

    @Flag(name: .long, help: "Also print load milestones, navigations, HTTP requests, bridge signals and app events.")
    var verbose = false

    @Option(name: .customLong("log-level"), help: ArgumentHelp("Library logging to stderr: trace, debug, info, notice, warning, error, critical.", valueName: "LEVEL"))
    var logLevel: String?

    @Option(name: .long, help: ArgumentHelp("Colours: auto (a terminal without NO_COLOR), always or never.", valueName: "WHEN"))
    var color = ColorMode.auto

    func validate() throws {
        if let logLevel, RunLogging.level(logLevel) == nil {
            throw ValidationError("--log-level must be trace, debug, info, notice, warning, error or critical")
        }
        if quiet && verbose { throw ValidationError("--quiet and --verbose exclude each other") }
    }

    func run() async throws {
        let options: RunOptions
        do {
            options = try makeOptions()
        } catch {
            StandardStreams.err("hybrid run: \(error.description)\n")
            throw ExitStatus.usage.exitCode
        }
        RunLogging.bootstrap(logLevel.flatMap(RunLogging.level))
        let status = await RunSession(options: options).run()
        if status != .success { throw status.exitCode }
    }
}
