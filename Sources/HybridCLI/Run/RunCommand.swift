import ArgumentParser
import Foundation
import Hybrid

/// `hybrid run [PAGE]`: loads a hybrid page headlessly with a bridge and runs it in fixed phases.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a hybrid page headlessly: bridge, fixture server, clicks, native calls, evals, asserts.",
        discussion: """
            With no PAGE (and no --routes start URL), runs the demo web/index.html: its buttons call native \
            handlers through WebViewJavascriptBridge, native calls the page back, and the DOM is checked. The \
            demo is looked for in ./web, then <executable dir>/../share/hybrid/web, then <executable dir>/web.

            Phases, in this order: load (a local page's folder is served on a free loopback port, the bridge is \
            attached); run until idle; each --rotate; each --file-input; the steps; --dump-dom last on standard \
            output. The steps run in command-line order, whatever their kind: --click, --fill, --select, --press, \
            --check, --uncheck, --wait-for, --wait, --call, --eval (its value printed), --assert, and the steps of \
            each --steps FILE where it stands; the page runs until idle after each. A step that fails is named \
            with its number: "step 3 (--click #pay): no element matches '#pay'"; the run goes on with the next. \
            Idle: no one-shot timer, \
            animation frame, fetch, script load or bridge delivery pending; repeating timers do not count, and a \
            requestAnimationFrame loop only for --animation-settle seconds (default 1).

            --virtual-time runs the page's timers and animation frames on a virtual clock: while the run waits \
            for idle, time jumps to the next timer or frame, so a 2-second transition ends at once. Time moves \
            only then: an --eval or --call that awaits a timer waits until --timeout.

            Mocks: a sidecar NAME.mock.json next to the page, then each --mock FILE, override handler by \
            handler; mocks override the built-in handlers (echo, and the demo's). A handler's mock may be a list \
            of answers: [{"when": {"id": 1}, "response": ...}, {"response": ...}, {"error": ...}] (an entry with \
            when answers the calls whose data matches it; the others answer in turn, the last repeating).

            --message-handler NAME registers window.webkit.messageHandlers.NAME: with a mock of that name it \
            replies (postMessage returns a Promise of the mock's answer, as addScriptMessageHandlerWithReply), \
            else it only receives. --mock-script FILE answers with the functions a JavaScript module exports \
            (module.exports = { getUser(data) { ... } }, async ones too; {error: {code, message}} is an error \
            answer), run in a context of its own, never in the page; it wins over the mock files.

            --replay-har FILE answers the page's requests from a HAR file, offline, the page's own document too (a \
            page recorded from a URL runs with its server gone): a request it does not have fails, except to the \
            page's own server. --record-har FILE writes the requests the page makes (its document, fetch, \
            XMLHttpRequest, scripts, images) and their responses as one, against the real backend, when the run \
            ends, each with its start time and HAR timings (blocked, dns, connect, ssl, send, wait, receive; -1 \
            for a phase that did not happen). Example: hybrid run http://127.0.0.1:8080/cart.html --record-har \
            cart.har, then hybrid run http://127.0.0.1:8080/cart.html --replay-har cart.har with the server stopped.

            Exit status: 0 success; 1 an uncaught exception, a --click that matches nothing, a failing --eval, \
            an error answer to --call or a falsy --assert; 2 a usage or input/output error (a missing page, a \
            bad mock or routes file, a transcript that cannot be written); 3 the time limit or the watchdog; 4 \
            --max-memory: the process's resident memory passed the limit (the page's JavaScript is stopped with \
            InterruptError: memory limit exceeded); 130, 143 or 129 stopped by SIGINT, SIGTERM or SIGHUP (the \
            terminal closed), after flushing the transcript and printing the summary. When several apply, 2 wins \
            over 4, 4 over 3, and 3 over 1.

            Divergences: where the page would behave differently on an iPhone (a setup callback that throws, \
            a responseCallback called twice, a bridge call before the bridge exists on iOS), the run does what \
            the device does and prints "divergence CODE: message" on standard error (a "divergence" transcript \
            line). They never change the exit status unless --strict is given, which exits 1 on any. --lenient \
            keeps the bridge's old forgiving behaviour (still reporting each divergence).

            Device services: --geolocation gives the position navigator.geolocation answers with (without it \
            the user refuses), or a JSON file of one ({"latitude": 31.2, "longitude": 121.5, "accuracy": 10}) or of \
            an error ({"error": "positionUnavailable"}); --clipboard sets the clipboard's text, which navigator.clipboard reads in a user \
            gesture (a --click); when the page changed the clipboard, the run prints "clipboard" and its new \
            content after the last phase.

            --rotate turns the device a quarter, as turning the phone does: the page gets orientationchange, \
            resize and its media queries' change events (matchMedia), then runs until idle; give it twice to turn \
            back.

            --canvas-out DIR saves each <canvas> as DIR/<id>.png (canvas-N.png without an id, N counting from \
            1 in document order) after the last phase; a canvas without a bitmap (a zero size, or above 4096 x \
            4096 pixels) is named but not saved.

            Engines: --engine headless (the default) runs the page in the headless web view; --engine webkit runs \
            it in real WebKit (WebKitGTK, the engine of WKWebView, in a helper process under a private Xvfb; install \
            it with scripts/bootstrap --webkit), served the same way, with the same bridge (carried as on WKWebView; \
            its built-in and demo handlers, mocks, --mock-script, --message-handler, --call, --event), the steps \
            run as JavaScript in its DOM, its console, dialogs, uncaught errors and bridge messages printed and in \
            the transcript. A page that cannot load (a refused connection) is exit 2, as on the headless engine. \
            --timeout counts from the moment WebKit is ready.

            --root DIR serves DIR instead of the page's folder (on both engines), as an app's \
            loadFileURL(_:allowingReadAccessTo:) gives the page read access to DIR: a page that loads \
            ../lib/x.js needs it. The page must be inside DIR (else exit 2); not with --file-url or --routes.

            Screenshots: --screenshot FILE.png saves the page's pixels after \
            the steps, --screenshot-each DIR after the load (DIR/load.png) and after every step (DIR/step-N.png); \
            both need --engine webkit. What does not run on WebKit yet (--container, --timing-seed, --routes, HAR, \
            --virtual-time, --rotate, device services, --canvas-out, --max-memory) is refused with exit \
            2, naming it.

            --report FILE.html on --engine webkit embeds the screenshots (--screenshot, --screenshot-each) in the \
            page, as data: URLs, so the file stays self-contained.

            Coverage: --coverage instruments the page's own scripts (the files under the served folder: inline \
            and src scripts, module scripts and the modules they import as written, iframes' scripts, scripts the \
            page inserts by src or by text written in its files; not the injected scripts, nor files matching \
            --coverage-exclude GLOB) with istanbul's instrumenter, as hybrid test --coverage does. When the run \
            ends it writes lcov.info and coverage-final.json into --coverage-dir (default coverage) and prints a \
            table of statements, branches, functions and lines per file on standard error, before the summary. \
            --coverage-min 80 (or statements=80,branches=70) exits 1 with a line per kind below its minimum. \
            Needs the Debian packages node-istanbul and node-babel7-standalone; not with --routes or --engine webkit.

            Examples:
              hybrid run                                     # the demo, web/index.html
              hybrid run web/examples/dom.html --click '#go' --eval 'document.title'
              hybrid run web/bridge/echo.html --call 'echoHandler={"n":1}' --quiet
              hybrid run web/index.html --call 'changeBGColor="hi"' --transcript run.jsonl
              hybrid run web/index.html --call 'changeBGColor="hi"' --report run.html
              hybrid run --routes web/navigation/routes.json --click '#item-2' --verbose
              hybrid run web/index.html --max-memory 512M --timeout 30
              hybrid run web/examples/canvas.html --canvas-out out
              hybrid run web/examples/dom.html --device 'iPhone SE' --eval innerWidth
              hybrid run web/examples/responsive.html --rotate --eval innerWidth
              hybrid run --device list
              hybrid run web/examples/dom.html --virtual-time --animation-settle 5
              hybrid run web/examples/dom.html --geolocation 31.2,121.5 --clipboard hi
              hybrid run web/bridge/echo.html --strict       # exit 1 on a divergence
              hybrid run web/examples/form.html --fill '#name=Ann' --press Enter
              hybrid run web/examples/token.html --message-handler getToken --click '#go'
              hybrid run web/index.html --mock-script web/examples/pay.js --click '#pay'
              hybrid run web/examples/form.html --select '#size=L' --check '#ok'
              hybrid run web/examples/form.html --steps web/examples/form.steps.json
              hybrid run web/examples/form.html --virtual-time --wait-for .expired
              hybrid run web/examples/form.html --virtual-time --wait 600000
              hybrid run web/examples/canvas.html --engine webkit --screenshot canvas.png
              hybrid run web/examples/form.html --engine webkit --fill '#name=Ann'
              hybrid run web/examples/form.html --fill '#name=A' --click '#pay' --coverage
              hybrid run web/bridge/echo.html --engine webkit --call 'echoHandler={"n":1}'
              hybrid run --engine webkit                     # the demo in real WebKit
              hybrid run web/bridge/wechat.html --root web   # it loads ../examples/*.js
            """
    )

    @Argument(help: "The page: a file path, or a file:, http: or https: URL. Default: the routes file's start URL, else the demo.")
    var page: String?

    @Option(name: .customLong("click"), help: ArgumentHelp("Click the first element matching SELECTOR (repeatable).", valueName: "SELECTOR"))
    var clicks: [String] = []

    @Flag(name: .customLong("rotate"), help: "Turn the device a quarter once the page is idle, before the other steps (repeatable).")
    var rotations: Int

    @Option(name: .customLong("file-input"), help: ArgumentHelp("Choose the file PATH in the <input type=file> matching SELECTOR, as a user would; repeat a SELECTOR to choose several files (repeatable).", valueName: "SELECTOR=PATH"))
    var fileInputs: [String] = []

    @Option(name: .customLong("geolocation"), help: ArgumentHelp("Where the device is, for navigator.geolocation (degrees, accuracy in metres), or a JSON file with a position or an error; default: the user refuses location.", valueName: "LAT,LON[,ACCURACY]|FILE"))
    var geolocation: String?

    @Option(name: .customLong("clipboard"), help: ArgumentHelp("The clipboard's text when the run starts; a run whose page changes the clipboard prints the new content.", valueName: "TEXT"))
    var clipboard: String?

    @Option(name: .customLong("call"), help: ArgumentHelp("Call the page's JS handler NAME with JSON data and print its answer (repeatable).", valueName: "NAME[=JSON]"))
    var calls: [String] = []

    @Option(name: .customLong("event"), help: ArgumentHelp("Fire one event of the container's bridge protocols into the page "
                                                           + "(deviceready, resume, Capacitor's Plugin.event, message, ...) with JSON data (repeatable).",
                                                           valueName: "NAME[=JSON]"))
    var events: [String] = []

    @Option(name: .customLong("eval"), help: ArgumentHelp("Evaluate JS in the page and print its value (repeatable).", valueName: "JS"))
    var evals: [String] = []

    @Option(name: .customLong("assert"), help: ArgumentHelp("Exit 1 if the expression is falsy (repeatable; all are evaluated).", valueName: "JS_EXPRESSION"))
    var asserts: [String] = []

    @Option(name: .customLong("fill"), help: ArgumentHelp("Type TEXT into the text field matching SELECTOR as a user would: focus, key and input events per character; change when it loses focus (repeatable).", valueName: "SELECTOR=TEXT"))
    var fills: [String] = []

    @Option(name: .customLong("select"), help: ArgumentHelp("Choose the option with VALUE (else with that label) in the <select> matching SELECTOR: input, change (repeatable).", valueName: "SELECTOR=VALUE"))
    var selects: [String] = []

    @Option(name: .customLong("press"), help: ArgumentHelp("Press KEY on the focused element: a character, or Enter, Tab, Backspace, Escape, Delete, Space, ArrowUp/Down/Left/Right, Home, End, PageUp, PageDown (repeatable).", valueName: "KEY"))
    var presses: [String] = []

    @Option(name: .customLong("check"), help: ArgumentHelp("Check the checkbox or radio button matching SELECTOR, clicking it when unchecked (repeatable).", valueName: "SELECTOR"))
    var checks: [String] = []

    @Option(name: .customLong("uncheck"), help: ArgumentHelp("Uncheck the checkbox matching SELECTOR, clicking it when checked (repeatable).", valueName: "SELECTOR"))
    var unchecks: [String] = []

    @Option(name: .customLong("wait-for"), help: ArgumentHelp("Wait until an element matches SELECTOR (up to --timeout; with --virtual-time, timers and intervals run on while waiting) (repeatable).", valueName: "SELECTOR"))
    var waitFors: [String] = []

    @Option(name: .customLong("wait"), help: ArgumentHelp("Let MS milliseconds pass, firing the timers due: on the virtual clock with --virtual-time, else in real time (repeatable).", valueName: "MS"))
    var waits: [String] = []

    @Option(name: .customLong("steps"), help: ArgumentHelp("Run the steps of a JSON scenario where this option stands: [{\"fill\": \"#name=Ann\"}, {\"click\": \"#pay\"}, {\"wait\": 500}] (repeatable).", valueName: "FILE"))
    var stepFiles: [String] = []

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

    @Option(name: .customLong("root"), help: ArgumentHelp("Serve DIR instead of the page's folder, so the page can load files beside its folder (../lib.js), as WKWebView's loadFileURL(_:allowingReadAccessTo:) allows; the page must be inside DIR.", valueName: "DIR"))
    var root: String?

    @Option(name: .long, help: ArgumentHelp("Write every event as a JSON line to FILE (see the README for the schema).", valueName: "FILE"))
    var transcript: String?

    @Option(name: .long, help: ArgumentHelp("Write the run as one self-contained HTML page to FILE: the steps on a timeline with the DOM after each, the bridge traffic as a sequence diagram, console, dialogs, exceptions, divergences and failed assertions; on --engine webkit the screenshots too.", valueName: "FILE"))
    var report: String?
    @Option(name: .customLong("record-har"),
            help: ArgumentHelp("Write every request the page made (its document too) and its response, with its "
                               + "timings, to FILE as a HAR file, for --replay-har (hybrid run and hybrid test) to "
                               + "replay offline.", valueName: "FILE"))
    var recordHAR: String?

    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("Time limit in seconds for the whole run, in wall-clock time, also the watchdog limit for "
                               + "one script (0.001 to 86400; default 10).", valueName: "seconds"),
            transform: OptionValue.seconds)
    var timeout: Double = 10

    @Option(name: .customLong("max-memory"), parsing: .unconditional,
            help: ArgumentHelp("Stop the page's JavaScript once the process's resident memory passes SIZE (512M, 2G; "
                               + "16M to 1024G) and exit 4. Default: no limit.", valueName: "size"),
            transform: OptionValue.memorySize)
    var maxMemory: Int?

    @Option(name: .long, help: ArgumentHelp(DeviceOption.help, valueName: "NAME|FILE"))
    var device: String?

    @Flag(name: .long, help: "Exit 1 if the page diverges from the device (a divergence line; see the Bridge docs).")
    var strict = false

    @OptionGroup var bridge: BridgeOptions

    @Flag(name: .customLong("virtual-time"), help: "Run timers and animation frames on a virtual clock that jumps ahead while waiting for idle.")
    var virtualTime = false

    @Option(name: .customLong("animation-settle"), parsing: .unconditional,
            help: ArgumentHelp("How long a requestAnimationFrame loop keeps the page busy (0 to 3600; default 1).",
                               valueName: "seconds"),
            transform: OptionValue.settleSeconds)
    var animationSettle: Double = 1

    @Flag(name: .long, help: "Print only values (--eval, --call, --dump-dom) and errors.")
    var quiet = false

    @Flag(name: .long, help: "Also print load milestones, navigations, HTTP requests, bridge signals and app events.")
    var verbose = false

    @Option(name: .customLong("log-level"), help: ArgumentHelp("Library logging to stderr: trace, debug, info, notice, warning, error, critical.", valueName: "LEVEL"))
    var logLevel: String?

    @Option(name: .customLong("canvas-out"), help: ArgumentHelp("When the run ends, save every <canvas> of the page as DIR/<id or canvas-N>.png (DIR is created).", valueName: "DIR"))
    var canvasOut: String?

    @Option(name: .long, help: ArgumentHelp("The engine: headless (the headless web view; default) or webkit (real WebKit, scripts/bootstrap --webkit).", valueName: "NAME"))
    var engine = RunEngine.headless

    @Option(name: .long, help: ArgumentHelp("With --engine webkit, save the page's pixels as a PNG file after the steps.", valueName: "FILE.png"))
    var screenshot: String?

    @Option(name: .customLong("screenshot-each"), help: ArgumentHelp("With --engine webkit, save the page's pixels after the load (DIR/load.png) and after every step (DIR/step-N.png).", valueName: "DIR"))
    var screenshotEach: String?

    @Option(name: .long, help: ArgumentHelp("Colours: auto (a terminal without NO_COLOR), always or never.", valueName: "WHEN"))
    var color = ColorMode.auto

    @OptionGroup var coverage: CoverageOptions

    func validate() throws {
        if let logLevel, RunLogging.level(logLevel) == nil {
            throw ValidationError("--log-level must be trace, debug, info, notice, warning, error or critical")
        }
        if quiet && verbose { throw ValidationError("--quiet and --verbose exclude each other") }
    }

    func run() async throws {
        if device == "list" { StandardStreams.out(DeviceOption.names + "\n"); return }
        let options: RunOptions
        do {
            options = try makeOptions()
        } catch {
            StandardStreams.err("hybrid run: \(error.description)\n")
            throw ExitStatus.usage.exitCode
        }
        RunLogging.bootstrap(logLevel.flatMap(RunLogging.level))
        let status = options.engine == .webkit ? await RunWebKitSession(options: options).run()
            : await RunSession(options: options).run()
        if status != .success { throw status.exitCode }
    }
}
