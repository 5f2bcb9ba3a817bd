import Foundation
import Testing
import TestSupport

/// `--replay-har FILE` on `hybrid run`: a page's backend answered from a HAR file, offline (issue 19).
@Suite struct ReplayHAROptionTests {
    static let har = """
        {"log": {"version": "1.2", "entries": [
          {"request": {"method": "GET", "url": "https://api.example.com/user"},
           "response": {"status": 200, "statusText": "OK", "headers": [{"name": "Content-Type", "value": "application/json"}],
                        "content": {"mimeType": "application/json", "text": "{\\"name\\": \\"Ann\\"}"}}},
          {"request": {"method": "GET", "url": "https://api.example.com/user"},
           "response": {"status": 500, "headers": [], "content": {"text": "later failure"}}}
        ]}}
        """
    static let page = """
        <!DOCTYPE html><p id="out"></p><script>
        async function load() {
          const response = await fetch("https://api.example.com/user");
          document.getElementById("out").textContent += response.status + " " + await response.text() + ";";
        }
        load().then(load).then(load);
        </script>
        """

    @Test func runReplaysTheEntriesInTurn() async throws {
        let folder = try await RunFixture.folder(["page.html": Self.page, "session.har": Self.har])
        let result = try await HybridBinary.run([
            "run", folder.appendingPathComponent("page.html").path, "--quiet",
            "--replay-har", folder.appendingPathComponent("session.har").path,
            "--eval", "document.getElementById('out').textContent",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "200 {\"name\": \"Ann\"};500 later failure;500 later failure;\n", "\(result.stdout)")
    }

    @Test func aBadHARIsAnInputError() async throws {
        let folder = try await RunFixture.folder(["page.html": Self.page, "bad.har": #"{"log": {}}"#])
        let bad = folder.appendingPathComponent("bad.har").path
        let result = try await HybridBinary.run(["run", folder.appendingPathComponent("page.html").path, "--replay-har", bad])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--replay-har \(bad): not a HAR file: no log.entries"), "\(result.stderr)")
        let missing = try await HybridBinary.run(["run", folder.appendingPathComponent("page.html").path, "--replay-har", "/nonexistent.har"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--replay-har /nonexistent.har: cannot read the file"), "\(missing.stderr)")
    }

    /// Recorded against a real backend (the page server's --api-mocks), replayed with the backend gone.
    @Test func aRecordedHARReplaysTheRunOffline() async throws {
        let folder = try await RunFixture.folder([
            "page.html": """
                <!DOCTYPE html><p id="out"></p><script>
                fetch("/api/cart").then((r) => r.json()).then((cart) => { document.getElementById("out").textContent = cart.items.join(","); },
                                                           (e) => { document.getElementById("out").textContent = "failed"; });
                </script>
                """,
            "backend/GET/api/cart.json": #"{"items": ["tea", "cake"]}"#,
        ])
        let page = folder.appendingPathComponent("page.html").path, har = folder.appendingPathComponent("run.har").path
        let eval = "document.getElementById('out').textContent"
        let recorded = try await HybridBinary.run(["run", page, "--quiet", "--api-mocks", folder.appendingPathComponent("backend").path,
                                                   "--record-har", har, "--eval", eval])
        #expect(recorded.stdout == "tea,cake\n", "\(recorded.stdout)\(recorded.stderr)")
        let text = try String(contentsOfFile: har, encoding: .utf8)
        #expect(text.contains(#""url":"http://127.0.0.1:"#) && text.contains("/api/cart"), "\(text)")
        let offline = try await HybridBinary.run(["run", page, "--quiet", "--eval", eval])
        #expect(offline.stdout == "failed\n", "without the backend: \(offline.stdout)")
        let replayed = try await HybridBinary.run(["run", page, "--quiet", "--replay-har", har, "--eval", eval])
        #expect(replayed.stdout == "tea,cake\n", "\(replayed.stdout)\(replayed.stderr)")
        let badPath = try await HybridBinary.run(["run", page, "--record-har", "/nonexistent/dir/run.har"])
        #expect(badPath.status == 2)
        #expect(badPath.stderr.hasPrefix("hybrid run: cannot write the HAR /nonexistent/dir/run.har"), "\(badPath.stderr)")
    }

    /// Recorded against a live server (`hybrid serve` with a mock backend): the document, its script and its fetch,
    /// each with its real start time, `time` and HAR 1.2 `timings`; then replayed with the server stopped, the page
    /// served only from the HAR, and it behaves the same.
    @Test func theDocumentAndItsRequestsReplayWithTheServerStopped() async throws {
        let folder = try await RunFixture.folder([
            "site/page.html": #"<!DOCTYPE html><title>Cart</title><p id="out">loading</p><script src="app.js"></script>"#,
            "site/app.js": """
                fetch("/api/cart").then((r) => r.json()).then((cart) => { document.getElementById("out").textContent = cart.items.join(","); },
                                                           () => { document.getElementById("out").textContent = "failed"; });
                """,
            "backend/GET/api/cart.json": #"{"items": ["tea", "cake"]}"#,
        ])
        let har = folder.appendingPathComponent("live.har").path
        let eval = "document.title + ': ' + document.getElementById('out').textContent"
        let server = try ServeProcess([folder.appendingPathComponent("site").path, "--port", "0",
                                       "--api-mocks", folder.appendingPathComponent("backend").path])
        let base = await server.firstLine()
        #expect(base.hasPrefix("http://127.0.0.1:"), "\(base)")
        let before = Date()
        let recorded = try await HybridBinary.run(["run", base + "page.html", "--quiet", "--record-har", har, "--eval", eval])
        let after = Date()
        let (status, _) = await server.stop()
        #expect(status == 0)
        #expect(recorded.stdout == "Cart: tea,cake\n", "\(recorded.stdout)\(recorded.stderr)")

        let log = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: har))) as? [String: Any]
        let entries = (log?["log"] as? [String: Any])?["entries"] as? [[String: Any]] ?? []
        let urls = entries.compactMap { ($0["request"] as? [String: Any])?["url"] as? String }
        #expect(urls == [base + "page.html", base + "app.js", base + "api/cart"], "\(urls)")
        let parser = ISO8601DateFormatter()
        parser.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var previous = before.addingTimeInterval(-1)
        for entry in entries {
            let started = (entry["startedDateTime"] as? String).flatMap(parser.date(from:))
            #expect(started != nil && started! >= previous && started! <= after.addingTimeInterval(1), "\(entry["startedDateTime"] ?? "")")
            previous = started ?? previous
            let timings = entry["timings"] as? [String: Double] ?? [:]
            #expect(Set(timings.keys) == ["blocked", "dns", "connect", "ssl", "send", "wait", "receive"], "\(timings)")
            for name in ["send", "wait", "receive"] { #expect((timings[name] ?? -1) >= 0, "\(name): \(timings)") }
            for name in ["blocked", "dns", "connect", "ssl"] { #expect((timings[name] ?? -2) >= -1, "\(name): \(timings)") }
            #expect(timings["ssl"] == -1, "plain HTTP: \(timings)")
            // HAR 1.2: time is the sum of the phases that happened (ssl is inside connect).
            let sum = ["blocked", "dns", "connect", "send", "wait", "receive"].reduce(0.0) { $0 + max(timings[$1] ?? 0, 0) }
            let time = entry["time"] as? Double ?? -1
            #expect(time > 0 && abs(time - sum) < 0.01, "time \(time), phases \(sum)")
        }
        // The first request opened the connection: libsoup timed it (it was not reused).
        let first = entries.first?["timings"] as? [String: Double] ?? [:]
        #expect((first["connect"] ?? -1) >= 0, "\(first)")

        let replayed = try await HybridBinary.run(["run", base + "page.html", "--quiet", "--replay-har", har, "--eval", eval])
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(replayed.stdout == "Cart: tea,cake\n", "\(replayed.stdout)\(replayed.stderr)")
        let offline = try await HybridBinary.run(["run", base + "page.html", "--quiet", "--eval", eval])
        #expect(offline.status != 0, "the server is gone: \(offline.stdout)")
    }
}
