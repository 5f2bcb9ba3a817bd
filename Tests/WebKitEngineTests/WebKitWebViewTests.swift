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
