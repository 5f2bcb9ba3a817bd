import Foundation
import Glibc
import HybridJSON
import HybridLoop
import JavaScript
import Synchronization
import WebView

/// A real WebKit web view (WebKitGTK, the engine of WKWebView) in a helper process, `hybrid-webkit-host`, which
/// this module starts beside the running executable. Pages load, scripts evaluate, the console and uncaught errors
/// arrive as ``events``, and ``takeSnapshot()`` renders the page to PNG.
///
/// ```swift
/// let view = try await WebKitWebView.start()
/// try await view.loadHTMLString("<p id=p>hi</p>", baseURL: nil)
/// let text = try await view.evaluateJavaScript("document.getElementById('p').textContent")  // "hi"
/// let png = try await view.takeSnapshot()
/// await view.close()
/// ```
///
/// When `DISPLAY` is not set, the host starts a private Xvfb and stops it when it ends. A load or a script that
/// does not finish within its limit terminates the web process and fails with ``WebKitEngineError/Kind/timeout``;
/// a web process that crashes fails the calls under way and is reported as an event.
public final class WebKitWebView: Sendable {
    /// How the view is started.
    public struct Configuration: Sendable {
        /// The device: its viewport is the view's size (and the snapshot's), its user agent the view's.
        public var device: DeviceProfile
        /// How long a page may take to load before the web process is terminated.
        public var loadTimeout: Duration
        /// How long a script may run before the web process is terminated.
        public var scriptTimeout: Duration
        /// How long the host may take to start (a loaded machine starts WebKit slowly).
        public var startTimeout: Duration
        /// The host executable; nil: `hybrid-webkit-host` beside the running executable.
        public var hostExecutable: URL?

        public init(device: DeviceProfile = .default, loadTimeout: Duration = .seconds(60),
                    scriptTimeout: Duration = .seconds(60), startTimeout: Duration = .seconds(300),
                    hostExecutable: URL? = nil) {
            self.device = device
            self.loadTimeout = loadTimeout
            self.scriptTimeout = scriptTimeout
            self.startTimeout = startTimeout
            self.hostExecutable = hostExecutable
        }
    }

    /// The name of the host executable.
    public static let hostName = "hybrid-webkit-host"

    /// Why the WebKit engine cannot run on this machine (WebKitGTK or Xvfb missing), or nil when it can.
    public static var unavailableReason: String? {
        let directories = (ProcessInfo.processInfo.environment["LD_LIBRARY_PATH"] ?? "").split(separator: ":")
            .map(String.init) + ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib",
                                 "/usr/local/lib"]
        let fileManager = FileManager.default
        guard directories.contains(where: { fileManager.fileExists(atPath: $0 + "/libwebkit2gtk-4.1.so.0") }) else {
            return "WebKitGTK (libwebkit2gtk-4.1.so.0) is not installed: install it with scripts/bootstrap --webkit"
        }
        if (ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty,
           !["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"].contains(where: fileManager.isExecutableFile) {
            return "DISPLAY is not set and Xvfb is not installed: install it with scripts/bootstrap --webkit"
        }
        return nil
    }

    /// The configuration the view was started with.
    public let configuration: Configuration
    /// The page's console messages, uncaught errors, failed loads and web process terminations, in order. Ends when the view
    /// closes or its host ends. Bounded: it keeps the newest ``eventBufferLimit`` events that nobody has read yet,
    /// so a view whose events are never read does not grow (`observeEvents(_:)` sees every event).
    public let events: AsyncStream<WebKitEvent>
    /// How many unread events ``events`` keeps.
    public static let eventBufferLimit = 1024

    private let connection: HostConnection
    private let channel: Channel

