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
        let folder = try await RunFixture.folder(["index.html": "<p>x</p>", "index.mock.json": "{}"])
        let page = folder.appendingPathComponent("index.html").path
        let result = try await HybridBinary.run(["run", page, "--engine", "webkit", "--call", "greet", "--virtual-time"])
        #expect(result.status == 2)
        #expect(result.stderr == "hybrid run: --engine webkit does not run --call (the bridge, its mocks and native "
                + "handlers do not run on WebKit yet), the sidecar mock file (the bridge, its mocks and native handlers do "
                + "not run on WebKit yet), --virtual-time (WebKit's timers run on its own clock) yet; run the page on the "
                + "headless engine (--engine headless)\n")
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
