import Foundation
import WebView

extension TestPage {
    /// The page's network as a test sees it: mocks answering its `fetch` and `XMLHttpRequest` requests (and any other
    /// it makes), a HAR replayed, and the requests it made. What `network.mock` and `network.requests()` are in a
    /// JavaScript test.
    ///
    /// ```swift
    /// page.network.mock("/api/items", .json(["Tea", "Cake"]))
    /// page.network.mock("/api/search*") { request in .json([.string(request.url.query ?? "")]) }
    /// try await page.click("#load")
    /// #expect(page.network.requests.map(\.url.path) == ["/api/items"])
    /// ```
    ///
    /// Once the page has a mock, a request that no mock matches fails as a network error in the page, and the page's
    /// next step throws ``UnmatchedRequestError`` naming it; a `GET` of one of the page's own files (its scripts,
    /// styles and images, served from its folder) still loads.
    public struct Network: Sendable {
        let page: TestPage

        /// Answers the requests whose URL matches `pattern` with `response`, from now on. The pattern is the whole URL
        /// or its path with the query (`/api/items`, `https://api.example.com/v1/*`): `*` matches any characters.
        /// The newest mock that matches answers.
        public func mock(_ pattern: String, _ response: NetworkMock) {
            page.fakes.network.add(.init(pattern: pattern, answer: { _ in response }))
        }

        /// Answers the requests whose URL matches `pattern` with what `answer` returns for each (it runs on the page's
        /// runtime thread and may suspend); an error it throws fails the request.
        public func mock(_ pattern: String, answer: @escaping @Sendable (WebRequest) async throws -> NetworkMock) {
            page.fakes.network.add(.init(pattern: pattern, answer: answer))
        }

        /// Answers the page's requests from a HAR file's recorded responses (see ``HARReplay``), after the mocks; a
        /// request the HAR does not have fails, except to the page's own server.
        public func replay(_ har: HARReplay) {
            page.fakes.network.replay(har)
        }

        /// Every request the page made, in order (those the mocks answered too).
        public var requests: [WebRequest] { page.fakes.network.requests }
    }

    /// The page's network mocks and requests.
    public var network: Network { Network(page: self) }
}