    /// What the host's events are handled with: the view's state that they change, and where they go.
    private final class Channel: Sendable {
        struct State {
            /// The document number, counted from 1 at each committed load, as the headless web view numbers them.
            var page = 0
            var url: URL?
            var messageHandlers: [String: MessageHandler] = [:]
            /// Navigation interceptors, each with the lowercased URL prefixes it takes.
            var interceptors: [(prefixes: [String], handler: @Sendable (String) -> Void)] = []
            var dialogHandler: (@Sendable (JavaScriptDialog) -> JavaScriptDialogAnswer)?
            weak var connection: HostConnection?
            /// Messages to handlers with reply whose answer has not gone back yet, the answers sent so far, and who
            /// waits for the pending ones.
            var repliesPending = 0
            var repliesSent = 0
            var replyWaiters: [CheckedContinuation<Void, Never>] = []
            var ended = false
        }

        enum MessageHandler {
            case plain(@Sendable (ScriptMessage) -> Void)
            case reply(@Sendable (ScriptMessage) async throws -> JSONValue?)
        }

        let state = Mutex(State())
        let stream: AsyncStream<WebKitEvent>.Continuation
        let publisher = EventPublisher<WebViewEvent>()

        init(stream: AsyncStream<WebKitEvent>.Continuation) { self.stream = stream }

        /// One event of the host (reader thread), or nil at its end.
        func handle(_ message: JSONObject?) {
            guard let message else {
                stream.finish()
                publisher.finish()
                let waiters = state.withLock { state in
                    state.ended = true
                    defer { state.replyWaiters = [] }
                    return state.replyWaiters
                }
                waiters.forEach { $0.resume() }
                return
            }
            let page = state.withLock { $0.page }
            switch message["event"]?.stringValue {
            case "console":
                let level = message["level"]?.stringValue ?? "log"
                let text = message["text"]?.stringValue ?? ""
                stream.yield(.console(level: level, text: text))
                publisher.emit(WebViewEvent(page: page, kind: .console(ConsoleMessage(
                    level: ConsoleMessage.Level(rawValue: level) ?? .log, text: text))))
            case "uncaughtError":
                let source = message["sourceURL"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
                let line = message["line"]?.intValue.flatMap { $0 > 0 ? $0 : nil }
                let text = message["message"]?.stringValue ?? ""
                stream.yield(.uncaughtError(message: text, sourceURL: source, line: line))
                publisher.emit(WebViewEvent(page: page, kind: .exception(JSException(
                    name: "", message: text, sourceURL: source, line: line))))
            case "webProcessTerminated":
                let reason = message["reason"]?.stringValue ?? "crashed"
                stream.yield(.webProcessTerminated(reason: reason))
                publisher.emit(WebViewEvent(page: page, kind: .custom(kind: "webProcessTerminated",
                                                                      fields: ["reason": .string(reason)])))
            case "loadFailed":
                let url = message["url"]?.stringValue ?? "", text = message["message"]?.stringValue ?? ""
                stream.yield(.loadFailed(url: url, message: text))
                publisher.emit(WebViewEvent(page: page, kind: .custom(kind: "loadFailed", fields: [
                    "url": .string(url), "message": .string(text)])))
            case "load":
                let url = message["url"]?.stringValue ?? ""
                if message["milestone"]?.stringValue == "committed" {
                    let page = state.withLock { state in
                        state.page += 1
                        state.url = URL(string: url)
                        return state.page
                    }
                    publisher.emit(WebViewEvent(page: page, kind: .load(milestone: .start, url: url)))
                } else {
                    publisher.emit(WebViewEvent(page: page, kind: .load(milestone: .load, url: url)))
                }
            case "navigationIntercepted":
                let url = message["url"]?.stringValue ?? ""
                let lowered = url.lowercased()
                for interceptor in state.withLock({ $0.interceptors })
                where interceptor.prefixes.contains(where: { lowered.hasPrefix($0) }) {
                    interceptor.handler(url)
                }
            case "scriptMessage":
                scriptMessage(message, page: page)
            case "dialog":
                dialog(message, page: page)
            default:
                break
            }
        }

        private func scriptMessage(_ message: JSONObject, page: Int) {
            let name = message["name"]?.stringValue ?? ""
            let body = message["body"] ?? .null
            let (handler, connection) = state.withLock { ($0.messageHandlers[name], $0.connection) }
            publisher.emit(WebViewEvent(page: page, kind: .message(name: name, body: body)))
            let script = ScriptMessage(name: name, body: body, page: page,
                                       pageURL: message["url"]?.stringValue.flatMap(URL.init(string:)))
            let reply = message["reply"]
            switch handler {
            case .plain(let handler)?:
                handler(script)
            case .reply(let handler)?:
                state.withLock { $0.repliesPending += 1 }
                Task {
                    var answer: JSONObject = ["op": "reply", "reply": reply ?? .null]
                    do { answer["value"] = try await handler(script) ?? .null } catch { answer["error"] = .string("\(error)") }
                    connection?.post(answer)
                    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                        state.repliesPending -= 1
                        state.repliesSent += 1
                        guard state.repliesPending == 0 else { return [] }
                        defer { state.replyWaiters = [] }
                        return state.replyWaiters
                    }
                    waiters.forEach { $0.resume() }
                }
            case nil:
                if let reply { connection?.post(["op": "reply", "reply": reply, "error": .string("no handler named \(name)")]) }
            }
        }

