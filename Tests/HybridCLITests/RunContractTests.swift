import Foundation
import Testing
import TestSupport

/// The `hybrid run` contract: step order, exit codes and their precedence, the server (http events,
/// --api-mocks, --file-url), --routes, --quiet/--verbose, the transcript schema, Ctrl-C.
@Suite struct RunContractTests {
    private func page(_ html: String, files: [String: String] = [:]) async throws -> URL {
        var all = files
        all["page.html"] = RunFixture.bootstrap + html
        return try await RunFixture.folder(all).appendingPathComponent("page.html")
    }

    @Test func stepsRunInCommandLineOrderWhateverTheirKind() async throws {
        let url = try await page("""
            <button id="a" onclick="log.push('click a')"></button><button id="b" onclick="log.push('click b')"></button>
            <script>var log = ['load'];
            setupWebViewJavascriptBridge(function(bridge) {
              bridge.registerHandler('note', function(data, respond) { log.push('call ' + data); respond(log.length); });
            });</script>
            """)
        let transcript = url.deletingLastPathComponent().appendingPathComponent("t.jsonl")
        // Steps of every kind interleaved: each runs in its place on the command line; --dump-dom stays last.
        let result = try await HybridBinary.run(["run", url.path, "--eval", "log.push('eval 1'), log.join(',')", "--assert", "log.length === 2",
                                           "--call", "note=\"x\"", "--click", "#b", "--eval", "log.push('eval 2'), 0",
                                           "--click", "#a", "--call", "note=\"y\"", "--dump-dom", "--quiet", "--transcript", transcript.path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(4)) == ["load,eval 1", "3", "0", "7"])
        #expect(lines.dropFirst(4).first?.hasPrefix("<") == true)
        let kinds = try await RunFixture.events(transcript).compactMap { $0["kind"] as? String }
            .filter { ["click", "call", "eval", "assert"].contains($0) }
        #expect(kinds == ["eval", "assert", "call", "click", "eval", "click", "call"])
    }

