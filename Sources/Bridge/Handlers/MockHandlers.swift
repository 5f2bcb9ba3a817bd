import Foundation
import JavaScript
import Synchronization

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
///
/// A handler's mock may also be a list of such mocks, each optionally with `when`, to answer differently per call:
///
/// ```json
/// {"pay": [{"when": {"amount": 0}, "error": {"code": "invalid", "message": "nothing to pay"}},
///          {"response": {"paid": true}},
///          {"error": {"code": "declined", "message": "card declined"}}]}
/// ```
/// An entry with `when` answers every call whose data matches it (the first such entry wins): an object matches data
/// that has each of its keys with a matching value (other keys are ignored), anything else matches an equal value.
/// The calls no `when` matches are answered by the entries without `when` in order, one call each, and the last of
/// them answers every call after that (Jest's `mockReturnValueOnce` chain ending in a `mockReturnValue`). A call
/// nothing answers (every entry has a `when`, and none matches) fails with `mock_unmatched`.
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
        /// In a list of mocks, answer only calls whose data matches this (see ``MockHandlers``); nil: any call, in turn.
        public var when: JSONValue?

        public init(response: JSONValue? = nil, error: BridgeError? = nil, delay: Duration? = nil, echo: Bool = false,
                    when: JSONValue? = nil) {
            self.response = response
            self.error = error
            self.delay = delay
            self.echo = echo
            self.when = when
        }
    }

    /// Every handler's mocks, in the file's order: one for a handler mocked by an object, the entries of a list.
    public private(set) var lists: [String: [Mock]]

    /// The handlers mocked by a single answer (an object in the file), by name.
    public var mocks: [String: Mock] {
        lists.compactMapValues { $0.count == 1 && $0[0].when == nil ? $0[0] : nil }
    }

    public init(_ mocks: [String: Mock] = [:]) {
        lists = mocks.mapValues { [$0] }
    }

    /// Mocks answering from lists (see ``MockHandlers``).
    public init(lists: [String: [Mock]]) {
        self.lists = lists
    }

    /// The mocked handler names, sorted.
    public var names: [String] { lists.keys.sorted() }

    /// These mocks with `overrides` replacing them handler by handler (`--mock` over the sidecar).
    public func overriding(with overrides: MockHandlers) -> MockHandlers {
        MockHandlers(lists: lists.merging(overrides.lists) { _, new in new })
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
        for (name, list) in lists {
            let turn = MockTurn(name: name, list: list)
            bridge.handle(name) { request, responder in
                turn.answer(request.data, runtime: runtime, warn: { bridge.core.warn($0) }) { result in
                    switch result {
                    case .success(nil): responder.respond(payload: request.payload)
                    case .success(let value?): responder.respond(value)
                    case .failure(let error): responder.fail(error)
                    }
                }
            }
            // A mock without a delay answers at once: it can answer a synchronous call (DSBridge).
            bridge.markSynchronous(name, list.allSatisfy { ($0.delay ?? .zero) <= .zero })
        }
    }

    /// Whether a call's data matches a mock's `when`: an object matches data with each of its keys matching (other
    /// keys ignored); anything else matches an equal value.
    static func matches(_ pattern: JSONValue, _ data: JSONValue?) -> Bool {
        guard case .object(let wanted) = pattern else { return pattern == (data ?? .null) }
        guard case .object(let fields)? = data else { return false }
        return wanted.allSatisfy { key, value in fields[key].map { matches(value, $0) } ?? false }
    }
}

/// Which entry of a handler's mock list answers the next call: the first whose `when` matches, else the entries
/// without `when` in turn, the last repeating.
final class MockTurn: Sendable {
    let name: String
    let list: [MockHandlers.Mock]
    private let used = Mutex(0)

    init(name: String, list: [MockHandlers.Mock]) {
        self.name = name
        self.list = list
    }

    func next(for data: JSONValue?) -> MockHandlers.Mock? {
        if let matched = list.first(where: { $0.when.map { MockHandlers.matches($0, data) } ?? false }) { return matched }
        let sequence = list.filter { $0.when == nil }
        guard !sequence.isEmpty else { return nil }
        return used.withLock { used in
            defer { used += 1 }
            return sequence[min(used, sequence.count - 1)]
        }
    }

    /// Answers a call with `data` through `done`, after the entry's delay: `.success(nil)` echoes the data back
    /// unchanged (`echo`), `.success(value)` answers `value`, `.failure` is an error answer.
    func answer(_ data: JSONValue?, runtime: JavaScriptRuntime, warn: @Sendable (String) -> Void,
                _ done: @escaping @Sendable (Result<JSONValue?, BridgeError>) -> Void) {
        guard let mock = next(for: data) else {
            let text = (data ?? .null).jsonString
            warn("WebViewJavascriptBridge: no entry of the mock \"\(name)\" matches \(BridgeLog.cut(text, to: 200))")
            done(.failure(BridgeError(code: BridgeError.mockUnmatched, message: "no entry of the mock \"\(name)\" matches the data \(text)")))
            return
        }
        let answer: @Sendable () -> Void = {
            if let error = mock.error {
                done(.failure(error))
            } else if mock.echo {
                done(.success(nil))
            } else {
                done(.success(mock.response ?? .null))
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
}
