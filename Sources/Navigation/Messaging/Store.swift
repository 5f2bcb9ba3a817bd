import HybridLoop
import HybridJSON
import Synchronization

/// A shared store of app-wide values (JSON values, so page JavaScript reads and writes them too), with
/// observation. Safe to use from any thread; observers run synchronously on the writer's thread, in registration
/// order, and only when a value actually changes.
public final class Store: Sendable {
    /// Identifies one observer.
    public struct Observation: Sendable, Hashable {
        let id: Int
    }

    /// A change handler: the key and the new value (nil when removed).
    public typealias Handler = @Sendable (_ key: String, _ value: JSONValue?) -> Void

    private struct Observer {
        var id: Int
        var key: String?
        var handler: Handler
    }

    private struct State {
        var values: [String: JSONValue] = [:]
        var observers: [Observer] = []
        var nextID = 0
    }

    private let state = Mutex(State())

    /// Creates an empty store.
    public init() {}

    /// The value for `key`, or nil.
    public func value(_ key: String) -> JSONValue? {
        state.withLock { $0.values[key] }
    }

    /// Every key, sorted.
    public var keys: [String] { state.withLock { $0.values.keys.sorted() } }

    /// Sets (nil: removes) the value for `key`, then tells the observers if it changed.
    public func set(_ key: String, _ value: JSONValue?) {
        let handlers = state.withLock { state -> [Handler] in
            guard state.values[key] != value else { return [] }
            state.values[key] = value
            return state.observers.filter { $0.key == nil || $0.key == key }.map(\.handler)
        }
        for handler in handlers { handler(key, value) }
    }

    /// Sets a Codable value (stored as its JSON).
    public func set<T: Encodable>(_ key: String, encoding value: T) throws {
        set(key, try JSONValue(encoding: value))
    }

    /// The value for `key` decoded as `T`, or nil when there is none.
    public func get<T: Decodable>(_ key: String, as type: T.Type) throws -> T? {
        guard let value = value(key) else { return nil }
        return try value.decode(type)
    }

    /// Observes changes of `key` (nil: every key).
    @discardableResult
    public func observe(_ key: String?, _ handler: @escaping Handler) -> Observation {
        state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.observers.append(Observer(id: id, key: key, handler: handler))
            return Observation(id: id)
        }
    }

    /// Stops an observation. Returns whether it was active.
    @discardableResult
    public func removeObserver(_ observation: Observation) -> Bool {
        state.withLock { state in
            guard let index = state.observers.firstIndex(where: { $0.id == observation.id }) else { return false }
            state.observers.remove(at: index)
            return true
        }
    }

    /// The values `key` takes from now on, as an async sequence (nil when removed). The stream keeps at most
    /// `bufferLimit` values its reader has not taken: past that it drops the oldest and counts them
    /// (`droppedCount`); the latest value is never the one dropped.
    public func changes(_ key: String, bufferLimit: Int = EventPublisher<JSONValue?>.defaultBufferLimit) -> EventStream<JSONValue?> {
        let (stream, sink) = EventStream<JSONValue?>.makeBounded(bufferLimit: bufferLimit)
        let observation = observe(key) { _, value in sink.yield(value) }
        sink.onTermination { [weak self] in self?.removeObserver(observation) }
        return stream
    }
}
