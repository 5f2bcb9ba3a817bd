import Foundation
import JavaScript

/// Canned native handlers, read from a mock file (`hybrid run --mock FILE`, or a page's sidecar
/// `NAME.mock.json`):
///
/// ```json
/// {"scanClick": {"response": "www.example.com"},
///  "payClick": {"error": {"code": "denied", "message": "no money"}},
///  "slow": {"response": 1, "delayMs": 200},
///  "echo": {"echo": true}}
/// ```
/// `{}` answers `null`. `response` with `error` (or with `echo`) is an input error.
public struct MockHandlers: Sendable, Equatable {
    /// One handler's canned behaviour.
    public struct Mock: Sendable, Hashable {
        /// The answer; nil answers `null`.
        public var response: JSONValue?
        /// An error answer instead of data.
        public var error: BridgeError?
        /// Wait this long before answering.
        public var delay: Duration?
        /// Answer the request's data unchanged.
        public var echo: Bool

        public init(response: JSONValue? = nil, error: BridgeError? = nil, delay: Duration? = nil, echo: Bool = false) {
            self.response = response
            self.error = error
            self.delay = delay
            self.echo = echo
        }
    }

    /// The mocks by handler name.
    public private(set) var mocks: [String: Mock]

    public init(_ mocks: [String: Mock] = [:]) {
        self.mocks = mocks
    }

    /// The mocked handler names, sorted.
    public var names: [String] { mocks.keys.sorted() }

    /// These mocks with `overrides` replacing them handler by handler (`--mock` over the sidecar).
    public func overriding(with overrides: MockHandlers) -> MockHandlers {
        MockHandlers(mocks.merging(overrides.mocks) { _, new in new })
    }

    /// The sidecar mock file of a page: `seed.html` → `seed.mock.json` in the same folder.
    public static func sidecarURL(forPage page: URL) -> URL {
        page.deletingPathExtension().appendingPathExtension("mock.json")
    }

    /// Reads a mock file. Throws ``MockFileError`` with the file name and, for bad JSON, the position.
    public init(contentsOf url: URL) throws(MockFileError) {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw MockFileError(file: url.path, message: "cannot read the mock file: \(error.localizedDescription)")
        }
        do {
            try self.init(parsing: text)
        } catch var error {
            error.file = url.path
            throw error
        }
    }

    /// Installs every mock into `bridge` as a native handler (replacing handlers of the same name).
    public func install(into bridge: WebViewJavascriptBridge) {
        let runtime = bridge.runtime
        for (name, mock) in mocks {
            bridge.handle(name) { request, responder in
                let answer: @Sendable () -> Void = {
                    if let error = mock.error {
                        responder.fail(error)
                    } else if mock.echo {
                        responder.respond(payload: request.payload)
                    } else {
                        responder.respond(mock.response)
                    }
                }
                guard let delay = mock.delay, delay > .zero else { return answer() }
                let token = runtime.beginWork()
                Task {
                    try? await Task.sleep(for: delay)
                    answer()
                    token.end()
                }
            }
            // A mock without a delay answers at once: it can answer a synchronous call (DSBridge).
            bridge.markSynchronous(name, (mock.delay ?? .zero) <= .zero)
        }
    }
}