    /// A page that loops until the watchdog stops it keeps a core busy: `.spinsTheCPU`.
    @Test(.spinsTheCPU) func exitCodePrecedenceIsUsageThenTimeThenException() async throws {
        let failing = try await page("<script>null.x;</script>")
        #expect(try await HybridBinary.run(["run", failing.path, "--assert", "false"]).status == 1)
        let spinning = try await page("<script>setTimeout(function () { while (true) {} }, 0); null.x;</script>")
        #expect(try await HybridBinary.run(["run", spinning.path, "--timeout", "0.5"]).status == 3)
        // Exception and a time limit and a bad transcript path: the input error wins.
        let bad = try await HybridBinary.run(["run", spinning.path, "--timeout", "0.5", "--transcript", "/nonexistent/dir/t.jsonl"])
        #expect(bad.status == 2)
        let unknown = try await HybridBinary.run(["run", failing.path, "--bogus"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "hybrid run: Unknown option '--bogus'. See 'hybrid run --help'.\n")
        #expect(try await HybridBinary.run(["run", failing.path, "--routes", "/nonexistent/routes.json"]).status == 2)
    }

    /// A page whose promise jobs never end holds the runtime thread. The run still ends with status 3 and a
    /// reason; before, it printed the time limit and hung. Which of two ways depends on where in a job the
    /// deadline falls: if the watchdog's stop lands in a job before it queues the next one, the chain ends and
    /// the run stops the ordinary way ("deadline reached while JavaScript was running", then the time limit);
    /// if it lands after, JavaScriptCore drains the queued job without the watchdog and the chain holds the
    /// thread, so the run ends at its deadline plus the runtime's grace ("cannot be interrupted") with a
    /// `timeout` event closing the transcript.
    ///
    /// The page logs before it starts the chain: on a machine so loaded that the deadline passes before the
    /// page's script runs, the watchdog stops the script at once and the run ends the ordinary way, which
    /// the log's absence shows. The limit is long enough for that to be rare.
    @Test(.spinsTheCPU) func anEndlessPromiseChainEndsTheRunAtItsTimeLimit() async throws {
        let url = try await page("<script>console.log('chain'); function f() { Promise.resolve().then(f) } f();</script>")
        let transcript = url.deletingLastPathComponent().appendingPathComponent("t.jsonl")
        let result = try await HybridBinary.run(["run", url.path, "--timeout", "3", "--transcript", transcript.path])
        #expect(result.status == 3)
        let events = try await RunFixture.events(transcript)
        let kinds = events.compactMap { $0["kind"] as? String }
        #expect(kinds.first == "meta")
        if events.contains(where: { $0["kind"] as? String == "console" && $0["text"] as? String == "chain" }) {
            if result.stderr.contains("cannot be interrupted") {
                #expect(kinds.last == "timeout")
            } else {
                #expect(result.stderr.contains("deadline reached while JavaScript was running"), "\(result.stderr)")
                #expect(result.stderr.contains("time limit of 3 s reached"), "\(result.stderr)")
            }
        }
    }

    @Test func localPagesAreServedWithHTTPEventsAndAPIMocks() async throws {
        let url = try await page("<script>fetch('/api/user').then(r => r.json()).then(j => { window.user = j.name; });</script>",
                           files: ["api/GET/api/user.json": #"{"name": "ann"}"#])
        let transcript = url.deletingLastPathComponent().appendingPathComponent("t.jsonl")
        let result = try await HybridBinary.run(["run", url.path, "--api-mocks", url.deletingLastPathComponent().appendingPathComponent("api").path,
                                           "--eval", "location.protocol + ' ' + user", "--transcript", transcript.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("http: ann\n"))
        let http = await RunFixture.kind(try RunFixture.events(transcript), "http")
        let page = try #require(http.first { $0["path"] as? String == "/page.html" })
        #expect(page["method"] as? String == "GET")
        #expect(page["status"] as? Int == 200)
        #expect((page["bytes"] as? Int ?? 0) > 0)
        #expect(page["ms"] is Double || page["ms"] is Int)
        #expect(http.contains { $0["path"] as? String == "/api/user" && $0["status"] as? Int == 200 })
        let missing = try await HybridBinary.run(["run", url.path, "--api-mocks", "/nonexistent/api"])
        #expect(missing.status == 2)
    }

    @Test func fileURLKeepsFileLoading() async throws {
        let url = try await page("<p>x</p>")
        let transcript = url.deletingLastPathComponent().appendingPathComponent("t.jsonl")
        let result = try await HybridBinary.run(["run", url.path, "--file-url", "--eval", "location.href", "--transcript", transcript.path])
        #expect(result.status == 0)
        #expect(result.stdout.contains(url.absoluteString + "\n"))
        await #expect(RunFixture.kind(try RunFixture.events(transcript), "http").isEmpty)
    }

    @Test func everyTranscriptLineHasTimeKindAndPage() async throws {
        let transcript = FileManager.default.temporaryDirectory.appendingPathComponent("schema-\(UUID().uuidString).jsonl")
        let result = try await HybridBinary.run(["run", "--transcript", transcript.path, "--eval", "1"], currentDirectory: RunFixture.repository)
        #expect(result.status == 0)
        let events = try await RunFixture.events(transcript)
        #expect(events.first?["kind"] as? String == "meta")
        for event in events {
            #expect(event["t"] is Double || event["t"] is Int)
            #expect(event["kind"] is String)
            #expect(event["page"] is Int)
        }
        let kinds = Set(events.compactMap { $0["kind"] as? String })
        #expect(kinds.isSuperset(of: ["meta", "load", "bridge", "http", "dialog", "click", "call", "eval", "assert"]))
    }

    @Test func routesOpenTheStartPageWithPageAndAppEvents() async throws {
        let transcript = FileManager.default.temporaryDirectory.appendingPathComponent("routes-\(UUID().uuidString).jsonl")
        let result = try await HybridBinary.run(["run", "--routes", "web/navigation/routes.json", "--eval", "location.pathname",
                                           "--call", #"notification.received={"name":"cart.changed","userInfo":{"count":7}}"#,
                                           "--transcript", transcript.path], currentDirectory: RunFixture.repository)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("list: cart has 7\n"))
        #expect(result.stdout.contains("/list.html\n"))
        let events = try await RunFixture.events(transcript)
        let pages = RunFixture.kind(events, "page")
        #expect(pages.contains { $0["event"] as? String == "viewDidAppear" && $0["url"] as? String == "app://list" })
        #expect(RunFixture.kind(events, "app").map { $0["state"] as? String }.contains("active"))
        #expect(RunFixture.kind(events, "http").contains { $0["path"] as? String == "/list.html" })
        let noStart = try await RunFixture.folder(["r.json": #"{"routes": [{"pattern": "/a", "page": "a.html"}]}"#])
        let missing = try await HybridBinary.run(["run", "--routes", noStart.appendingPathComponent("r.json").path])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no \"start\" URL"))
    }

    @Test func theExampleFlowRunsWithOneCommand() async throws {
        // The list opens the detail by URL, the detail adds to the cart (a notification the covered list observes) and
        // finishes with a result the list shows; each step acts on the visible page.
        let transcript = FileManager.default.temporaryDirectory.appendingPathComponent("flow-\(UUID().uuidString).jsonl")
        let result = try await HybridBinary.run(["run", "--routes", "web/navigation/routes.json", "--click", "#item-2", "--click", "#add",
                                           "--click", "#choose", "--eval", "document.getElementById('picked').textContent",
                                           "--assert", "document.getElementById('badge').textContent === '1'",
                                           "--transcript", transcript.path], currentDirectory: RunFixture.repository)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("list: hidden\nclick #add\n"))
        let add = try #require(result.stdout.range(of: "click #add\n")), cart = try #require(result.stdout.range(of: "list: cart has 1\n"))
        #expect(add.upperBound <= cart.lowerBound, "the covered list hears the cart change after the click")
        #expect(result.stdout.contains("JS → native page.finish {\"result\":{\"id\":\"2\""))
        #expect(result.stdout.contains("Red kettle x1\n"))
        let events = try await RunFixture.events(transcript)
        let detail = RunFixture.kind(events, "page").filter { $0["name"] as? String == "WebPage(detail.html)" }
        #expect(detail.compactMap { $0["event"] as? String }.contains("viewDidAppear"))
        #expect(detail.last?["event"] as? String == "deinit")
        #expect(RunFixture.kind(events, "http").contains { ($0["path"] as? String)?.hasPrefix("/detail.html") == true })
        // The pages' bridge traffic is in the transcript too: the list's router.open and the detail's page.finish.
        let handlers = RunFixture.kind(events, "bridge").compactMap { $0["handler"] as? String }
        #expect(handlers.contains("router.open") && handlers.contains("page.finish"), "\(handlers)")
    }

    /// JSC reported the promise as unhandled before the eval could await it, so its error was printed (and
    /// counted) twice: as an unhandled rejection and as the eval's failure.
    @Test func anEvalsRejectedPromiseIsOneError() async throws {
        let url = try await page("<p>hi</p>")
        let result = try await HybridBinary.run(["run", url.path, "--eval", #"Promise.reject(new Error("x"))"#])
        #expect(result.status == 1)
        #expect(result.stderr.components(separatedBy: "Error: x").count == 2, "\(result.stderr)")
        #expect(result.stderr.contains(", 1 error, "), "\(result.stderr)")
        // A promise the eval does not return is still unhandled, and reported as such.
        let other = try await HybridBinary.run(["run", url.path, "--eval", #"Promise.reject(new Error("y")); 1"#])
        #expect(other.status == 1)
        #expect(other.stdout.hasSuffix("1\n"), "\(other.stdout)")
        #expect(other.stderr.components(separatedBy: "Error: y").count == 2, "\(other.stderr)")
    }

    @Test func quietPrintsOnlyValuesAndVerboseAddsMilestones() async throws {
        let url = try await page("<script>console.log('hello'); alert('hi');</script>")
        let quiet = try await HybridBinary.run(["run", url.path, "--quiet", "--eval", "6 * 7"])
        #expect(quiet.stdout == "42\n")
        #expect(quiet.stderr == "")
        let verbose = try await HybridBinary.run(["run", url.path, "--verbose"])
        #expect(verbose.stdout.contains("load idle http://127.0.0.1:"))
        #expect(verbose.stdout.contains("http GET /page.html 200"))
        #expect(verbose.stdout.contains("hello\n"))
        #expect(try await HybridBinary.run(["run", url.path, "--log-level", "loud"]).status == 2)
        #expect(try await HybridBinary.run(["run", url.path, "--log-level", "info"]).status == 0)
    }

    @Test(arguments: [(SIGINT, "SIGINT", Int32(130)), (SIGTERM, "SIGTERM", Int32(143)), (SIGHUP, "SIGHUP", Int32(129))])
    func aSignalFlushesTheTranscriptPrintsTheSummaryAndExits128Plus(signal: Int32, name: String, status: Int32) async throws {
        // The page stays busy for an hour, so only the interrupt can end the run.
        let url = try await page("<script>console.log('started'); setTimeout(function() {}, 3600000);</script>")
        let transcript = url.deletingLastPathComponent().appendingPathComponent("t.jsonl")
        let process = try SpawnedProcess(HybridBinary.url, ["run", url.path, "--transcript", transcript.path,
                                                            "--timeout", HybridBinary.generousTimeout])
        // The page's first line: the run is under way.
        let run = await process.interrupt(after: "started\n", with: signal)
        let (exit, stderr) = (run.status, run.errors)
        #expect(exit == status)
        #expect(stderr.contains("page.html: 0 JS→native"))
        #expect(stderr.hasSuffix("interrupted by \(name) (exit \(status))\n"), "\(stderr)")
        let events = try await RunFixture.events(transcript)
        #expect(events.contains { $0["kind"] as? String == "console" && $0["text"] as? String == "started" })
        #expect(events.last?["kind"] as? String == "interrupt")
    }
}
