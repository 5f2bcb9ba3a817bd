internal import CGLib
import Foundation
import Synchronization

/// A wait, inside a script, for work that only the thread's own main context can finish (a synchronous
/// `XMLHttpRequest` to a fixture server on the same thread), with the thread's page tasks held back meanwhile.
///
/// ``wait(on:until:)`` iterates the main context until its condition holds. Every source keeps running (sockets,
/// libsoup, a server on the same loop), so nothing deadlocks; the code that would start a page task from a source (a
/// timer falling due, a request's completion, a socket's event) asks ``isHoldingTasks`` first and, while it is true,
/// hands the task to ``deferTask(_:)``. The held tasks run, in the order they were held, on an iteration after the
/// outermost wait has ended: after the script that waited, as in a browser, where a synchronous request blocks the
/// page's event loop. Work queued on the ``EventLoopThread`` (`execute`, actor jobs, bridge messages) never runs in
/// the nested iteration: only the thread's outer loop drains that queue.
///
/// Runtime-thread only. A thread that never waits pays one atomic load per check.
package enum NestedLoop {
    private final class State {
        var depth = 0
        var held: [() -> Void] = []
    }

    /// Waits in progress on all threads: zero lets ``isHoldingTasks`` answer without a thread-local look-up.
    private static let activeWaits = Atomic<Int>(0)
    private static let stateKey = "HybridLoop.NestedLoop"

    private static func state(creating: Bool) -> State? {
        let dictionary = Thread.current.threadDictionary
        if let state = dictionary[stateKey] as? State { return state }
        guard creating else { return nil }
        let state = State()
        dictionary[stateKey] = state
        return state
    }

    /// True on a thread that is inside ``wait(on:until:)``: a task of the page must go to ``deferTask(_:)``.
    package static var isHoldingTasks: Bool {
        guard activeWaits.load(ordering: .relaxed) > 0 else { return false }
        return (state(creating: false)?.depth ?? 0) > 0
    }

    /// Holds `task` until the outermost wait of this thread has ended; it then runs on a later iteration of the
    /// context that wait iterated, after the tasks held before it.
    package static func deferTask(_ task: @escaping () -> Void) {
        guard let state = state(creating: false), state.depth > 0 else { return task() }
        state.held.append(task)
    }

    /// Iterates `context` (blocking while nothing is ready) until `isDone()` is true, the thread's page tasks held.
    package static func wait(on context: OpaquePointer, until isDone: () -> Bool) {
        guard let state = state(creating: true) else { return }
        state.depth += 1
        activeWaits.add(1, ordering: .relaxed)
        defer {
            activeWaits.subtract(1, ordering: .relaxed)
            state.depth -= 1
            if state.depth == 0, !state.held.isEmpty {
                let held = state.held
                state.held.removeAll()
                LoopCallback.schedule(on: context) {
                    for task in held { task() }
                }
            }
        }
        while !isDone() {
            g_main_context_iteration(context, 1)
        }
    }
}
