import FixtureServer
import Foundation
import TestSupport
import Testing
import WebKitEngine
import WebView

/// The real WebKit engine in its host process. These run when WebKitGTK (and Xvfb, without DISPLAY) is installed,
/// as on CI (`scripts/bootstrap --webkit`); elsewhere they are skipped, and the skip names what is missing.
@Suite(.enabled(if: WebKitWebView.unavailableReason == nil,
                Comment(rawValue: WebKitWebView.unavailableReason ?? "")))
struct WebKitWebViewTests {
    @Test func loadsAPageEvaluatesAndReportsItsConsole() async throws {
        let view = try await WebKitWebView.start(Self.generous())
        var events = view.events.makeAsyncIterator()
        try await view.loadHTMLString("""
            <p id="p">hi</p><script>console.log("hello", {a: 1}); console.warn(2)</script>
            """, baseURL: URL(string: "https://example.test/page.html"))
        #expect(try await view.evaluateJavaScript("document.getElementById('p').textContent") == "hi")
        #expect(try await view.evaluateJavaScript("[innerWidth, innerHeight, location.href, devicePixelRatio]")
                    == [393, 852, "https://example.test/page.html", 3])
        #expect(try await view.evaluateJavaScript("({a: [1, null, true]})") == ["a": [1, nil, true]])
        #expect(try await view.evaluateJavaScript("undefined") == nil)
        #expect(try await view.evaluateJavaScript("navigator.userAgent") == .string(DeviceProfile.default.userAgent))
        #expect(await events.next() == .console(level: "log", text: #"hello {"a":1}"#))
        #expect(await events.next() == .console(level: "warn", text: "2"))
        await view.close()
    }

    @Test func aThrownExceptionIsAnErrorAndTheViewKeepsWorking() async throws {
        let view = try await WebKitWebView.start(Self.generous())
        try await view.loadHTMLString("<p>x</p>", baseURL: nil)
        let error = await #expect(throws: WebKitEngineError.self) {
            try await view.evaluateJavaScript("throw new TypeError('bad thing')")
        }
        #expect(error?.kind == .javaScript)
        #expect(error?.message.contains("TypeError: bad thing") == true)
        #expect(try await view.evaluateJavaScript("1 + 1") == 2)
        await view.close()
    }

    @Test func anUncaughtErrorIsAnEvent() async throws {
        let view = try await WebKitWebView.start(Self.generous())
        try await view.loadHTMLString("<script>setTimeout(function () { null.x }, 0)</script>",
                                      baseURL: URL(string: "https://example.test/"))
        for await event in view.events {
            guard case .uncaughtError(let message, let source, _) = event else { continue }
            #expect(message.contains("TypeError"))
            #expect(source == "https://example.test/")
            break
        }
        await view.close()
    }

    @Test func consoleMessagesOfIframesAreEvents() async throws {
        let view = try await WebKitWebView.start(Self.generous())
        var events = view.events.makeAsyncIterator()
        try await view.loadHTMLString(#"<iframe srcdoc="<script>console.info('in the frame')</script>"></iframe>"#,
                                      baseURL: URL(string: "https://example.test/"))
        #expect(await events.next() == .console(level: "info", text: "in the frame"))
        await view.close()
    }

    @Test func theEventStreamKeepsTheNewestEventsNobodyRead() async throws {
        let view = try await WebKitWebView.start(Self.generous())
        let done = AsyncStream.makeStream(of: Void.self)
        let observation = view.observeEvents { event in
            if case .console(let message) = event.kind, message.text == "done" { done.continuation.yield() }
        }
        try await view.loadHTMLString("""
            <script>for (var i = 0; i < 1100; i++) console.log(String(i)); console.log('done')</script>
            """, baseURL: nil)
        for await _ in done.stream { break }
        observation.cancel()
        // 1,101 messages, none read: the stream kept the newest 1,024.
        var events = view.events.makeAsyncIterator()
        #expect(await events.next() == .console(level: "log", text: String(1101 - WebKitWebView.eventBufferLimit)))
        await view.close()
    }

    @Test func userScriptsRunAtTheirTimeInTheFramesAskedFor() async throws {
        let view = try await WebKitWebView.start(Self.generous())
        try await view.addUserScript(UserScript(source: "console.log('start ' + (window === top ? 'top' : 'frame'))",
                                                injectionTime: .atDocumentStart), forMainFrameOnly: true)
        try await view.addUserScript(UserScript(source: "console.log('end ' + (window === top ? 'top' : 'frame') + ' '"
                                                    + " + (document.body ? 'parsed' : 'unparsed'))",
                                                injectionTime: .atDocumentEnd), forMainFrameOnly: false)
        var events = view.events.makeAsyncIterator()
        try await view.loadHTMLString(#"<body><iframe srcdoc="<p>f</p>"></iframe></body>"#,
                                      baseURL: URL(string: "https://example.test/"))
        var lines: [String] = []
        while lines.count < 3, case .console(_, let text)? = await events.next() { lines.append(text) }
        #expect(lines.first == "start top")
        #expect(lines.sorted() == ["end frame parsed", "end top parsed", "start top"])
        await view.close()
    }

    @Test func callsAfterCloseFailClearly() async throws {
        let view = try await WebKitWebView.start(Self.generous())
        await view.close()
        let error = await #expect(throws: WebKitEngineError.self) { try await view.evaluateJavaScript("1") }
        #expect(error?.kind == .hostEnded)
    }

    @Test func aMissingHostIsAClearError() async throws {
        let error = await #expect(throws: WebKitEngineError.self) {
            try await WebKitWebView.start(.init(hostExecutable: URL(fileURLWithPath: "/nonexistent/host")))
        }
        #expect(error?.kind == .unavailable)
        #expect(error?.message.contains("/nonexistent/host") == true)
    }

    /// A refused connection fails the load with WebKit's words; a restricted port (1), which WebKit does not load but
    /// replaces with about:blank without failing, fails it too. Each failure is an event, and the view keeps working.
    @Test func aPageThatCannotLoadFailsTheLoadAndIsAnEvent() async throws {
        let closed = try ClosedPort()
        let view = try await WebKitWebView.start(Self.generous())
        var events = view.events.makeAsyncIterator()
        for url in [closed.url("/"), URL(string: "http://127.0.0.1:1/")!] {
            let error = await #expect(throws: WebKitEngineError.self) { try await view.load(url) }
            #expect(error?.kind == .load)
            #expect(error?.message.hasPrefix("cannot load \(url.absoluteString): ") == true, "\(String(describing: error))")
            #expect(await events.next() == .loadFailed(url: url.absoluteString, message: error?.message ?? ""))
        }
        #expect((try await view.evaluateJavaScript("1 + 1")) == 2)
        await view.close()
    }

    /// WebKit reports a load finished while the document's module scripts are still to run (`document.readyState`
    /// "interactive", observed on WebKitGTK 2.50 for an inline module that imports a module that imports another), so
    /// `load` waits for the document's `load` event, as the headless engine's does: a caller that evaluates next
    /// sees what the page's modules did (`hybrid test --engine webkit` once found no tests a module declared).
    @Test func loadReturnsAfterTheDocumentsLoadEventSoModuleScriptsHaveRun() async throws {
        let folder = try temporaryFolder([
            "page.html": """
                <!DOCTYPE html><script>var order = []; addEventListener("load", function () { order.push("load"); });</script>
                <script type="module">import "./a.js"; order.push("inline");</script><p>modules</p>
                """,
            "a.js": "import { b } from './b.js';\norder.push('a' + b);\n",
            "b.js": "export const b = 1;\norder.push('b');\n",
        ], prefix: "modules")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = FixtureServer(root: folder.path)
        let base = try #require(URL(string: try await server.start()))
        let view = try await WebKitWebView.start(Self.generous())
        do {
            for _ in 1...3 {
                try await view.load(base.appendingPathComponent("page.html"))
                #expect(try await view.evaluateJavaScript("[document.readyState, order]")
                            == ["complete", ["b", "a1", "inline", "load"]])
            }
        } catch {
            Issue.record(error)
        }
        await view.close()
        await server.stop()
    }

    @Test func aSnapshotOfTheDemoHasTheDeviceSizeAndIsNotBlank() async throws {
        let device = DeviceProfile.iPhoneSE
        let view = try await WebKitWebView.start(Self.generous(device: device))
        try await view.loadHTMLString("<body></body>", baseURL: nil)
        let blank = try await view.takeSnapshot()
        try await view.load(Self.packageRoot.appendingPathComponent("web/index.html"))
        let demo = try await view.takeSnapshot()
        await view.close()
        // The device's pixel ratio (2) is the display's scale: two device pixels per CSS pixel.
        #expect(Self.pngSize(demo) == [device.viewportWidth * 2, device.viewportHeight * 2])
        #expect(Self.pngSize(blank) == [device.viewportWidth * 2, device.viewportHeight * 2])
        #expect(demo != blank)
    }

    @Test func aScriptThatHangsIsStoppedWithAClearErrorAndTheViewRecovers() async throws {
        let view = try await WebKitWebView.start(Self.generous(scriptTimeout: .seconds(2)))
        try await view.loadHTMLString("<p>x</p>", baseURL: nil)
        let error = await #expect(throws: WebKitEngineError.self) { try await view.evaluateJavaScript("for (;;) {}") }
        #expect(error?.kind == .timeout)
        #expect(error?.message == "the script did not finish within 2.0 seconds; the web process was terminated")
        for await event in view.events where event == .webProcessTerminated(reason: "terminatedByAPI") { break }
        try await view.loadHTMLString("<p>again</p>", baseURL: nil)
        #expect(try await view.evaluateJavaScript("document.body.textContent") == "again")
        await view.close()
    }

    @Test func aTerminatedWebProcessFailsTheCallUnderWay() async throws {
        let view = try await WebKitWebView.start(Self.generous())
        try await view.loadHTMLString("<p>x</p>", baseURL: nil)
        let hanging = Task { try await view.evaluateJavaScript("console.log('spinning'); for (;;) {}") }
        // The script is under way once its console message has arrived.
        for await event in view.events where event == .console(level: "log", text: "spinning") { break }
        try await view.terminateWebProcess()
        let error = await #expect(throws: WebKitEngineError.self) { try await hanging.value }
        #expect(error?.kind == .webProcessTerminated)
        await view.close()
    }

    /// Limits only a hang reaches on a loaded machine, but the one a test is about.
    static func generous(device: DeviceProfile = .default, scriptTimeout: Duration = .generous)
        -> WebKitWebView.Configuration {
        .init(device: device, loadTimeout: .generous, scriptTimeout: scriptTimeout, startTimeout: .generous)
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A PNG's width and height, from its IHDR chunk.
    static func pngSize(_ data: Data) -> [Int] {
        let bytes = [UInt8](data)
        guard bytes.count > 24, bytes[12..<16].elementsEqual("IHDR".utf8) else { return [] }
        func number(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return [number(16), number(20)]
    }
}
