import Foundation
import Glibc
import HybridJSON
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
    /// The page's console messages, uncaught errors and web process terminations, in order. Ends when the view
    /// closes or its host ends.
    public let events: AsyncStream<WebKitEvent>

    private let connection: HostConnection

    private init(configuration: Configuration, connection: HostConnection, events: AsyncStream<WebKitEvent>) {
        self.configuration = configuration
        self.connection = connection
        self.events = events
    }

    /// Starts a host process with one web view at the device's viewport size, and waits until it is ready.
    public static func start(_ configuration: Configuration = Configuration()) async throws -> WebKitWebView {
        let executable = configuration.hostExecutable
            ?? Bundle.main.bundleURL.appendingPathComponent(hostName)
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw WebKitEngineError(.unavailable, "the WebKit host \(executable.path) is missing (it is built with "
                + "the package, and scripts/install installs it beside hybrid)")
        }
        let device = configuration.device
        let arguments = ["--width", String(device.viewportWidth), "--height", String(device.viewportHeight),
                         "--user-agent", device.userAgent]
        let (events, continuation) = AsyncStream.makeStream(of: WebKitEvent.self)
        let connection = try HostConnection(executable: executable, arguments: arguments, events: continuation)
        try await connection.ready(within: configuration.startTimeout)
        return WebKitWebView(configuration: configuration, connection: connection, events: events)
    }

    /// Loads `url` and waits until the page has loaded (WebKit's load-finished), or fails with
    /// ``WebKitEngineError/Kind/load``.
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

    /// The visible page as PNG data, the device's viewport size in CSS pixels.
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
