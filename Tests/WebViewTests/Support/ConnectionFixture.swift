import FixtureServer
import Foundation
import JavaScript
import TestSupport
@testable import WebView

/// A fixture server with an empty page (`/index.html`) and the routes a test adds, and a fresh web view on that page:
/// what the WebSocket and EventSource tests run against. ``finish()`` closes the web view and stops the server.
final class ConnectionFixture: Sendable {
    let server: FixtureServer
    let webView: HeadlessWebView
    let log: EventLog
    /// `http://127.0.0.1:PORT/`.
    let base: String
    private let folder: URL

    /// Starts the server with `routes` added, and loads the page.
    init(mocks: [String: String] = [:], routes: (FixtureServer) throws -> Void = { _ in }) async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("connections-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("<!DOCTYPE html><title>connections</title>".utf8).write(to: folder.appendingPathComponent("index.html"))
        server = FixtureServer(root: folder.path)
        if !mocks.isEmpty {
            let mockFolder = folder.appendingPathComponent("mocks")
            for (path, contents) in mocks {
                let file = mockFolder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(contents.utf8).write(to: file)
            }
            server.options.apiMocks = mockFolder.path
        }
        try routes(server)
        base = try await server.start()
        (webView, log) = makeWebView()
        try await webView.load(URL(string: base + "index.html")!)
    }

    /// `ws://127.0.0.1:PORT/` + `path`.
    func ws(_ path: String) -> String {
        "ws" + base.dropFirst(4) + path
    }

    func finish() async {
        await webView.close()
        await server.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Waits until the server has at most `count` open connections (the page's own HTTP connection counts while
    /// it is open); false when that never happens within the generous limit.
    func waitForServerConnections(atMost count: Int) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + .generous
        while clock.now < deadline {
            if await server.openConnectionCount() <= count { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return false
    }
}
