import Foundation
import JavaScript
import WebView

extension TestPage {
    /// What a page has before its first script runs: native mocks, network mocks, a HAR replayed and the clock
    /// installed, for ``TestPage/open(_:options:setup:configure:)``. Each is what the page's own API does once it is
    /// open (``TestPage/mock(_:_:)``, ``TestPage/network``, ``TestPage/clock``); here it already answers a call or a
    /// request that the page's first inline script makes.
    ///
    /// ```swift
    /// var setup = TestPage.Setup()
    /// setup.mock("getUser", .response(["name": "Ann"]))
    /// setup.mockNetwork("/api/items", .json(["Tea"]))
    /// setup.installClock(at: Date(timeIntervalSince1970: 1_767_225_600))
    /// let page = try await TestPage.open(url, setup: setup)
    /// ```
    public struct Setup: Sendable {
        /// Set by ``installClock(at:)``: the virtual clock's start (nil: its default).
        private(set) var clock: Date??
        private var steps: [@Sendable (TestPage) -> Void] = []

        public init() {}

        /// Answers the page's calls to `handler` with `mock` (see ``TestPage/mock(_:_:)``).
        public mutating func mock(_ handler: String, _ mock: NativeMock) {
            steps.append { $0.mock(handler, mock) }
        }

        /// Answers each call to `handler` with what `answer` returns (see ``TestPage/mock(_:answer:)``).
        public mutating func mock(_ handler: String, answer: @escaping @Sendable (JSONValue) async throws -> JSONValue) {
            steps.append { $0.mock(handler, answer: answer) }
        }

        /// Answers the requests matching `pattern` with `response` (see ``TestPage/Network/mock(_:_:)``).
        public mutating func mockNetwork(_ pattern: String, _ response: NetworkMock) {
            steps.append { $0.network.mock(pattern, response) }
        }

        /// Answers the requests matching `pattern` with what `answer` returns (see ``TestPage/Network/mock(_:answer:)``).
        public mutating func mockNetwork(_ pattern: String, answer: @escaping @Sendable (WebRequest) async throws -> NetworkMock) {
            steps.append { $0.network.mock(pattern, answer: answer) }
        }

        /// Answers the page's requests from `har` (see ``TestPage/Network/replay(_:)``).
        public mutating func replayHAR(_ har: HARReplay) {
            steps.append { $0.network.replay(har) }
        }

        /// Runs the page on the virtual clock, installed (see ``TestPage/Clock``): its first script already sees
        /// `date` (the clock's default start, 2024-01-01, when nil) and its timers wait for the test to move time.
        public mutating func installClock(at date: Date? = nil) {
            clock = .some(date)
        }

        /// The clock the page's runtime runs on.
        func runtimeClock(_ options: TestRunOptions) -> RuntimeClock {
            if let start = clock { return .virtual(start: start ?? RuntimeClock.defaultVirtualStart) }
            return options.virtualTime ? .virtual() : .real
        }

        /// Before the page loads: its network hook, the clock held, the mocks.
        func apply(to page: TestPage) async {
            await page.webView.addDocumentObserver(PageNetworkHook(network: page.fakes.network, runtime: page.webView.runtime))
            if clock != nil {
                await Clock.control(page, "hold", true)
                page.fakes.clockHeld.store(true, ordering: .relaxed)
            }
            for step in steps { step(page) }
        }
    }

    /// Lets the work the last step started run (see `PageVerbs.settle`), then throws the request no network mock
    /// matched meanwhile, if any.
    func settle() async throws(UnmatchedRequestError) {
        await PageVerbs.settle(webView)
        try fakes.network.throwUnmatched()
    }
}