        private func dialog(_ message: JSONObject, page: Int) {
            let type = DialogType(rawValue: message["type"]?.stringValue ?? "") ?? .confirm
            let text = message["message"]?.stringValue ?? ""
            let defaultText = message["defaultText"]?.stringValue
            let (handler, connection) = state.withLock { ($0.dialogHandler, $0.connection) }
            let answer = handler?(JavaScriptDialog(type: type, message: text, defaultText: defaultText,
                                                   pageURL: message["url"]?.stringValue.flatMap(URL.init(string:))))
                ?? .ok
            var reply: JSONObject = ["op": "dialogAnswer", "dialog": message["dialog"] ?? .null]
            let shown: JSONValue
            switch answer {
            case .ok:
                reply["confirmed"] = true
                if let defaultText { reply["text"] = .string(defaultText) }
                shown = type == .prompt ? .string(defaultText ?? "") : type == .confirm ? true : .null
            case .cancel:
                reply["confirmed"] = false
                shown = type == .confirm ? false : .null
            case .text(let value):
                reply["confirmed"] = true
                reply["text"] = .string(value)
                shown = type == .prompt ? .string(value) : type == .confirm ? true : .null
            }
            publisher.emit(WebViewEvent(page: page, kind: .dialog(type: type, text: text, answer: shown)))
            connection?.post(reply)
        }
    }

    private init(configuration: Configuration, connection: HostConnection, channel: Channel,
                 events: AsyncStream<WebKitEvent>) {
        self.configuration = configuration
        self.connection = connection
        self.channel = channel
        self.events = events
        channel.state.withLock { $0.connection = connection }
    }

