import Foundation
import JavaScript
import Testing
import WebView
@testable import FixtureServer

/// Loads `url` with a `WebSession` made on `loop`, the thread the server runs on too.
private func load(_ url: String, on loop: EventLoopThread) async -> String {
    await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
        loop.execute {
            let session = WebSession(mainContext: loop.mainContext)
            // The load lives as long as its Cancellable and the session: keep both until it completes.
            var pending: Cancellable?
            pending = session.load(URL(string: url)!) { result in
                switch result {
                case .success(let resource): continuation.resume(returning: "\(resource.status) \(resource.text)")
                case .failure(let error): continuation.resume(returning: "error \(error)")
                }
                withExtendedLifetime((session, pending)) {}
                pending = nil
            }
        }
    }
}

@Suite("A client on the server's own thread")
struct SameThreadClientTests {
    @Test("a web session on the runtime's thread loads a page and a mock API from a server on that thread")
    func webSessionOnTheSameLoop() async throws {
        let folder = try FixtureFolder()
        try folder.write("index.html", "<h1>same thread</h1>")
        let runtime = JavaScriptRuntime()
        let server = FixtureServer(root: folder.path, runtime: runtime)
        try server.route("GET", "/api/user/:id") { request in .json(["id": .string(request.parameters["id"] ?? "")]) }
        let base = try await server.start()
        #expect(await load(base + "index.html", on: runtime.loop) == "200 <h1>same thread</h1>")
        #expect(await load(base + "api/user/7", on: runtime.loop) == #"200 {"id":"7"}"#)
        #expect(await load(base + "missing", on: runtime.loop) == "404 404 Not Found\n")
        await server.stop()
        await runtime.shutdown()
    }
}

@Suite("A web view and its server on one thread")
struct SameThreadWebViewTests {
    /// A page's script holds the thread past the server's idle timeout, then the page asks for its next script on the
    /// kept-alive connection: the server's idle timer, overdue, must not close the connection under the request that
    /// has arrived, and the client must not lose the request (libsoup's own client idle timer, overdue the same way,
    /// did: `NetworkSessionTests.keptAliveConnectionsHaveNoClientIdleTimer`).
    @Test("a script that holds the thread past the idle timeout does not lose the page's next request")
    func lateIdleTimerDoesNotDropAnArrivedRequest() async throws {
        let folder = try FixtureFolder()
        try folder.write("index.html", """
            <script>var start = Date.now(); while (Date.now() - start < 2500) {}</script>
            <script src="lib.js" onload="window.libLoaded = true"></script>
            """)
        try folder.write("lib.js", "window.fromLib = 42;")
        let runtime = JavaScriptRuntime()
        var options = FixtureServer.Options()
        options.limits.idleTimeoutSeconds = 1
        let server = FixtureServer(root: folder.path, runtime: runtime)
        server.options = options
        let base = try await server.start()
        let webView = HeadlessWebView(runtime: runtime)
        try await webView.load(URL(string: base + "index.html")!)
        #expect(try await webView.evaluateJavaScript("window.fromLib") == 42)
        await webView.close()
        await server.stop()
        await runtime.shutdown()
    }
}
