import Foundation
import Synchronization

/// Hands every event to every subscriber: one `AsyncStream` per ``HeadlessWebView/events()`` call
/// (from the moment of the call on), plus synchronous observers. Thread-safe.
final class EventHub: Sendable {
    private struct State {
        var streams: [Int: AsyncStream<WebViewEvent>.Continuation] = [:]
        var observers: [Int: @Sendable (WebViewEvent) -> Void] = [:]
        var nextID = 0
        var isFinished = false
    }
    private let state = Mutex(State())

    /// A new stream of the events emitted from now on; it ends when the web view closes.
    func subscribe() -> AsyncStream<WebViewEvent> {
        let (stream, continuation) = AsyncStream<WebViewEvent>.makeStream(bufferingPolicy: .unbounded)
        let id: Int? = state.withLock { state in
            guard !state.isFinished else { return nil }
            state.nextID += 1
            state.streams[state.nextID] = continuation
            return state.nextID
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.streams.removeValue(forKey: id) }
        }
        return stream
    }

    /// Calls `observer` synchronously, on the emitting thread, for every event from now on.
    @discardableResult
    func observe(_ observer: @escaping @Sendable (WebViewEvent) -> Void) -> Int {
        state.withLock { state in
            state.nextID += 1
            state.observers[state.nextID] = observer
            return state.nextID
        }
    }

    func emit(_ event: WebViewEvent) {
        let (streams, observers) = state.withLock { ($0.streams.values.map { $0 }, $0.observers.values.map { $0 }) }
        for observer in observers { observer(event) }
        for stream in streams { stream.yield(event) }
    }

    /// Ends every stream and drops every observer; later subscriptions get an empty stream.
    func finish() {
        let streams = state.withLock { state in
            state.isFinished = true
            state.observers.removeAll()
            defer { state.streams.removeAll() }
            return Array(state.streams.values)
        }
        for stream in streams { stream.finish() }
    }
}
