/// The opener's side of a page opened by a ``Navigator``: the page, and its result when it finishes.
///
/// The result arrives once: the value the page gave ``Page/finish(_:animated:)``, or `nil` when the page was popped,
/// dismissed or removed without finishing (never a hang). Three ways to get it: `try await handle.result`,
/// ``onResult(_:)`` and ``delegate``. The handle holds the page weakly.
@MainActor
public final class PageHandle {
    /// The opened page (nil once it was deallocated).
    public private(set) weak var page: Page?
    /// The opened page's name.
    public let pageName: String
    /// Told about the result (held weakly).
    public weak var delegate: (any PageResultDelegate)?

    private var delivered: (any Sendable)??
    private var waiters: [Int: CheckedContinuation<(any Sendable)?, any Error>] = [:]
    private var nextWaiter = 0
    private var closures: [((any Sendable)?) -> Void] = []

    init(page: Page) {
        self.page = page
        pageName = page.name
        let sink = page.resultSink ?? PageResultSink()
        page.resultSink = sink
        sink.add { [self] result in self.receive(result) }
    }

    /// Whether the result arrived.
    public var isFinished: Bool { delivered != nil }

    /// The result: the page's ``Page/finish(_:animated:)`` value, or nil when it closed without one.
    /// Throws `CancellationError` when the waiting task is cancelled.
    public var result: (any Sendable)? {
        get async throws {
            if let delivered { return delivered }
            try Task.checkCancellation()
            let id = nextWaiter
            nextWaiter += 1
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    if let delivered {
                        continuation.resume(returning: delivered)
                    } else {
                        waiters[id] = continuation
                    }
                }
            } onCancel: {
                Task { @MainActor in self.cancelWaiter(id) }
            }
        }
    }

    /// The result as `T`: the value itself when it is a `T`, or decoded when it is JSON (from page JavaScript)
    /// or another Encodable value. Nil when the page closed without a result.
    /// Throws ``NavigationError/resultTypeMismatch(expected:message:)`` when it cannot be converted.
    public func result<T: Decodable & Sendable>(as type: T.Type) async throws -> T? {
        guard let value = try await result else { return nil }
        return try Self.convert(value, to: type)
    }

    /// Calls `body` with the result (at once if it already arrived).
    public func onResult(_ body: @escaping ((any Sendable)?) -> Void) {
        if let delivered { body(delivered) } else { closures.append(body) }
    }

    private func receive(_ result: (any Sendable)?) {
        guard delivered == nil else { return }
        delivered = .some(result)
        let waiters = self.waiters
        self.waiters = [:]
        for id in waiters.keys.sorted() { waiters[id]!.resume(returning: result) }
        let closures = self.closures
        self.closures = []
        for body in closures { body(result) }
        delegate?.pageDidFinish(self, result: result)
    }

    private func cancelWaiter(_ id: Int) {
        waiters.removeValue(forKey: id)?.resume(throwing: CancellationError())
    }

    static func convert<T: Decodable>(_ value: any Sendable, to type: T.Type) throws -> T {
        if let value = value as? T { return value }
        do {
            return try JSONCoding.json(from: value).decode(type)
        } catch {
            throw NavigationError.resultTypeMismatch(expected: String(describing: type), message: "\(error)")
        }
    }
}
