import Synchronization

/// The one way to watch what a component does: closures called as events happen, or streams to iterate.
///
/// Every module that reports events (a web view, a bridge, an app shell, a fixture server's access log)
/// exposes one of these, so they are all watched the same way:
///
/// ```swift
/// let observation = webView.events.observe { event in print(event) }   // in order, on the emitting thread
/// for await event in webView.events.stream() { ... }                  // bounded: a slow reader drops the oldest
/// observation.cancel()
/// ```
///
/// Observers are called synchronously on the emitting thread, in the order they were added, and must be
/// quick. A stream keeps at most its buffer limit of events its reader has not taken yet; past that it drops
/// the oldest and counts them (``EventStream/droppedCount``), so a reader that stops reading never grows
/// memory without bound. Thread-safe.
public final class EventPublisher<Event: Sendable>: Sendable {
    /// The buffer limit of a stream made without one.
    public static var defaultBufferLimit: Int { 1024 }

    private struct State {
        var observers: [(id: Int, call: @Sendable (Event) -> Void)] = []
        var streams: [Int: EventStream<Event>.Sink] = [:]
        var nextID = 0
        var isFinished = false
    }

    private let state = Mutex(State())

    public init() {}

    /// Calls `observer` for every event emitted from now on, until the observation is cancelled or the
    /// publisher finishes.
    @discardableResult
    public func observe(_ observer: @escaping @Sendable (Event) -> Void) -> EventObservation {
        let id: Int? = state.withLock { state in
            guard !state.isFinished else { return nil }
            state.nextID += 1
            state.observers.append((state.nextID, observer))
            return state.nextID
        }
        guard let id else { return EventObservation {} }
        return EventObservation { [weak self] in
            self?.state.withLock { $0.observers.removeAll { $0.id == id } }
        }
    }

    /// The events emitted from now on, keeping at most `bufferLimit` that have not been read yet (the
    /// oldest are dropped first). The stream ends when the publisher finishes; a stream made after that is
    /// empty.
    public func stream(bufferLimit: Int = EventPublisher.defaultBufferLimit) -> EventStream<Event> {
        let (stream, sink) = EventStream<Event>.makeBounded(bufferLimit: bufferLimit)
        let id: Int? = state.withLock { state in
            guard !state.isFinished else { return nil }
            state.nextID += 1
            state.streams[state.nextID] = sink
            return state.nextID
        }
        if let id {
            sink.onTermination { [weak self] in
                _ = self?.state.withLock { $0.streams.removeValue(forKey: id) }
            }
        } else {
            sink.finish()
        }
        return stream
    }

    /// True while an observer or a stream is attached: for emitters whose events cost something to make.
    public var hasSubscribers: Bool {
        state.withLock { !$0.observers.isEmpty || !$0.streams.isEmpty }
    }

    /// Hands `event` to every observer, in the order they were added, then to every stream.
    public func emit(_ event: Event) {
        let (observers, streams) = state.withLock { state in (state.observers.map(\.call), Array(state.streams.values)) }
        for observer in observers { observer(event) }
        for sink in streams { sink.yield(event) }
    }

    /// Ends every stream and drops every observer; later observers and streams get nothing.
    public func finish() {
        let streams = state.withLock { state in
            state.isFinished = true
            state.observers.removeAll()
            defer { state.streams.removeAll() }
            return Array(state.streams.values)
        }
        for sink in streams { sink.finish() }
    }
}

/// An observer added with ``EventPublisher/observe(_:)``: ``cancel()`` stops it. Dropping the observation
/// does not: an observer added for the publisher's whole life needs no handle.
public final class EventObservation: Sendable {
    private let remove: Mutex<(@Sendable () -> Void)?>

    init(remove: @escaping @Sendable () -> Void) {
        self.remove = Mutex(remove)
    }

    /// Stops the observer; it is not called again once this returns (unless an emit already under way
    /// on another thread had picked it up). Cancelling twice does nothing.
    public func cancel() {
        remove.withLock { $0.take() }?()
    }
}

/// The events of an ``EventPublisher``, as an async sequence with a bounded buffer.
public struct EventStream<Event: Sendable>: AsyncSequence, Sendable {
    private let stream: AsyncStream<Event>
    private let dropped: DropCounter

    init(stream: AsyncStream<Event>, dropped: DropCounter) {
        self.stream = stream
        self.dropped = dropped
    }

    /// How many events this stream dropped so far because its reader fell behind by more than its limit.
    public var droppedCount: Int { dropped.count }

    /// A stream that keeps at most `bufferLimit` events its reader has not taken (the oldest dropped first, and
    /// counted), and the sink that feeds it: every event stream of the package is made here.
    package static func makeBounded(bufferLimit: Int) -> (EventStream, Sink) {
        let (stream, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: .bufferingNewest(Swift.max(bufferLimit, 1)))
        let dropped = DropCounter()
        return (EventStream(stream: stream, dropped: dropped), Sink(continuation: continuation, dropped: dropped))
    }

    /// What feeds a stream made by ``makeBounded(bufferLimit:)``.
    package struct Sink: Sendable {
        let continuation: AsyncStream<Event>.Continuation
        let dropped: DropCounter

        /// Hands `event` to the stream, counting it when the buffer was full.
        package func yield(_ event: Event) {
            if case .dropped = continuation.yield(event) { dropped.add() }
        }

        /// Ends the stream.
        package func finish() { continuation.finish() }

        /// Calls `body` once the stream ends: finished, or its reader stopped (or was cancelled).
        package func onTermination(_ body: @escaping @Sendable () -> Void) {
            continuation.onTermination = { _ in body() }
        }
    }

    public func makeAsyncIterator() -> AsyncStream<Event>.Iterator {
        stream.makeAsyncIterator()
    }
}

/// Counts the events a stream dropped.
final class DropCounter: Sendable {
    private let value = Atomic(0)
    func add() { value.add(1, ordering: .relaxed) }
    var count: Int { value.load(ordering: .relaxed) }
}
