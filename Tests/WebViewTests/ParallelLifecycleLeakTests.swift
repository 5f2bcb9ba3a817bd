import Foundation
import JavaScript
import Testing
import TestSupport
@testable import WebView

/// Web views made, loaded and closed in parallel, each on its own runtime, must release their runtimes: every
/// runtime's thread exits once nothing references the runtime.
///
/// Regression: the runtime thread kept its last batch of queued work (and what the closures captured) while it waited
/// for its next event. The web view's `deinit` queues its close, which holds the web view's state and through it the
/// runtime, so once nothing else woke the thread, the runtime, its JavaScript machine and its thread stayed alive for
/// good (all 20 here, and about 1,100 threads at the peak of a full test run).
@Suite struct ParallelLifecycleLeakTests {
    static let count = 20

    @Test(arguments: [true, false])
    func webViewsMadeAndClosedReleaseTheirRuntimes(inParallel: Bool) async throws {
        let fixture = try PageFixture(["page.html": """
            <html><body><p id="x">hi</p><script>setTimeout(function () {}, 10)</script></body></html>
            """])
        let url = fixture.url("page.html")
        @Sendable func cycle() async throws -> (WeakRuntime, EventLoopThread) {
            let runtime = JavaScriptRuntime()
            let webView = HeadlessWebView(runtime: runtime)
            try await webView.load(url)
            await webView.close()
            await runtime.shutdown()
            return (WeakRuntime(runtime), runtime.loop)
        }
        var cycles: [(WeakRuntime, EventLoopThread)] = []
        if inParallel {
            cycles = try await withThrowingTaskGroup { group in
                for _ in 0..<Self.count { group.addTask { try await cycle() } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        } else {
            for _ in 0..<Self.count { cycles.append(try await cycle()) }
        }
        var live = 0
        for (runtime, loop) in cycles {
            // The thread exits when the runtime goes (it owns its loop); holding the loop does not keep it running.
            let exited = await loop.exited()
            if !exited || runtime.value != nil { live += 1 }
        }
        #expect(live == 0, "\(live) of \(Self.count) runtimes outlived their web views")
    }
}

/// A weak reference to a runtime, to see whether it is gone.
final class WeakRuntime: @unchecked Sendable {
    // @unchecked: set once in init, read after the runtime's thread has exited.
    weak var value: JavaScriptRuntime?
    init(_ value: JavaScriptRuntime) { self.value = value }
}

extension EventLoopThread {
    /// True once the thread has exited; false only if it is still running after a generous limit (a leak). Waits on a
    /// Dispatch thread, not the cooperative pool.
    func exited() async -> Bool {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: self.waitUntilExited(timeout: .generous)) }
        }
    }
}
