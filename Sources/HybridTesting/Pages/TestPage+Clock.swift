import Foundation
import JavaScript
import Synchronization

extension TestPage {
    /// The page's virtual clock, held by the test: what `clock` is in a JavaScript test. Installed, time stands still
    /// and moves only through ``tick(_:)``, ``next()`` and ``runAll(limit:)``, and `setTimeout`, `setInterval`,
    /// `requestAnimationFrame`, `Date` and `performance.now()` all follow it.
    ///
    /// ```swift
    /// var setup = TestPage.Setup()
    /// setup.installClock(at: Date(timeIntervalSince1970: 1_767_225_600))
    /// let page = try await TestPage.open(url, setup: setup)
    /// try await page.clock.tick(.seconds(10 * 60))   // the 10-minute session timeout fires now
    /// #expect(try await page.text("#status") == "expired")
    /// ```
    ///
    /// The page must run on the virtual clock: install the clock before it opens (``Setup/installClock(at:)``), or
    /// open it with `TestRunOptions.virtualTime`. While the clock is installed the page's timers wait for it, so
    /// ``TestPage/waitForIdle(timeout:)`` and ``TestPage/waitFor(_:timeout:)`` do not move them: tick instead.
    public struct Clock: Sendable {
        let page: TestPage

        /// Holds the clock: from now on time moves only when the test moves it; with `date`, `Date.now()` says it.
        /// Throws ``TestPageError`` when the page runs on the real clock.
        public func install(at date: Date? = nil) async throws {
            guard page.webView.runtime.configuration.clock.isVirtual else {
                throw TestPageError(message: "clock.install(): the page runs on the real clock; install the clock before it opens (TestPage.Setup.installClock) or open it with TestRunOptions.virtualTime")
            }
            await Self.control(page, "hold", true)
            page.fakes.clockHeld.store(true, ordering: .relaxed)
            if let date { try await setSystemTime(date) }
        }

        /// Lets time move on its own again (the page's timers fire as they would on a virtual clock left alone).
        public func uninstall() async {
            guard page.fakes.clockHeld.exchange(false, ordering: .relaxed) else { return }
            await Self.control(page, "hold", false)
        }

        /// Moves time forward by `duration`, firing every timer and animation frame that falls due, in order, and
        /// returns once the page has handled what they started (bridge answers, mocked responses, DOM updates).
        public func tick(_ duration: Duration) async throws {
            try held("tick")
            guard duration >= .zero else { throw TestPageError(message: "clock.tick(): needs a duration of zero or more, got \(duration)") }
            await page.webView.runtime.advance(by: duration)
            try await page.settle()
        }

        /// Jumps to the next timer or animation frame and fires it; false when none is pending.
        @discardableResult
        public func next() async throws -> Bool {
            try held("next")
            let fired = await page.webView.runtime.fireNextTimer()
            try await page.settle()
            return fired
        }

        /// Fires every pending timer, the ones they set too, until none is left; returns how many fired. Throws
        /// ``TestPageError`` after `limit` of them (an interval, or a timer that always sets another, never ends).
        @discardableResult
        public func runAll(limit: Int = 1000) async throws -> Int {
            try held("runAll")
            var fired = 0
            while await page.webView.runtime.fireNextTimer() {
                try await page.settle()
                fired += 1
                if fired >= limit {
                    throw TestPageError(message: "clock.runAll(): aborted after \(limit) timers (an interval, or a timer that sets another?)")
                }
            }
            try await page.settle()
            return fired
        }

        /// Sets what `Date.now()` and `new Date()` say, without firing any timer (`performance.now()` does not jump).
        public func setSystemTime(_ date: Date) async throws {
            try held("setSystemTime")
            await Self.control(page, "setSystemTime", date.timeIntervalSince1970 * 1000)
        }

        private func held(_ method: String) throws {
            guard page.fakes.clockHeld.load(ordering: .relaxed) else {
                throw TestPageError(message: "clock.\(method)(): needs clock.install() first")
            }
        }

        /// Calls the runtime's hold on its virtual clock, the functions the JavaScript test API's `clock` calls.
        static func control(_ page: TestPage, _ name: String, _ argument: some JSValueConvertible & Sendable) async {
            await page.webView.runtime.perform { runtime in
                _ = try? runtime.context.virtualClockFunctions()?.invokeMethod(name, arguments: [argument])
            }
        }
    }

    /// The page's clock.
    public var clock: Clock { Clock(page: self) }
}

extension TestPage {
    /// `waitFor` while the test holds the clock: no timer can fire, so the element is there once the page has settled
    /// or it never comes.
    func waitForOnHeldClock(_ selector: String) async throws {
        try await settle()
        guard try await webView.count(of: selector) > 0 else {
            throw TestPageError(message: "waitFor('\(selector)'): no element matches '\(selector)', and the clock is installed (time stands still: tick it)")
        }
    }
}
