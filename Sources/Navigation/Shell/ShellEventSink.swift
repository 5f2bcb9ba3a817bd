import Synchronization

/// Fans shell events out to the streams and handlers of an ``AppShell``. Thread-safe (page deinit reports from
/// any thread).
final class ShellEventSink: LifecycleObserver {
    private struct State {
        var continuations: [Int: AsyncStream<ShellEvent>.Continuation] = [:]
        var handlers: [@Sendable (ShellEvent) -> Void] = []
        var nextID = 0
    }

    private let state = Mutex(State())

    func pageLifecycle(_ entry: LifecycleEntry) {
        send(.page(entry))
    }

    func send(_ event: ShellEvent) {
        let (continuations, handlers) = state.withLock { (Array($0.continuations.values), $0.handlers) }
        for continuation in continuations { continuation.yield(event) }
        for handler in handlers { handler(event) }
    }

    func stream() -> AsyncStream<ShellEvent> {
        let (stream, continuation) = AsyncStream<ShellEvent>.makeStream(bufferingPolicy: .unbounded)
        let id = state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.continuations[id] = continuation
            return id
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    func addHandler(_ handler: @escaping @Sendable (ShellEvent) -> Void) {
        state.withLock { $0.handlers.append(handler) }
    }

    func finish() {
        let continuations = state.withLock { state in
            defer { state.continuations = [:] }
            return Array(state.continuations.values)
        }
        for continuation in continuations { continuation.finish() }
    }
}