    /// Starts a host process with one web view at the device's viewport size, and waits until it is ready.
    /// The device's pixel ratio is the display's scale (GTK's `GDK_SCALE`): `devicePixelRatio` in the page, and
    /// snapshots that many device pixels per CSS pixel. GTK 3 scales displays by whole numbers only, so a device
    /// whose ratio is not a whole number (Pixel 8's 2.625) throws `WebViewEngineUnsupportedError` rather than
    /// showing the page another ratio (see "Not yet" in the module's documentation for what was tried).
    public static func start(_ configuration: Configuration = Configuration()) async throws -> WebKitWebView {
        let ratio = configuration.device.devicePixelRatio
        guard ratio >= 1, ratio <= 16, ratio == ratio.rounded() else {
            throw WebViewEngineUnsupportedError(engine: "webkit", operation: "the device pixel ratio \(ratio) of "
                + "\(configuration.device.name) (GTK scales a display by whole numbers: use a device whose ratio is 1, "
                + "2 or 3)")
        }
        let executable = configuration.hostExecutable
            ?? Bundle.main.bundleURL.appendingPathComponent(hostName)
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw WebKitEngineError(.unavailable, "the WebKit host \(executable.path) is missing (it is built with "
                + "the package, and scripts/install installs it beside hybrid)")
        }
        let device = configuration.device
        let arguments = ["--width", String(device.viewportWidth), "--height", String(device.viewportHeight),
                         "--user-agent", device.userAgent]
        let (events, continuation) = AsyncStream.makeStream(of: WebKitEvent.self,
                                                             bufferingPolicy: .bufferingNewest(eventBufferLimit))
        let channel = Channel(stream: continuation)
        let scale = Int(ratio)
        let connection = try HostConnection(executable: executable, arguments: arguments,
                                            environment: ["GDK_SCALE": String(scale)],
                                            onEvent: { channel.handle($0) })
        try await connection.ready(within: configuration.startTimeout)
        return WebKitWebView(configuration: configuration, connection: connection, channel: channel, events: events)
    }

    /// Loads `url` and waits until the page has loaded: WebKit's load-finished and then the document's `load` event
    /// (WebKit can finish a load before the page's module scripts ran; the headless engine's `load` waits for them
    /// too), or fails with ``WebKitEngineError/Kind/load``.
    public func load(_ url: URL) async throws {
        _ = try await connection.request(["op": "load", "url": .string(url.absoluteString)],
                                         timeout: configuration.loadTimeout, what: "the page \(url.absoluteString)")
    }

    /// Loads `html` as a page whose URL is `baseURL` (`about:blank` when nil) and waits until it has loaded.
    public func loadHTMLString(_ html: String, baseURL: URL?) async throws {
        var request: JSONObject = ["op": "loadHTML", "html": .string(html)]
        if let baseURL { request["baseURL"] = .string(baseURL.absoluteString) }
        _ = try await connection.request(request, timeout: configuration.loadTimeout, what: "the HTML page")
    }

    /// Evaluates `script` in the page's main frame, as WKWebView's `evaluateJavaScript`, and returns its completion
    /// value as JSON (nil for `undefined`). A thrown exception fails with ``WebKitEngineError/Kind/javaScript``.
    public func evaluateJavaScript(_ script: String) async throws -> JSONValue? {
        try await connection.request(["op": "evaluate", "script": .string(script)],
                                     timeout: configuration.scriptTimeout, what: "the script")
    }

    /// The page's URL: the last document committed.
    public var url: URL? { channel.state.withLock { $0.url } }

    /// The visible page as PNG data: the device's viewport size times its pixel ratio.
    public func takeSnapshot() async throws -> Data {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("hybrid-webkit-snapshot-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        _ = try await connection.request(["op": "snapshot", "path": .string(file.path)],
                                         timeout: configuration.loadTimeout, what: "the snapshot")
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw WebKitEngineError(.snapshot, "the snapshot file \(file.path) was not written")
        }
        return data
    }

    /// Terminates the web process, as WebKit's `webkit_web_view_terminate_web_process`: the calls under way fail,
    /// ``events`` reports it, and the next load starts a new web process.
    public func terminateWebProcess() async throws {
        _ = try await connection.request(["op": "terminateWebProcess"], timeout: nil, what: "")
    }

    /// Ends the host (and its web process and private display). Calls under way fail; later calls fail.
    public func close() async {
        await connection.close()
    }
}

extension WebKitWebView: WebViewEngine {
    public var engineName: String { "webkit" }

    public func evaluateJavaScript(_ script: String,
                                   completionHandler: @escaping @Sendable (Result<JSONValue?, any Error>) -> Void) {
        connection.send(["op": "evaluate", "script": .string(script)], timeout: configuration.scriptTimeout,
                        what: "the script") { completionHandler($0.mapError { $0 as any Error }) }
    }

    /// As the headless web view's: `script`'s completion value, awaited when it is a promise (WebKit's
    /// `webkit_web_view_call_async_javascript_function` with `return await (0, eval)(script)`).
    public func callAsyncJavaScript(_ script: String,
                                    completionHandler: @escaping @Sendable (Result<JSONValue?, any Error>) -> Void) {
        connection.send(["op": "callAsync", "body": .string("return await (0, eval)(\(JSONValue.string(script).jsonString));")],
                        timeout: configuration.scriptTimeout, what: "the script") {
            completionHandler($0.mapError { $0 as any Error })
        }
    }

