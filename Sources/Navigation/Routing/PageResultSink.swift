/// Delivers a page's result to whoever opened it, exactly once. Placeholder until the results step.
@MainActor
final class PageResultSink {
    private var handlers: [((any Sendable)?) -> Void] = []
    private(set) var isDelivered = false

    func deliver(_ result: (any Sendable)?) {
        guard !isDelivered else { return }
        isDelivered = true
        let handlers = self.handlers
        self.handlers = []
        for handler in handlers { handler(result) }
    }

    func add(_ handler: @escaping ((any Sendable)?) -> Void) {
        handlers.append(handler)
    }
}
