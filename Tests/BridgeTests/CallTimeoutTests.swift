@testable import Bridge
import Dispatch
import JavaScript
import Testing

/// A call's timeout lives exactly as long as the call: answered, failed or cancelled calls
/// release their timers at once instead of when the timeout would have expired.
@Suite struct CallTimeoutTests {
    @Test func answeredCallsReleaseTheirTimers() async throws {
        let page = ContextPage()
        try await page.load(setupScript("""
            bridge.registerHandler('id', function (d) { return d; });
            bridge.registerHandler('fails', function () { throw new Error('no'); });
            """))
        await page.idle()
        for i in 0..<200 {
            #expect(try await page.bridge.call("id", .number(Double(i)), timeout: .seconds(3600)) == .number(Double(i)))
        }
        await #expect(throws: BridgeError.self) { try await page.bridge.call("fails", timeout: .seconds(3600)) }
        await #expect(throws: BridgeError.self) { try await page.bridge.call("ghost", timeout: .seconds(3600)) }
        let answers = Recorder<Result<JSONValue?, BridgeError>>()
        for i in 0..<200 { page.bridge.call("id", .number(Double(i)), timeout: .seconds(3600)) { answers.append($0) } }
        await page.idle()
        #expect(answers.all.count == 200)
        #expect(page.bridge.core.armedTimeouts == 0)
    }

    @Test func aWaitingCallHoldsItsTimerUntilCancelledOrTheBridgeResets() async throws {
        let page = ContextPage()
        try await page.load(setupScript("bridge.registerHandler('silent', function () {});"))
        await page.idle()
        let cancelled = Task { try await page.bridge.call("silent", timeout: .seconds(3600)) }
        await waitForATimer(page)
        #expect(page.bridge.core.armedTimeouts == 1)
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        #expect(page.bridge.core.armedTimeouts == 0)

        // The completion form arms its timer before it returns.
        let outcome = Recorder<Result<JSONValue?, BridgeError>>()
        page.bridge.call("silent", timeout: .seconds(3600)) { outcome.append($0) }
        #expect(page.bridge.core.armedTimeouts == 1)
        page.bridge.reset()
        #expect(outcome.all.map { if case .failure(let error) = $0 { error.code } else { "answered" } } == [BridgeError.pageGone])
        #expect(page.bridge.core.armedTimeouts == 0)
    }

    /// Waits until the pending call holds its timer.
    private func waitForATimer(_ page: ContextPage) async {
        while page.bridge.core.state.withLock({ $0.pending.values.first?.timeout == nil }) { await Task.yield() }
    }

    @Test func anExpiredTimerFailsTheCallAndIsReleased() async throws {
        let page = ContextPage()
        try await page.load(setupScript("bridge.registerHandler('silent', function () {});"))
        await page.idle()
        await #expect {
            try await page.bridge.call("silent", timeout: .milliseconds(10))
        } throws: { error in
            (error as? BridgeError)?.code == BridgeError.timeout
        }
        #expect(page.bridge.core.armedTimeouts == 0)
        #expect(page.bridge.core.state.withLock { $0.pending.isEmpty })
    }

    @Test func timeoutsPastWhatTheClockCountsNeverFireAndNegativeOnesFireAtOnce() {
        #expect(CallTimeout.deadline(after: .seconds(Int64.max)) == .distantFuture)
        #expect(CallTimeout.deadline(after: .seconds(200 * 365 * 86_400)) == .distantFuture)
        #expect(CallTimeout.deadline(after: .seconds(3600)) < .distantFuture)
        #expect(CallTimeout.deadline(after: .nanoseconds(-1)) <= .now())
    }

    @Test func aPageCallRejectedBeforeSendingClearsItsTimer() async throws {
        let page = ContextPage()
        try await page.load(setupScript(""))
        await page.idle()
        // A cycle cannot be sent: the call is rejected while the queue is read, long before its timeout.
        try await page.eval("""
            var cyclic = {}; cyclic.self = cyclic;
            WebViewJavascriptBridge.call('x', cyclic, {timeout: 3600000}).catch(function (e) { globalThis.rejected = e.name; });
            WebViewJavascriptBridge._fetchQueue();
            """)
        let left = await page.runtime.perform { $0.pendingTimerCount }
        try #require(left == 0)
        await page.idle()
        #expect(try await page.eval("rejected") == "TypeError")
    }
}
