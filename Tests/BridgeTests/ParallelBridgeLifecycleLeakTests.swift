@testable import Bridge
import Foundation
import JavaScript
import Testing
import TestSupport
import WebView

/// Bridged web views made, used and closed in parallel, each on its own runtime, must release their runtimes (the
/// Bridge variant of WebViewTests' `ParallelLifecycleLeakTests`): every runtime's thread exits once nothing
/// references the runtime. Before the runtime thread released its finished work before waiting, most of them leaked.
@Suite struct ParallelBridgeLifecycleLeakTests {
    @Test func bridgedWebViewsMadeAndClosedInParallelReleaseTheirRuntimes() async throws {
        let count = 20
        let html = """
            <html><body><script>\(bridgeSetupFunction)
            setupWebViewJavascriptBridge(function (bridge) { bridge.callHandler('echo', {n: 1}, function () {}) })
            </script></body></html>
            """
        @Sendable func cycle() async throws -> (WeakBridgeRuntime, EventLoopThread) {
            let runtime = JavaScriptRuntime()
            let webView = HeadlessWebView(runtime: runtime)
            let bridge = await WebViewJavascriptBridge(for: webView)
            bridge.registerHandler("echo") { data, respond in respond(data) }
            try await webView.loadHTMLString(html, baseURL: nil)
            _ = await webView.runUntilIdle(timeout: .generous)
            await webView.close()
            await runtime.shutdown()
            return (WeakBridgeRuntime(runtime), runtime.loop)
        }
        let cycles = try await withThrowingTaskGroup { group in
            for _ in 0..<count { group.addTask { try await cycle() } }
            return try await group.reduce(into: [(WeakBridgeRuntime, EventLoopThread)]()) { $0.append($1) }
        }
        var live = 0
        for (runtime, loop) in cycles {
            // The runtime owns its loop and stops it when it goes; holding the loop does not keep the thread running.
            let exited = await withCheckedContinuation { continuation in
                DispatchQueue.global().async { continuation.resume(returning: loop.waitUntilExited(timeout: .generous)) }
            }
            if !exited || runtime.value != nil { live += 1 }
        }
        #expect(live == 0, "\(live) of \(count) runtimes outlived their bridged web views")
    }
}

/// A weak reference to a runtime, to see whether it is gone.
final class WeakBridgeRuntime: @unchecked Sendable {
    // @unchecked: set once in init, read after the runtime's thread has exited.
    weak var value: JavaScriptRuntime?
    init(_ value: JavaScriptRuntime) { self.value = value }
}
