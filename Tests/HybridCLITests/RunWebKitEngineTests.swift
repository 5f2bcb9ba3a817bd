import Foundation
import Testing
import TestSupport
import WebKitEngine

/// `hybrid run --engine webkit`: the page in real WebKit, the steps as JavaScript in its DOM, console and errors in
/// the output and transcript, screenshots; what it cannot run yet refused by name. The runs need WebKitGTK (skipped,
/// with the reason, without it; CI installs it); the refusals do not.
@Suite struct RunWebKitEngineTests {
    static let webKitReason = WebKitWebView.unavailableReason

    @Test func aScreenshotOnTheHeadlessEngineNamesTheWebKitEngine() async throws {
        let url = try await RunFixture.page("<p>x</p>")
        let result = try await HybridBinary.run(["run", url.path, "--screenshot", "out.png"])
        #expect(result.status == 2)
        #expect(result.stderr == "hybrid run: --screenshot needs --engine webkit: the headless engine does not lay out or "
                + "paint the page\n")
        let each = try await HybridBinary.run(["run", url.path, "--screenshot-each", "shots"])
        #expect(each.status == 2)
        #expect(each.stderr.hasPrefix("hybrid run: --screenshot-each needs --engine webkit"))
    }

    @Test func whatWebKitCannotRunYetIsRefusedByName() async throws {
        let url = try await RunFixture.page("<p>x</p>")
        let result = try await HybridBinary.run(["run", url.path, "--engine", "webkit", "--container", "android-jsbridge",
                                                 "--virtual-time"])
        #expect(result.status == 2)
        #expect(result.stderr == "hybrid run: --engine webkit does not run --container (WebKit carries the iOS "
                + "WebViewJavascriptBridge only), --virtual-time (WebKit's timers run on its own clock) yet; run the page "
                + "on the headless engine (--engine headless)\n")
    }

    /// A setup callback, a JS handler and a response callback that throw: window.onerror names the line and column
    /// that threw on both engines, as on an iPhone, where the bridge has no try/catch around them (a catch and
    /// rethrow in WebKit would name the rethrow's line instead); the handler's caller still gets the error answer.
    @Test(.enabled(if: webKitReason == nil, Comment(rawValue: webKitReason ?? "")))
    func errorsOfBridgeCallbacksNameTheLineThatThrewOnBothEngines() async throws {
        let html = RunFixture.bootstrap + """
            <script>
            window.onerror = function (m, u, l, c) { console.log('onerror ' + m + ' @' + l + ':' + c); };
            setupWebViewJavascriptBridge(function (bridge) {
              bridge.registerHandler('boom', function (data, done) {
                null.handler;
              });
              bridge.callHandler('echo', {a: 1}, function (answer) { undefined.answer; });
            });
            setupWebViewJavascriptBridge(function (bridge) { bridge.setup.fails; });
            </script>
            """
        let lines = html.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // JavaScriptCore's column is the failing member access's dot.
        func position(_ text: String) -> String {
            guard let line = lines.firstIndex(where: { $0.contains(text) }),
                  let start = lines[line].range(of: text)?.lowerBound, let dot = text.lastIndex(of: ".") else { return "?" }
            let column = lines[line].distance(from: lines[line].startIndex, to: start) + text.distance(from: text.startIndex, to: dot)
            return "@\(line + 1):\(column + 1)"
        }
        let url = try await RunFixture.page(html)
        var outputs: [[String]] = []
        for engine in ["headless", "webkit"] {
            let result = try await HybridBinary.run(["run", url.path, "--engine", engine, "--call", #"boom={"n":1}"#],
                                                    environment: ["NO_COLOR": "1"])
            #expect(result.status == 1, "\(engine): \(result.stderr)")
            #expect(result.stderr.contains("hybrid run: --call boom: handler_failed: null is not an object"), "\(engine)")
            outputs.append(result.stdout.split(separator: "\n").filter { $0.hasPrefix("onerror ") }.map(String.init))
        }
        #expect(outputs[0] == [
            "onerror TypeError: undefined is not an object (evaluating 'bridge.setup.fails') \(position("bridge.setup.fails"))",
            "onerror TypeError: undefined is not an object (evaluating 'undefined.answer') \(position("undefined.answer"))",
            "onerror TypeError: null is not an object (evaluating 'null.handler') \(position("null.handler"))"],
                "\(outputs[0])")
        #expect(outputs[1] == outputs[0])
    }

    @Test(.enabled(if: webKitReason == nil, Comment(rawValue: webKitReason ?? "")))
    func theBridgePageAnswersCallsWithTheSameTranscriptLinesOnWebKit() async throws {
        var bridgeLines: [[String]] = []
        for engine in ["headless", "webkit"] {
            let transcript = FileManager.default.temporaryDirectory.appendingPathComponent("echo-\(UUID().uuidString).jsonl")
            let result = try await HybridBinary.run(
                ["run", RunFixture.repository.appendingPathComponent("web/bridge/echo.html").path, "--engine", engine,
                 "--transcript", transcript.path, "--call", #"echoHandler={"n":1}"#, "--call", "jsRcvResponseTest",
                 "--event", "deviceready"], environment: ["NO_COLOR": "1"])
            // jsRcvResponseTest calls native objcEchoToJs, which the run does not have: the same error on both.
            // The iOS container fires no event, on either engine: status 1, the same message.
            #expect(result.status == 1, "\(engine): \(result.stderr)")
            #expect(result.stderr.contains("hybrid run: --event deviceready: unknown_event: container "), "\(result.stderr)")
            #expect(result.stdout.contains(#"JS → native Greet {"greeting":"Hello from the echo page"}"#), "\(engine)")
            #expect(result.stdout.contains(#"JS ⇢ native echoHandler answer {"n":1}"#), "\(engine): \(result.stdout)")
            #expect(result.stdout.contains(#"native ⇢ JS objcEchoToJs answer error handler_not_found"#), "\(engine)")
            let events = try await RunFixture.events(transcript)
            let messages = RunFixture.kind(events, "bridge").filter { $0["type"] as? String != "signal" }
            bridgeLines.append(messages.map { event in
                ["dir", "type", "handler"].map { event[$0] as? String ?? "" }.joined(separator: " ")
            })
            #expect(RunFixture.kind(events, "callResult").map { $0["value"] as? [String: Int] } == [["n": 1], nil])
        }
        #expect(bridgeLines[0] == ["js->native call Greet", "native->js call echoHandler", "js->native response echoHandler",
                                   "native->js call jsRcvResponseTest", "js->native call objcEchoToJs",
                                   "native->js error objcEchoToJs"], "\(bridgeLines[0])")
        #expect(bridgeLines[1] == bridgeLines[0])
    }

    @Test(.enabled(if: webKitReason == nil, Comment(rawValue: webKitReason ?? "")))
    func mocksMockScriptsAndMessageHandlersAnswerThePageOnWebKit() async throws {
        let examples = RunFixture.repository.appendingPathComponent("web/examples")
        // token.mock.json, the page's sidecar: a token, then an error.
        let token = try await HybridBinary.run(
            ["run", examples.appendingPathComponent("token.html").path, "--engine", "webkit", "--message-handler",
             "getToken", "--click", "#go", "--eval", "document.getElementById('status').textContent",
             "--click", "#go", "--eval", "document.getElementById('status').textContent"])
        #expect(token.status == 0, "\(token.stderr)")
        #expect(token.stdout.contains("\nlogged in with token-1\n"), "\(token.stdout)")
        #expect(token.stdout.contains("\nlogin failed: the session expired\n"), "\(token.stdout)")
        let mock = try await RunFixture.folder(["scan.json": #"{"scanClick": {"response": "mocked scan"}}"#])
        let pay = try await HybridBinary.run(
            ["run", RunFixture.repository.appendingPathComponent("web/index.html").path, "--engine", "webkit",
             "--mock-script", examples.appendingPathComponent("pay.js").path, "--mock",
             mock.appendingPathComponent("scan.json").path, "--click", "#scan", "--click", "#pay", "--click", "#pay"],
            environment: ["NO_COLOR": "1"])
        #expect(pay.status == 0, "\(pay.stderr)")
        #expect(pay.stdout.contains("native ⇢ JS scanClick answer mocked scan"), "\(pay.stdout)")
        #expect(pay.stdout.contains(#"native ⇢ JS payClick answer {"status":"paid""#), "\(pay.stdout)")
        #expect(pay.stdout.contains("native ⇢ JS payClick answer error duplicate: order"), "\(pay.stdout)")
    }

    @Test(.enabled(if: webKitReason == nil, Comment(rawValue: webKitReason ?? "")))
    func theDemoRunsWithItsHandlersOnWebKit() async throws {
        let transcript = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString).jsonl")
        let result = try await HybridBinary.run(["run", "--engine", "webkit", "--transcript", transcript.path],
                                                environment: ["NO_COLOR": "1"], currentDirectory: RunFixture.repository)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#"JS → native scanClick {"data":"scan data from JS"}"#), "\(result.stdout)")
        #expect(result.stdout.contains("[alert] JS was called by native\n"))
        #expect(result.stdout.contains(#"{"data":{"from":"Swift"},"from":"JS"}"#))
        #expect(result.stdout.contains("✓ assert document.body.style.backgroundColor === 'orange'\n"))
        let summary = result.stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(summary.hasPrefix("web/index.html: 7 JS→native, 7 native→JS, 2 dialogs, 0 errors, 2/2 assertions passed, "),
                "\(result.stderr)")
        let events = try await RunFixture.events(transcript)
        #expect(RunFixture.kind(events, "meta").first?["engine"] as? String == "webkit")
        #expect(RunFixture.kind(events, "dialog").count == 2)
        #expect(RunFixture.kind(events, "bridge").contains { $0["handler"] as? String == "changeBGColor" })
    }

    /// A handler's answer waits in the page's bridge queue until its `https://__wvjb_queue_message__` signal reaches
    /// native, which on WebKit comes by the navigation policy, after the page's later console messages and timers.
    /// Here the page makes the signal late for certain (it removes the bridge's messaging iframe with the first signal
    /// and signals again in a later timer): the run waits for the answer instead of printing "no response" (as it did
    /// when idle was the settle marker alone, and as a heavily loaded machine once made the demo do).
    @Test(.enabled(if: webKitReason == nil, Comment(rawValue: webKitReason ?? "")))
    func anAnswerWhoseSignalComesLateIsWaitedFor() async throws {
        let url = try await RunFixture.page(RunFixture.bootstrap + """
            <script>
            setupWebViewJavascriptBridge(function (bridge) {
              bridge.registerHandler('lateAnswer', function (data, respond) {
                respond({late: data.n});
                var queue = 'https://__wvjb_queue_message__';
                var frame = document.querySelector('iframe[src="' + queue + '"]');
                frame.parentNode.removeChild(frame);
                setTimeout(function () {
                  var again = document.createElement('iframe');
                  again.style.display = 'none';
                  document.documentElement.appendChild(again);
                  again.src = queue;
                }, 300);
              });
            });
            </script>
            """)
        let result = try await HybridBinary.run(["run", url.path, "--engine", "webkit", "--call", #"lateAnswer={"n":1}"#,
                                                 "--timeout", HybridBinary.generousTimeout],
                                                environment: ["NO_COLOR": "1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\n{\"late\":1}\n"), "\(result.stdout)")
        #expect(!result.stdout.contains("no response"), "\(result.stdout)")

        // A signal that never comes is the time limit, named, as the answer never comes on a phone.
        let lost = try await RunFixture.page(RunFixture.bootstrap + """
            <script>
            setupWebViewJavascriptBridge(function (bridge) {
              bridge.registerHandler('lostAnswer', function (data, respond) {
                respond('lost');
                var frame = document.querySelector('iframe[src="https://__wvjb_queue_message__"]');
                frame.parentNode.removeChild(frame);
              });
            });
            </script>
            """)
        let never = try await HybridBinary.run(["run", lost.path, "--engine", "webkit", "--call", "lostAnswer",
                                                "--timeout", "10"], environment: ["NO_COLOR": "1"])
        #expect(never.status == 3, "\(never.stderr)")
        // (A machine loaded enough to spend the 10 s loading the page reports that instead.)
        guard !never.stderr.contains("reached while loading") else { return }
        #expect(never.stderr.contains("hybrid run: the page's bridge queued 1 message(s) whose "
                                      + "https://__wvjb_queue_message__ signal never reached native\n"), "\(never.stderr)")
        #expect(never.stdout.contains("no response"), "\(never.stdout)")
    }

    @Test(.enabled(if: webKitReason == nil, Comment(rawValue: webKitReason ?? "")))
    func stepsConsoleErrorsAndScreenshotsOnWebKit() async throws {
        let url = try await RunFixture.page(RunStepsTests.form + """
            <div id="box" style="height: 37px"></div>
            <script>
            console.log('height ' + document.getElementById('box').offsetHeight);
            document.getElementById('pay').addEventListener('click', function () { console.warn('paying'); });
            setTimeout(function () { null.x }, 0);
            </script>
            """)
        let folder = url.deletingLastPathComponent()
        let transcript = folder.appendingPathComponent("run.jsonl")
        let result = try await HybridBinary.run(
            ["run", url.path, "--engine", "webkit", "--transcript", transcript.path,
             "--fill", "#name=Ann", "--select", "#size=Large", "--check", "#terms", "--click", "#pay",
             "--eval", "log.join()", "--eval", "Promise.resolve(innerWidth)",
             "--assert", "document.getElementById('msg').textContent === 'paid by Ann'", "--assert", "1 === 2",
             "--click", "#nosuch",
             "--screenshot", folder.appendingPathComponent("page.png").path,
             "--screenshot-each", folder.appendingPathComponent("each").path])
        // The uncaught TypeError, the falsy assertion and the missing element: exit 1.
        #expect(result.status == 1, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("engine webkit"))
        // Real layout: the box is 37 pixels high (the headless engine says 0).
        #expect(lines.contains("height 37"), "\(lines)")
        #expect(lines.contains("focus,keydown:A:untrusted,beforeinput:A:untrusted,input:A:untrusted,keyup:A:untrusted,"
                               + "keydown:n:untrusted,beforeinput:n:untrusted,input:n:untrusted,keyup:n:untrusted,"
                               + "keydown:n:untrusted,beforeinput:n:untrusted,input:n:untrusted,keyup:n:untrusted,"
                               + "blur,change:untrusted,size:l,terms:true"), "\(lines)")
        #expect(lines.contains("393"), "\(lines)")
        #expect(lines.contains("✓ assert document.getElementById('msg').textContent === 'paid by Ann'"))
        #expect(lines.contains("✗ assert 1 === 2"))
        #expect(result.stderr.contains("paying\n"))
        #expect(result.stderr.contains("TypeError: null is not an object"), "\(result.stderr)")
        #expect(result.stderr.contains("hybrid run: step 9 (--click #nosuch): no element matches '#nosuch'"))
        #expect(result.stderr.contains("hybrid run: assertion failed: 1 === 2"))
        let events = try await RunFixture.events(transcript)
        #expect(RunFixture.kind(events, "meta").first?["engine"] as? String == "webkit")
        #expect(RunFixture.kind(events, "exception").first?["name"] as? String == "TypeError")
        #expect(RunFixture.kind(events, "console").compactMap { $0["text"] as? String }.prefix(1) == ["height 37"])
        #expect(RunFixture.kind(events, "assert").map { $0["passed"] as? Bool } == [true, false])
        #expect(RunFixture.kind(events, "http").contains { $0["path"] as? String == "/index.html" })
        for name in ["page.png", "each/load.png", "each/step-1.png", "each/step-9.png"] {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "\(name)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("each/step-10.png").path))
    }

    /// A refused connection, and port 1 (which WebKit refuses to load, showing about:blank), are the headless engine's
    /// error on WebKit too: exit 2 and `cannot load URL: why`; the transcript has WebKit's loadFailed line.
    @Test(.enabled(if: webKitReason == nil, Comment(rawValue: webKitReason ?? "")))
    func aPageThatCannotLoadIsAnErrorAsOnTheHeadlessEngine() async throws {
        let closed = try ClosedPort()
        for url in [closed.url("/").absoluteString, "http://127.0.0.1:1/"] {
            for engine in ["headless", "webkit"] {
                let transcript = FileManager.default.temporaryDirectory.appendingPathComponent("load-\(UUID().uuidString).jsonl")
                let result = try await HybridBinary.run(["run", url, "--engine", engine, "--transcript", transcript.path])
                #expect(result.status == 2, "\(engine) \(url): \(result.stderr)")
                #expect(result.stderr.contains("hybrid run: cannot load \(url): "), "\(engine) \(url): \(result.stderr)")
                if engine == "webkit" {
                    let failed = RunFixture.kind(try await RunFixture.events(transcript), "loadFailed")
                    #expect(failed.map { $0["url"] as? String } == [url])
                }
            }
        }
    }

    @Test(.enabled(if: webKitReason == nil, Comment(rawValue: webKitReason ?? "")))
    func aHangingEvalIsStoppedByTheTimeLimit() async throws {
        let url = try await RunFixture.page("<p>x</p>")
        let hanging = try await HybridBinary.run(["run", url.path, "--engine", "webkit", "--timeout", "10",
                                                  "--eval", "for (;;) {}"])
        #expect(hanging.status == 3, "\(hanging.stderr)")
        #expect(hanging.stderr.contains("hybrid run: time limit of 10 s reached while step 1 (--eval for (;;) {})"),
                "\(hanging.stderr)")
    }
}
