import Synchronization

/// The store observations of one page, removed when the page's commands go away (from any thread).
final class StoreObservations: Sendable {
    private let store: Store
    private let observations = Mutex<[String: Store.Observation]>([:])

    init(store: Store) { self.store = store }

    func contains(_ key: String) -> Bool { observations.withLock { $0[key] != nil } }

    func add(_ key: String, _ observation: Store.Observation) {
        observations.withLock { $0[key] = observation }
    }

    func removeAll() {
        let all = observations.withLock { state in
            defer { state = [:] }
            return Array(state.values)
        }
        for observation in all { store.removeObserver(observation) }
    }

    deinit { removeAll() }
}
