import Synchronization

/// Records lifecycle callbacks so tests can assert exact sequences.
///
/// ```swift
/// let recorder = LifecycleRecorder()
/// let first = Page(name: "First", observers: [recorder])
/// window.rootPage = NavigationStack(root: first)
/// #expect(recorder.lines(of: LifecycleEvent.viewEvents) == ["First.loadView", "First.viewDidLoad", ...])
/// ```
/// Pages added to a container inherit the container's observers, so attaching a recorder to the root records a
/// whole app. Thread-safe.
public final class LifecycleRecorder: LifecycleObserver {
    private let log = Mutex<[LifecycleEntry]>([])

    /// Creates an empty recorder.
    public init() {}

    public func pageLifecycle(_ entry: LifecycleEntry) {
        log.withLock { $0.append(entry) }
    }

    /// Every recorded entry, in order.
    public var entries: [LifecycleEntry] { log.withLock { $0 } }

    /// `Page.event` lines, optionally only of some events and some page names.
    public func lines(of events: Set<LifecycleEvent>? = nil, pages names: Set<String>? = nil) -> [String] {
        entries.filter { entry in
            (events?.contains(entry.event) ?? true) && (names?.contains(entry.page) ?? true)
        }.map(\.description)
    }

    /// Forgets everything recorded so far (to assert the sequence of the next step only).
    public func reset() {
        log.withLock { $0.removeAll() }
    }
}
