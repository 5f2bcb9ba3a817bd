import Bridge
import JavaScript

/// A canned answer of a native handler, for ``TestPage/mock(_:_:)``: what a mock file's entry is (`Bridge`'s
/// `MockHandlers`), as Swift values, with its sequences and `when` matchers.
///
/// ```swift
/// page.mock("scan", .response("www.example.com"))
/// page.mock("pay", .error(code: "denied", message: "no money"))
/// // The first call is paid, every later one declined; an amount of 0 is invalid whenever it comes.
/// page.mock("pay", .sequence(.response(["paid": true]),
///                            .error(code: "declined", message: "card declined"),
///                            .error(code: "invalid", message: "nothing to pay").when(["amount": 0])))
/// ```
public struct NativeMock: Sendable, Hashable {
    /// The mock file's entries this stands for: one, or a sequence's.
    public private(set) var entries: [MockHandlers.Mock]

    /// Answers `value` (`{"response": ...}`).
    public static func response(_ value: JSONValue) -> NativeMock {
        NativeMock(entries: [MockHandlers.Mock(response: value)])
    }

    /// Answers with the error `{code, message}` (`{"error": ...}`): the page's callback gets the bridge's error
    /// answer, as from a native handler that failed.
    public static func error(code: String, message: String = "") -> NativeMock {
        NativeMock(entries: [MockHandlers.Mock(error: BridgeError(code: code, message: message))])
    }

    /// Answers with `error`.
    public static func error(_ error: BridgeError) -> NativeMock {
        NativeMock(entries: [MockHandlers.Mock(error: error)])
    }

    /// Answers each call's data unchanged (`{"echo": true}`).
    public static var echo: NativeMock { NativeMock(entries: [MockHandlers.Mock(echo: true)]) }

    /// Answers call after call with `mocks` in turn, the last repeating (Jest's `mockReturnValueOnce` chain ending in
    /// a `mockReturnValue`); a mock with ``when(_:)`` answers instead every call whose data matches it. A call that
    /// nothing answers (every mock has a `when`, and none matches) fails with `mock_unmatched`.
    public static func sequence(_ mocks: NativeMock...) -> NativeMock {
        NativeMock(entries: mocks.flatMap(\.entries))
    }

    /// This mock, answering only the calls whose data matches `pattern` (in a ``sequence(_:)``): an object matches data
    /// that has each of its keys with a matching value (other keys are ignored), anything else an equal value.
    public func when(_ pattern: JSONValue) -> NativeMock {
        NativeMock(entries: entries.map { var entry = $0; entry.when = pattern; return entry })
    }

    /// This mock, answering `delay` after each call (`"delayMs"`).
    public func delayed(by delay: Duration) -> NativeMock {
        NativeMock(entries: entries.map { var entry = $0; entry.delay = delay; return entry })
    }
}

extension TestPage {
    /// Answers the page's calls to the native handler `handler` with `mock` from now on, through every bridge protocol
    /// the page uses, replacing its handler (a sidecar mock, a Swift handler, an earlier mock). What `native.mock(name,
    /// value)` is in a JavaScript test; ``calls(_:)`` lists the calls.
    public func mock(_ handler: String, _ mock: NativeMock) {
        MockHandlers(lists: [handler: mock.entries]).install(into: bridge)
    }

    /// Answers each of the page's calls to `handler` with what `answer` returns for its data (`null` when it sent
    /// none). `answer` runs on the page's runtime thread and may suspend; a `BridgeError` it throws is the error
    /// answer, any other error answers `handler_failed`.
    public func mock(_ handler: String, answer: @escaping @Sendable (JSONValue) async throws -> JSONValue) {
        bridge.register(handler) { (data: JSONValue) in try await answer(data) }
    }
}
