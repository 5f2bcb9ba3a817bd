import HybridLoop
import Synchronization

/// A bus of typed events: subscribers get the events of one Swift type (exact type match), in subscription order,
/// synchronously on the publisher's thread. Safe to use from any thread; events must be `Sendable`.
///
/// ```swift
/// struct LoggedIn: Sendable { var user: String }
/// let bus = EventBus()
/// let subscription = bus.subscribe(LoggedIn.self) { print($0.user) }
/// bus.publish(LoggedIn(user: "joe"))
/// bus.unsubscribe(subscription)
/// for await event in bus.events(LoggedIn.self) { ... }
/// ```
public final class EventBus: Sendable {
    /// Identifies one subscription.
    public struct Subscription: Sendable, Hashable {
        let id: Int
        let type: ObjectIdentifier
    }

    private struct Subscriber {
        var id: Int
        var once: Bool
        var handler: @Sendable (any Sendable) -> Void
    }

    private struct State {
        var subscribers: [ObjectIdentifier: [Subscriber]] = [:]
        var nextID = 0
    }

    private let state = Mutex(State())

    /// Creates a bus.
    public init() {}

    /// Calls `handler` with every event of type `E` published from now on.
    @discardableResult
    public func subscribe<E: Sendable>(_ type: E.Type, _ handler: @escaping @Sendable (E) -> Void) -> Subscription {
        add(type, once: false, handler)
    }

    /// Calls `handler` with the next event of type `E` only.
    @discardableResult
    public func once<E: Sendable>(_ type: E.Type, _ handler: @escaping @Sendable (E) -> Void) -> Subscription {
        add(type, once: true, handler)
    }

    /// Ends a subscription. Returns whether it was active.
    @discardableResult
    public func unsubscribe(_ subscription: Subscription) -> Bool {
        state.withLock { state in
            guard let index = state.subscribers[subscription.type]?.firstIndex(where: { $0.id == subscription.id })
            else { return false }
            state.subscribers[subscription.type]!.remove(at: index)
            return true
        }
    }

    /// Delivers `event` to the subscribers of its type. Returns how many got it.
    @discardableResult
    public func publish<E: Sendable>(_ event: E) -> Int {
        let key = ObjectIdentifier(E.self)
        let handlers = state.withLock { state -> [@Sendable (any Sendable) -> Void] in
            guard let subscribers = state.subscribers[key] else { return [] }
            // One-shot subscribers are removed under the lock so two concurrent publishes cannot both call them.
            state.subscribers[key] = subscribers.filter { !$0.once }
            return subscribers.map(\.handler)
        }
        for handler in handlers { handler(event) }
        return handlers.count
    }

    /// The events of type `E` published from now on, as an async sequence; the subscription ends when the
    /// sequence's consumer stops (or the task is cancelled). The stream keeps at most `bufferLimit` events its
    /// reader has not taken: past that it drops the oldest and counts them (`droppedCount`), so a reader that
    /// stops reading never grows memory without bound.
    public func events<E: Sendable>(_ type: E.Type, bufferLimit: Int = EventPublisher<E>.defaultBufferLimit) -> EventStream<E> {
        let (stream, sink) = EventStream<E>.makeBounded(bufferLimit: bufferLimit)
        let subscription = subscribe(type) { sink.yield($0) }
        sink.onTermination { [weak self] in self?.unsubscribe(subscription) }
        return stream
    }

    /// How many subscribers events of type `E` have.
    public func subscriberCount<E>(_ type: E.Type) -> Int {
        state.withLock { $0.subscribers[ObjectIdentifier(E.self)]?.count ?? 0 }
    }

    private func add<E: Sendable>(_ type: E.Type, once: Bool,
                                  _ handler: @escaping @Sendable (E) -> Void) -> Subscription {
        let key = ObjectIdentifier(E.self)
        return state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            let subscriber = Subscriber(id: id, once: once) { event in
                if let event = event as? E { handler(event) }
            }
            state.subscribers[key, default: []].append(subscriber)
            return Subscription(id: id, type: key)
        }
    }
}
