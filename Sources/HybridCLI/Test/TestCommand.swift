import ArgumentParser
import Foundation
import HybridTesting

/// `hybrid test`: runs JS-to-Swift integration test files (`*.test.html`, `*.test.js`) and reports.
struct TestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run JavaScript integration test pages (*.test.html, *.test.js) headlessly.",
        discussion: """
            Test files are *.test.html (a page) and *.test.js (a script run in a blank page), found recursively \
            under each folder (default web/tests/); a file named explicitly runs whatever its name. Files run \
            sorted by path, each in a runtime of its own, --jobs at a time; the output keeps file order.

            Each *.test.html page is served over HTTP from its folder with its sidecar mocks (NAME.mock.json) \
            and, when there is a folder NAME.api-mocks next to it, mock HTTP APIs in the format of hybrid serve \
            --api-mocks (answers, .echo.json, WebSocket and event-stream endpoints). \
            Before the page's scripts, the test API is injected: test(name, fn) (fn may be \
            async), test.skip, test.only, assert (ok, equal, notEqual, deepEqual, throws, rejects, match, \
            fail), expect and clock (below). A page gets the bridge as on the phone, when it asks (the \
            setupWebViewJavascriptBridge snippet), after its DOMContentLoaded listeners; a *.test.js script has \
            it before it runs. The tests run one after another once the page's load event has fired. With \
            --virtual-time each page runs on a virtual clock that jumps to the next timer or animation frame \
            while its tests wait (network requests still take real time; --test-timeout then counts virtual time).

            expect has the Jest matchers (toBe, toEqual, toMatch, toContain, toThrow, toHaveBeenCalledWith on \
            expect.fn() mocks, .not, .resolves, .rejects, ...) and toMatchSnapshot(): a value (a DOM node as its \
            HTML) is stored in __snapshots__/FILE.snap.json next to the test the first time, and compared after; \
            --update-snapshots stores the new value instead of failing. clock (install, tick, next, runAll, \
            setSystemTime) holds and moves the virtual clock, in a page run on it (with --virtual-time, or \
            <meta name="hybrid-virtual-time"> in the page).

            native plays native's part: native.mock(name, answer) answers the page's calls to a native handler \
            for one test, over the sidecar mocks (a function answers each call; {error: {code, message}} is an \
            error answer); native.calls(name) lists the calls as [{data, time}]; native.call(name, data) calls \
            the page's JavaScript handler through its bridge and resolves with the answer. A sidecar mock may be \
            a list of answers, by "when" matcher, else in turn.

            --message-handler NAME registers \
            window.webkit.messageHandlers.NAME for every page: with a mock of that name it replies. \
            --mock-script FILE answers with the functions a JavaScript module exports, run outside the page, \
            over the sidecar mocks (native.mock still wins in its test).

            network.mock(url, response | fn) \
            answers the page's fetch and XMLHttpRequest for one test; then a request no mock matches fails the test. \
            A page's sidecar NAME.har, or --replay-har FILE for every page, answers its requests from a HAR file \
            offline (a request it does not have fails, except to the page's own server).

            Output: each failure (file › test, the message, the source line) in file order, then exactly `N \
            passed, N failed` (`, N skipped` when any), the last line whatever the reporter. --reporter spec (the \
            default on a terminal) lists every file and test, dot prints a character per test; json, junit and \
            tap print their format on standard output and the summary on standard error. On a terminal, a \
            progress line on standard error names the files running. --retries N runs a file with a failed test \
            again; a test that then passes counts as passed, with a FLAKY line. --bail starts no other file once \
            one failed. Output files (--junit) are opened before any test runs.

            --watch: after the run, the test files and the files their pages loaded (pages opened with \
            page.open, their scripts and data) are watched through GLib's file monitor; a change runs again the \
            test files it affects, each run ending with its summary line. Ctrl-C ends the watch (exit 130).

            Coverage: --coverage instruments the pages' own scripts (the test folder's files: inline and src \
            scripts, module scripts and the modules they import as written, iframes' scripts, scripts a page \
            inserts by src or by text written in its files; not the injected scripts, test files, or files \
            matching --coverage-exclude GLOB, default */node_modules/*, */vendor/*, */bower_components/*, \
            *.min.js) with istanbul's instrumenter, which counts into the page's global __coverage__. After the run it writes \
            lcov.info and coverage-final.json into --coverage-dir (default coverage) and prints a table of \
            statements, branches, functions and lines per file before the last line. --coverage-min 80 (or \
            statements=80,branches=70) fails the run with a line per kind below its minimum. Needs the Debian \
            packages node-istanbul and node-babel7-standalone.

            Exit status: 0 all passed; 1 any test failed, or coverage below --coverage-min; 2 a usage or \
            input/output error (a bad option, a missing path, no test files, a JUnit file that cannot be written); 130, 143 or 129 when stopped by \
            SIGINT, SIGTERM or SIGHUP (the terminal closed), after writing the JUnit report so far (the finished \
            tests as they ended, the running ones failed, the files not started skipped); 4 --max-memory: the \
            process's resident memory passed the limit, which fails every file running at that moment (the other \
            files still run). When several apply, 2 wins over 4, and 4 over 1.

            Divergences: a page whose bridge use would behave differently on an iPhone (a setup callback that \
            throws, a responseCallback called twice, a bridge call before the bridge exists on iOS) fails with \
            "divergence CODE: message" (the test that was running, or the file when none was), unless it expects \
            the code with <meta name="hybrid-expect-divergence" content="CODE">; with --strict any divergence fails \
            it. --lenient runs the bridge in its lenient setting (divergences are still reported); \
            --max-message-size sets the bridge's largest message.

            --engine webkit runs each file's page in real WebKit (WebKitGTK, the engine of WKWebView; install it \
            with scripts/bootstrap --webkit), one WebKit process per file, started before --load-timeout counts: \
            test, expect, assert, toMatchSnapshot(), native.mock, native.calls and native.call as on the headless \
            engine, the bridge as WKWebView carries it with the sidecar mocks, and `await expect(page).toHaveScreenshot('NAME.png')` (as in Playwright; \
            options threshold and maxDiffPixelRatio), which compares the page's pixels with \
            __snapshots__/FILE/NAME.png next to the test (stored the first time; --update-snapshots replaces it) and \
            on a mismatch writes NAME.actual.png and NAME.diff.png (the differing pixels in red) beside it.

            On --engine webkit, page.open(url) opens a page of the test's folder in a frame covering the test page's viewport, and the \
            page verbs (click, fill, select, check, uncheck, press, type, waitFor, evaluate, dom) drive it as \
            hybrid run --engine webkit's steps do, failing with the headless engine's words.

            On --engine webkit, what WebKit does not run fails the test that uses it with an error naming the headless \
            engine: clock, native.fire, network.* and native.call to a page page.open opened (a sidecar NAME.har fails its \
            file); the options --virtual-time, \
            --timing-seed(s), --coverage, --message-handler, --mock-script, --replay-har, --container, --lenient, \
            --max-message-size and --max-memory are refused (exit 2). On the headless engine toHaveScreenshot fails its test: it needs \
            --engine webkit. --report shows each screenshot, and a failed one's diff, in the file's page.

            Examples:
              hybrid test                                    # everything under web/tests/
              hybrid test web/tests/bridge.test.html         # one file
              hybrid test --filter 'dom.test.html › ' --jobs 2
              hybrid test --shard 2/3 --junit junit.xml      # CI: the second of three
              hybrid test web/tests/dom.test.html --report r # r/index.html, r/files/
              hybrid test --tap > results.tap                # the summary on stderr
              hybrid test web/tests/forms.test.html --reporter json > r.json
              hybrid test web/tests/forms.test.html --reporter dot --retries 2
              hybrid test web/tests/clock.test.html          # its tests hold the clock
              hybrid test web/tests/native.test.html         # native.mock, native.call
              hybrid test web/tests/har.test.html            # replays har.har offline
              hybrid test --max-memory 1G --jobs 2
              hybrid test web/tests/device.test.html --device pixel-8
              hybrid test --device list
              hybrid test web/tests/animation.test.html --virtual-time   # no waiting
              hybrid test --load-timeout 60 --test-timeout 30  # a slow CI machine
              hybrid test web/tests/coverage --coverage-min statements=75
              hybrid test web/examples/webkit --engine webkit --report r  # screenshots
              hybrid test web/examples/webkit --engine webkit --update-snapshots
              hybrid test web/tests/driving.test.js --engine webkit  # page.open, page.click
            """
    )

    @Argument(help: ArgumentHelp("Test files or folders (default: web/tests).", valueName: "path"))
    var paths: [String] = []

    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("Files run at once, each in its own runtime (1 to 256; default: the number of cores).",
                               valueName: "n"),
            transform: OptionValue.jobs)
    var jobs: Int?

    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("Time limit per test in seconds (0.001 to 86400; default 5).", valueName: "seconds"),
            transform: OptionValue.seconds)
    var testTimeout: Double = 5

    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("Time limit in seconds for a page to load, up to its load event (0.001 to 86400; "
                               + "default 10).", valueName: "seconds"),
            transform: OptionValue.seconds)
    var loadTimeout: Double = 10

    @Option(name: .customLong("max-memory"), parsing: .unconditional,
            help: ArgumentHelp("Fail the files running when the process's resident memory passes SIZE (512M, 2G; "
                               + "16M to 1024G), go on with the rest, and exit 4. Default: no limit.", valueName: "size"),
            transform: OptionValue.memorySize)
    var maxMemory: Int?

    @Option(name: .long, help: ArgumentHelp("Write a JUnit XML report to FILE.", valueName: "file"))
    var junit: String?

    @Option(name: .long, help: ArgumentHelp("Write an HTML report to the folder DIR: index.html (pass and fail per file and test) and one self-contained page per file (its tests on a timeline, failures with their source line, console, the DOM after each page.* step, the bridge traffic as a sequence diagram, dialogs).", valueName: "DIR"))
    var report: String?

    @Flag(name: .long, help: "Print TAP on standard output (the summary then goes to standard error); --reporter tap.")
    var tap = false

    @Option(name: .long, help: ArgumentHelp("How results are printed: spec (each file and test; the default on a terminal), dot, json, junit or tap (json, junit and tap on standard output, the summary on standard error). Default elsewhere: only the failures.", valueName: "name"))
    var reporter: TestReporter?

    @Flag(name: .customLong("update-snapshots"), help: "Store what toMatchSnapshot() gets where a stored snapshot differs, instead of failing.")
    var updateSnapshots = false

    @Flag(name: .long, help: "Start no other file after the first file with a failed test (the ones running finish; the rest count as skipped).")
    var bail = false

    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("Run a file with a failed test again up to N times (0 to 10; default 0); a test that passes on a retry passes, reported as flaky.", valueName: "n"))
    var retries: Int = 0

    @Option(name: .long, help: ArgumentHelp("Run only tests whose `file › name` contains TEXT.", valueName: "text"))
    var filter: String?

    @Option(name: .long, help: ArgumentHelp(DeviceOption.help, valueName: "NAME|FILE"))
    var device: String?

    @Flag(name: .long, help: "Fail a page on any divergence from the device, even one it expects.")
    var strict = false

    @OptionGroup var bridge: BridgeOptions

    @Flag(name: .customLong("virtual-time"),
          help: "Run each page on a virtual clock that jumps to the next timer or animation frame while its tests wait.")
    var virtualTime = false

    @Option(name: .customLong("timing-seeds"), parsing: .unconditional,
            help: ArgumentHelp("Run each file on a virtual clock, and each that passes again under the bridge's seeded "
                               + "timings 1 to N (0 to 1000), and report the first seed that fails it.", valueName: "n"))
    var timingSeeds = 0

    @Option(name: .long, help: ArgumentHelp("Colours: auto (a terminal without NO_COLOR), always or never.", valueName: "WHEN"))
    var color = ColorMode.auto

    @Option(name: .long, help: ArgumentHelp("Run shard I of N: every N-th file starting at the I-th (1-based).",
                                            valueName: "i/n"),
            transform: OptionValue.shard)
    var shard: TestShard?

    @Flag(name: .long, help: "After the run, watch the test files and the files their pages load, and run again the test files a change affects (Ctrl-C stops).")
    var watch = false

    @OptionGroup var coverage: CoverageOptions

    // --engine (TestCommand+Engine.swift).
    @Option(name: .long, help: ArgumentHelp("The engine the pages run in: headless (default) or webkit (real WebKit: layout, pixels, expect(page).toHaveScreenshot(); needs scripts/bootstrap --webkit).", valueName: "name"))
    var engine = RunEngine.headless

    func validate() throws {
        if tap, let reporter, reporter != .tap { throw ValidationError("--tap and --reporter \(reporter.rawValue) exclude each other") }
        guard (0...10).contains(retries) else { throw ValidationError("--retries must be 0 to 10") }
    }

    func run() async throws {
        if device == "list" { StandardStreams.out(DeviceOption.names + "\n"); return }
        var files: [TestFile]
        do {
            files = try TestDiscovery.find(paths)
        } catch {
            StandardStreams.err("hybrid test: \(error)\n")
            throw ExitStatus.usage.exitCode
        }
        if files.isEmpty {
            StandardStreams.err("hybrid test: no test files (*.test.html, *.test.js) under "
                                + (paths.isEmpty ? TestDiscovery.defaultFolder : paths.joined(separator: ", ")) + "\n")
            throw ExitStatus.usage.exitCode
        }
        if let shard { files = shard.select(files) }
        if let refusal = webKitRefusal {
            StandardStreams.err("hybrid test: \(refusal)\n")
            throw ExitStatus.usage.exitCode
        }
        // Opened before any test runs: a bad path fails at once, not after a long run.
        let junitFile: OutputFile?
        do {
            junitFile = try junit.map { path throws(OutputFileError) in try OutputFile(path: path) }
        } catch {
            StandardStreams.err("hybrid test: \(error)\n")
            throw ExitStatus.usage.exitCode
        }
        if let report, let failure = TestHTMLReport.prepare(report) {
            StandardStreams.err("hybrid test: \(failure)\n")
            throw ExitStatus.usage.exitCode
        }
        var options = TestRunOptions(testTimeout: .milliseconds(Int64(testTimeout * 1000)),
                                     loadTimeout: .milliseconds(Int64(loadTimeout * 1000)), filter: filter,
                                     jobs: jobs ?? min(ProcessInfo.processInfo.activeProcessorCount, OptionValue.maximumJobs))
        options.virtualTime = virtualTime
        options.retries = retries
        options.updateSnapshots = updateSnapshots
        options.bail = bail
        options.strict = strict
        if bridge.lenient { options.compatibility = .lenient }
        options.maximumMessageSize = bridge.maxMessageSize
        options.timing = bridge.timing
        guard (0...1000).contains(timingSeeds) else {
            StandardStreams.err("hybrid test: --timing-seeds must be 0 to 1000 (got \(timingSeeds))\n")
            throw ExitStatus.usage.exitCode
        }
        options.timingSeeds = timingSeeds
        options.container = bridge.containerProfile
        options.messageHandlers = bridge.messageHandlers
        options.mockScripts = bridge.mockScripts
        options.replayHAR = bridge.replayHAR
        options.recordsPageEvents = report != nil
        options.engine = engine == .webkit ? .webkit : .headless
        let coverageRun: CoverageRun?
        do {
            // Made before any test runs: a bad minimum or a folder that cannot be made fails at once.
            coverageRun = try coverage.start()
            options.coverage = coverageRun?.coverage
        } catch {
            StandardStreams.err("hybrid test: \(error)\n")
            throw ExitStatus.usage.exitCode
        }
        let interruption = TestInterruption()
        if maxMemory != nil { options.interruption = interruption }
        if let device {
            do {
                options.device = try DeviceOption.resolve(device)
            } catch {
                StandardStreams.err("hybrid test: \(error.description)\n")
                throw ExitStatus.usage.exitCode
            }
        }
        let memory = maxMemory.map { bytes in
            MemoryLimit(bytes: bytes, repeats: true) { resident in
                let count = interruption.interrupt(reason: MemoryLimit.reason(bytes: bytes))
                guard count > 0 else { return }
                StandardStreams.err(MemoryLimit.message(command: "test", bytes: bytes, resident: resident,
                                                        stopping: "failing the \(count == 1 ? "file" : "\(count) files") running"))
            }
        }
        defer { memory?.cancel() }
        let progress = TestRunProgress(files: files)
        let output = TestConsoleOutput(reporter: tap ? .tap : reporter ?? (isatty(STDOUT_FILENO) == 1 ? .spec : nil), style: TerminalStyle(color),
                                       progress: isatty(STDERR_FILENO) == 1 ? progress : nil)
        let began = ContinuousClock.now
        // Killed (Ctrl-C, a CI job's time limit, the terminal closed): write what is known, then exit 130, 143 or 129.
        let signals = TerminationSignals { signal in
            guard progress.end() else { return }
            let report = progress.interruptedReport(by: signal, duration: .now - began)
            output.interrupted(report, by: TerminationSignals.name(signal), finished: progress.finishedCount)
            if let failure = Self.write(report, to: junitFile) { StandardStreams.err("hybrid test: \(failure)\n") }
            _exit(128 + signal)
        }
        output.begin()
        let report = await TestSuiteRunner(options: options).run(files, onReport: output.file) { event in
            progress.record(event)
            output.redrawProgress()
        }
        // From here a signal changes nothing: the whole report is about to be written.
        guard progress.end() else { await Self.waitForExit(signals) }
        var coverageOutcome = CoverageOutcome()
        if let coverageRun { coverageOutcome = await coverageRun.finish(command: "test") }
        output.end(report, trailer: coverageOutcome.trailer)
        if let folder = self.report, let failure = TestHTMLReport.write(report, to: folder) {
            StandardStreams.err("hybrid test: \(failure)\n")
            throw ExitStatus.usage.exitCode
        }
        if let failure = Self.write(report, to: junitFile) {
            StandardStreams.err("hybrid test: \(failure)\n")
            throw ExitStatus.usage.exitCode
        }
        if watch {
            signals.cancel()
            await TestWatch(files: files, options: options, reporter: tap ? .tap : reporter, color: color).run(after: report)
        }
        if coverageOutcome.status == .usage { throw ExitStatus.usage.exitCode }
        if interruption.stoppedCount > 0 { throw ExitStatus.memory.exitCode }
        if report.hasFailures || coverageOutcome.status != nil { throw ExitStatus.exception.exitCode }
    }

    /// Writes the JUnit report, if one was asked for, and closes the file; the failure to report, if any.
    private static func write(_ report: TestSuiteReport, to file: OutputFile?) -> OutputFileError? {
        guard let file else { return nil }
        file.write(JUnitWriter.xml(for: report))
        return file.close()
    }

    /// The signal handler is writing the report and will end the process: wait for it.
    private static func waitForExit(_ signals: TerminationSignals) async -> Never {
        while true {
            try? await Task.sleep(for: .seconds(60))
            withExtendedLifetime(signals) {}
        }
    }
}
