import Synchronization

/// Pending work that keeps a runtime busy: `runUntilIdle()` does not return while a token is held.
///
/// Later layers take one for each fetch, script load or queued bridge message, and end it when the
/// work is done. Ending is idempotent and may happen on any thread; a token that is dropped
/// without ``end()`` ends itself.
public final class WorkToken: Sendable {
    private let activity: LoopActivity
    private let ended = Atomic(false)
    private let isConnection: Bool

    init(activity: LoopActivity, connection: Bool = false) {
        self.activity = activity
        isConnection = connection
        if connection {
            activity.pendingConnections.add(1, ordering: .sequentiallyConsistent)
        } else {
            activity.pendingWork.add(1, ordering: .sequentiallyConsistent)
        }
    }

    deinit { end() }

    /// Marks the work as done.
    public func end() {
        guard !ended.exchange(true, ordering: .sequentiallyConsistent) else { return }
        if isConnection {
            activity.pendingConnections.subtract(1, ordering: .sequentiallyConsistent)
        } else {
            activity.pendingWork.subtract(1, ordering: .sequentiallyConsistent)
        }
        activity.signal()
    }

    /// True once ``end()`` ran.
    public var isEnded: Bool { ended.load(ordering: .sequentiallyConsistent) }
}
