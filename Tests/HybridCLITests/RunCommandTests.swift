import Foundation
import Testing
import TestSupport

/// `hybrid run` end to end: phases, exit codes and the transcript.
@Suite struct RunCommandTests {
    /// A page file in a fresh folder.
    private func page(_ html: String, name: String = "page.html") async throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try html.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    private static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../web/examples/dom.html").standardized.path

    @Test func runsTheExamplePageInPhases() async throws {
        let result = try await HybridBinary.run(["run", Self.example, "--click", "#go", "--eval", "document.getElementById('returnValue').value",
                                           "--assert", "document.body.style.backgroundColor === 'orange'", "--dump-dom"])
        #expect(result.status == 0)
        // Phase lines (`click ...`, `✓ assert ...`) are part of the readable output; values and the page's own lines stay in order.
        let lines = result.stdout.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("click ") && !$0.hasPrefix("✓ assert") }
        #expect(result.stdout.contains("click #go\n"))
        #expect(result.stdout.contains("✓ assert document.body.style.backgroundColor === 'orange'\n"))
        #expect(Array(lines.prefix(5)) == [
            "built a list of 3 items", "[confirm] Add a fourth item? -> true", "list: one, two, three, four",
            "[alert] the background is orange now", "clicked from hybrid run",
        ])
        #expect(lines[5].hasPrefix("<!DOCTYPE html>"))
        #expect(result.stdout.contains("<li>four</li>"))
        // stderr holds only the one-line summary.
        #expect(result.stderr.contains("dom.html: 0 JS→native, 0 native→JS, 2 dialogs, 0 errors, 1/1 assertions passed, "))
        #expect(result.stderr.hasSuffix(" ms — ok\n"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func aFalsyAssertionExitsOneNamingTheFirstAfterEvaluatingAll() async throws {
        let url = try await page("<script>var n = 1;</script>")
        let result = try await HybridBinary.run(["run", url.path, "--assert", "n === 2", "--assert", "n === 3", "--assert", "n === 1",
                                           "--transcript", url.deletingLastPathComponent().appendingPathComponent("t.jsonl").path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("assertion failed: n === 2"))
        let transcript = try String(contentsOf: url.deletingLastPathComponent().appendingPathComponent("t.jsonl"), encoding: .utf8)
        let asserts = try await lines(transcript).filter { $0["kind"] as? String == "assert" }
        #expect(asserts.map { $0["passed"] as? Bool } == [false, false, true])
    }

    @Test func uncaughtExceptionsPrintTheirDocumentPositionAndExitOne() async throws {
        let url = try await page("<html>\n<body>\n<script>\nnull.x;\n</script>\n</body></html>")
        let result = try await HybridBinary.run(["run", url.path, "--file-url"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("\(url.absoluteString):4:"))
        #expect(result.stderr.contains("TypeError"))
        // Served (the default), the position names the page's http URL.
        let served = try await HybridBinary.run(["run", url.path])
        #expect(served.status == 1)
        #expect(served.stderr.hasPrefix("http://127.0.0.1:"))
        #expect(served.stderr.contains("/page.html:4:"))
    }

    @Test func fileInputsChooseFilesBeforeTheClicks() async throws {
        let url = try await page("""
            <input type=file id=f multiple><input type=file id=one>
            <script>document.getElementById('f').onchange = function (e) {
              Promise.all(Array.from(e.target.files).map(function (f) { return f.text(); })).then(function (t) { console.log(e.target.value + ' ' + t.join('+')); });
            };</script>
            """)
        let folder = url.deletingLastPathComponent()
        try "one".write(to: folder.appendingPathComponent("a.txt"), atomically: true, encoding: .utf8)
        try "two".write(to: folder.appendingPathComponent("b.txt"), atomically: true, encoding: .utf8)
        let a = folder.appendingPathComponent("a.txt").path, b = folder.appendingPathComponent("b.txt").path
        let result = try await HybridBinary.run(["run", url.path, "--file-input", "#f=\(a)", "--file-input", "#f=\(b)",
                                                 "--eval", "document.getElementById('f').files[1].type"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("C:\\fakepath\\a.txt one+two\n"))
        #expect(result.stdout.contains("text/plain\n"))
        let missing = try await HybridBinary.run(["run", url.path, "--file-input", "#f=/nonexistent/file.txt"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("cannot read /nonexistent/file.txt"))
        let tooMany = try await HybridBinary.run(["run", url.path, "--file-input", "#one=\(a)", "--file-input", "#one=\(b)"])
        #expect(tooMany.status == 1)
        #expect(tooMany.stderr.contains("--file-input '#one'"))
    }

    /// `--rotate` turns the device as turning the phone does: web/examples/responsive.html switches its layout on
    /// `matchMedia('(max-width: 375px)')`, compact on an upright iPhone SE (375 wide), wide once turned (667).
    @Test func rotateTurnsTheDeviceAndThePageSwitchesItsLayout() async throws {
        let responsive = URL(fileURLWithPath: Self.example).deletingLastPathComponent().appendingPathComponent("responsive.html").path
        let check = "[document.body.dataset.layout, getComputedStyle(document.getElementById('menu')).display, screen.orientation.type].join(' ')"
        let upright = try await HybridBinary.run(["run", responsive, "--device", "iPhone SE", "--eval", check])
        #expect(upright.status == 0, "\(upright.stderr)")
        #expect(upright.stdout.contains("compact none portrait-primary\n"))
        let transcript = try await page("").deletingLastPathComponent().appendingPathComponent("t.jsonl")
        let turned = try await HybridBinary.run(["run", responsive, "--device", "iPhone SE", "--rotate", "--eval", check,
                                                 "--transcript", transcript.path])
        #expect(turned.status == 0, "\(turned.stderr)")
        #expect(turned.stdout.contains("wide flex landscape-primary\n"))
        let output = turned.stdout + turned.stderr
        #expect(output.contains("layout compact 375x667"))
        #expect(output.contains("orientationchange landscape-primary"))
        #expect(output.contains("layout wide 667x375"))
        let rotations = await RunFixture.kind(try RunFixture.events(transcript), "rotate")
        #expect(rotations.count == 1)
        #expect(rotations.first?["width"] as? Int == 667 && rotations.first?["orientation"] as? String == "landscape")
        let back = try await HybridBinary.run(["run", responsive, "--device", "iPhone SE", "--rotate", "--rotate", "--eval", check])
        #expect(back.status == 0, "\(back.stderr)")
        #expect(back.stdout.contains("compact none portrait-primary\n"))
    }

    @Test func geolocationAndClipboardComeFromTheCommandLine() async throws {
        let url = try await page("""
            <button id=copy onclick="navigator.clipboard.writeText('copied ' + document.title)">copy</button><title>t1</title>
            <script>navigator.geolocation.getCurrentPosition(function (p) { console.log('at ' + p.coords.latitude + ' ' + p.coords.accuracy); },
              function (e) { console.log('geo error ' + e.code); });</script>
            """)
        let run = try await HybridBinary.run(["run", url.path, "--geolocation", "31.5,121.25,7", "--clipboard", "start",
                                              "--eval", "navigator.clipboard.readText().catch(e => e.name)", "--click", "#copy"])
        #expect(run.status == 0)
        let output = run.stdout + run.stderr
        #expect(output.contains("at 31.5 7"))
        #expect(output.contains(#"clipboard "copied t1""#))
        #expect(run.stdout.contains("NotAllowedError\n"))   // reading needs a user gesture, as on the device
        let plain = try await HybridBinary.run(["run", url.path])
        #expect(plain.status == 0)
        #expect((plain.stdout + plain.stderr).contains("geo error 1"))
        #expect(!(plain.stdout + plain.stderr).contains("clipboard "))
        let bad = try await HybridBinary.run(["run", url.path, "--geolocation", "95,0"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--geolocation 95,0"))
        let folder = url.deletingLastPathComponent()
        let unavailable = folder.appendingPathComponent("where.json"), broken = folder.appendingPathComponent("broken.json")
        try #"{"error": "positionUnavailable"}"#.write(to: unavailable, atomically: true, encoding: .utf8)
        try "{ not json".write(to: broken, atomically: true, encoding: .utf8)
        let fromFile = try await HybridBinary.run(["run", url.path, "--geolocation", unavailable.path])
        #expect(fromFile.status == 0)
        #expect((fromFile.stdout + fromFile.stderr).contains("geo error 2"))
        let badFile = try await HybridBinary.run(["run", url.path, "--geolocation", broken.path])
        #expect(badFile.status == 2)
        #expect(badFile.stderr.contains("broken.json is not JSON"))
    }

    @Test func missingPageAndMissingSelectorAreErrors() async throws {
        let missing = try await HybridBinary.run(["run", "/nonexistent/page.html"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("cannot read"))
        let url = try await page("<p>x</p>")
        let click = try await HybridBinary.run(["run", url.path, "--click", "#nope"])
        #expect(click.status == 1)
        #expect(click.stderr.contains("#nope"))
        let bad = try await HybridBinary.run(["run", url.path, "--timeout", "0"])
        #expect(bad.status == 2)
    }

    /// A page that loops until the watchdog stops it keeps a core busy: `.spinsTheCPU`.
    @Test(.spinsTheCPU) func timeLimitAndWatchdogExitThree() async throws {
        let busy = try await page("<script>setTimeout(function again() { setTimeout(again, 50); }, 50);</script>")
        let result = try await HybridBinary.run(["run", busy.path, "--timeout", "0.5"])
        #expect(result.status == 3)
        #expect(result.stderr.contains("time limit"))
        let spin = try await page("<script>setTimeout(function () { while (true) {} }, 0);</script>")
        let watchdog = try await HybridBinary.run(["run", spin.path, "--timeout", "0.5"])
        #expect(watchdog.status == 3)
    }

    @Test func transcriptLinesParseBackWithTheSchema() async throws {
        let url = try await page("""
            <iframe id="f"></iframe>
            <script>console.warn('careful'); alert('hi'); document.getElementById('f').src = 'bridge://x';</script>
            """)
        let path = url.deletingLastPathComponent().appendingPathComponent("t.jsonl").path
        let result = try await HybridBinary.run(["run", url.path, "--eval", "1 + 1", "--transcript", path])
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("careful\n"))
        let events = try await lines(try String(contentsOfFile: path, encoding: .utf8))
        #expect(events.first?["kind"] as? String == "meta")
        #expect(events.first?["schema"] as? Int == 2)
        for event in events {
            #expect(event["t"] is Double || event["t"] is Int)
            #expect(event["page"] is Int)
        }
        let kinds = events.map { $0["kind"] as? String ?? "" }
        #expect(kinds.contains("console") && kinds.contains("dialog") && kinds.contains("navigation") && kinds.contains("eval"))
        let milestones = events.filter { $0["kind"] as? String == "load" }.compactMap { $0["milestone"] as? String }
        // The page runs until idle after loading and after each step (here the one --eval).
        #expect(milestones == ["start", "domcontentloaded", "load", "idle", "idle"])
        let console = try #require(events.first { $0["kind"] as? String == "console" })
        #expect(console["level"] as? String == "warn")
        #expect(console["line"] as? Int == 2)
        let navigation = try #require(events.first { $0["kind"] as? String == "navigation" })
        #expect(navigation["type"] as? String == "iframe")
        #expect(navigation["decision"] as? String == "allow")
        let eval = try #require(events.first { $0["kind"] as? String == "eval" })
        #expect(eval["code"] as? String != nil)
        let evalResult = try #require(events.first { $0["kind"] as? String == "evalResult" })
        #expect(evalResult["value"] as? Int == 2)
        #expect(try #require(events.firstIndex { $0["kind"] as? String == "eval" })
                < events.firstIndex { $0["kind"] as? String == "evalResult" }!)
        let times = events.compactMap { ($0["t"] as? NSNumber)?.doubleValue }
        #expect(times == times.sorted())
    }

    @Test func theTranscriptRecordsSameDocumentNavigations() async throws {
        let url = try await page("""
            <a id="a" href="#part">part</a>
            <script>history.pushState({}, '', 'next'); document.getElementById('a').click(); history.back();</script>
            """)
        let path = url.deletingLastPathComponent().appendingPathComponent("t.jsonl").path
        let result = try await HybridBinary.run(["run", url.path, "--transcript", path])
        #expect(result.status == 0)
        let navigations = try await lines(try String(contentsOfFile: path, encoding: .utf8))
            .filter { $0["kind"] as? String == "sameDocumentNavigation" }
        #expect(navigations.map { $0["type"] as? String ?? "" } == ["sessionStatePush", "anchorNavigation", "sessionStatePop"])
        #expect(navigations.map { ($0["url"] as? String ?? "").split(separator: "/").last.map(String.init) ?? "" } == ["next", "next#part", "next"])
    }

    private func lines(_ text: String) async throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
        }
    }
}
