import Synchronization

/// The parts of a page its deinitializer reads: who observes it and the URL it was opened with. Kept outside the
/// main-actor state so that `deinit`, which may run on any thread, can report the page's deallocation.
final class PageObservers: Sendable {
    private struct State {
        var observers: [any LifecycleObserver] = []
        var url: String?
    }

    private let state: Mutex<State>

    init(_ observers: [any LifecycleObserver]) {
        state = Mutex(State(observers: observers))
    }

    var url: String? {
        get { state.withLock { $0.url } }
        set { state.withLock { $0.url = newValue } }
    }

    var all: [any LifecycleObserver] { state.withLock { $0.observers } }

    /// Adds the observers not already present (compared by identity). Returns whether any was added.
    @discardableResult
    func add(_ new: [any LifecycleObserver]) -> Bool {
        state.withLock { state in
            var added = false
            for observer in new where !state.observers.contains(where: { $0 === observer }) {
                state.observers.append(observer)
                added = true
            }
            return added
        }
    }

    func remove(_ observer: any LifecycleObserver) {
        state.withLock { $0.observers.removeAll { $0 === observer } }
    }

    func report(id: Int, name: String, _ event: LifecycleEvent) {
        let (observers, url) = state.withLock { ($0.observers, $0.url) }
        let entry = LifecycleEntry(pageID: id, page: name, event: event, url: url)
        for observer in observers { observer.pageLifecycle(entry) }
    }
}