    /// How many answers of message handlers with reply have gone back to the page so far.
    public var repliesSent: Int { channel.state.withLock { $0.repliesSent } }

    /// Waits until every message the page posted to a handler with reply (and that reached Swift) has its answer
    /// sent back to the page, or the view has closed. What the page does with an answer comes after.
    public func repliesAnswered() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = channel.state.withLock { state in
                if state.repliesPending == 0 || state.ended { return true }
                state.replyWaiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    public func addScriptMessageHandler(name: String, _ handler: @escaping @Sendable (ScriptMessage) -> Void)
        async throws {
        try await addMessageHandler(name, .plain(handler), reply: false)
    }

    public func addScriptMessageHandlerWithReply(
        name: String, _ handler: @escaping @Sendable (ScriptMessage) async throws -> JSONValue?
    ) async throws {
        try await addMessageHandler(name, .reply(handler), reply: true)
    }

    private func addMessageHandler(_ name: String, _ handler: Channel.MessageHandler, reply: Bool) async throws {
        // WebKit registers a name once; a second handler of the same name replaces the first's Swift side.
        let known = channel.state.withLock { state in
            defer { state.messageHandlers[name] = handler }
            return state.messageHandlers[name] != nil
        }
        if known { return }
        _ = try await connection.request(["op": "addMessageHandler", "name": .string(name), "reply": .bool(reply)],
                                         timeout: nil, what: "")
    }

    /// Adds a user script for the documents loaded from now on (WebKit's user content manager).
    public func addUserScript(_ script: UserScript, forMainFrameOnly: Bool) async throws {
        let source = script.source + "\n//# sourceURL=" + script.sourceURL
        _ = try await connection.request(["op": "addUserScript", "source": .string(source),
                                          "atDocumentEnd": .bool(script.injectionTime == .atDocumentEnd),
                                          "allFrames": .bool(!forMainFrameOnly)], timeout: nil, what: "")
    }

    public func setDialogHandler(_ handler: (@Sendable (JavaScriptDialog) -> JavaScriptDialogAnswer)?) async throws {
        channel.state.withLock { $0.dialogHandler = handler }
    }

    public func interceptNavigations(toURLsStartingWith prefixes: [String],
                                     _ handler: @escaping @Sendable (String) -> Void) async throws {
        let all = channel.state.withLock { state in
            state.interceptors.append((prefixes.map { $0.lowercased() }, handler))
            return state.interceptors.flatMap(\.prefixes)
        }
        _ = try await connection.request(["op": "intercept", "prefixes": .array(all.map { .string($0) })],
                                         timeout: nil, what: "")
    }

    public func observeEvents(_ observer: @escaping @Sendable (WebViewEvent) -> Void) -> EventObservation {
        channel.publisher.observe(observer)
    }
}

// MARK: Cookies

extension WebKitWebView {
    /// Stores the cookie with WebKit's cookie manager (`webkit_cookie_manager_add_cookie`, the cookie parsed by
    /// libsoup's `soup_cookie_parse` against `url`): HttpOnly cookies reach the requests, not `document.cookie`.
    public func setCookie(fromHeader header: String, for url: URL) async throws {
        do {
            _ = try await connection.request(["op": "setCookie", "header": .string(header),
                                              "url": .string(url.absoluteString)],
                                             timeout: configuration.scriptTimeout, what: "setting a cookie")
        } catch let error as WebKitEngineError where error.message.hasPrefix("invalid cookie") {
            throw InvalidCookieError(header: header, url: url.absoluteString)
        }
    }

    /// The cookies WebKit's cookie manager sends to `url` (`webkit_cookie_manager_get_cookies`), HttpOnly ones too.
    public func cookieHeader(for url: URL) async throws -> String? {
        do {
            return try await connection.request(["op": "cookies", "url": .string(url.absoluteString)],
                                                timeout: configuration.scriptTimeout, what: "reading the cookies")?
                .stringValue
        } catch let error as WebKitEngineError where error.message.hasPrefix("invalid cookie") {
            return nil  // not an http or https URL: no cookies, as on the headless engine
        }
    }
}
