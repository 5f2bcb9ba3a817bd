internal import CGLib
import Foundation
import Synchronization

/// The state shared by the owner and the loop thread. The thread holds this, not the
/// `EventLoopThread`, so that dropping the last reference to the latter stops the thread.
///
/// `@unchecked Sendable` because of `context`, a pointer: GLib's main contexts are thread-safe for what other
/// threads do with it here (`g_main_context_wakeup`); everything else sits behind the lock or is atomic.
final class EventLoopCore: @unchecked Sendable {
    enum Work {
        case job(UnownedJob)
        case closure(@Sendable () -> Void)
    }

    struct State {
        var queue: [Work] = []
        var stopping = false
        var executor: UnownedSerialExecutor?
    }

    /// Owned by the core, so wake-ups sent while or after the thread exits stay valid.
    let context: OpaquePointer
    /// The thread's name, for messages.
    let name: String
    let state = Mutex(State())
    /// Entered before the thread starts, left when it has exited: any number of waiters.
    let running = DispatchGroup()
    /// The loop thread's `pthread_t` (an integer with glibc), 0 until it runs: read on every loop-bound access, so
    /// an atomic rather than the lock.
    private let thread = Atomic<UInt>(0)

    init(context: OpaquePointer, name: String) {
        self.context = context
        self.name = name
        running.enter()
    }

    deinit {
        g_main_context_unref(context)
    }

    var isLoopThread: Bool {
        let thread = thread.load(ordering: .acquiring)
        return thread != 0 && pthread_equal(thread, pthread_self()) != 0
    }

    func enqueue(_ work: Work) {
        let accepted = state.withLock { state in
            if state.stopping { return false }
            state.queue.append(work)
            return true
        }
        // Wakes the thread if it blocks in g_main_context_iteration, or makes its next
        // iteration return at once, so no work is ever left waiting for an unrelated event.
        if accepted { g_main_context_wakeup(context) }
    }

    /// Traps unless called on the loop thread: what `what` reaches belongs to that thread alone.
    func preconditionLoopThread(_ what: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
        guard !isLoopThread else { return }
        // Not preconditionFailure: optimised builds drop its message, and this one says what went wrong where.
        fatalError("\(what()) used off its loop thread '\(name)'", file: file, line: line)
    }

    /// Marks the loop stopping and wakes it; with `join`, waits until the thread has exited,
    /// however many callers stop it at once.
    func stop(join: Bool) {
        state.withLock { $0.stopping = true }
        g_main_context_wakeup(context)
        if join { running.wait() }
    }

    /// Waits at most `timeout` for the thread to exit; true when it has.
    func waitUntilExited(timeout: DispatchTime) -> Bool {
        running.wait(timeout: timeout) == .success
    }

    func run(started: DispatchSemaphore) {
        g_main_context_push_thread_default(context)
        thread.store(pthread_self(), ordering: .releasing)
        started.signal()
        while true {
            runQueuedWork()
            // Read after the work ran, not before: work that iterates the main context itself
            // may have consumed the wake-up that a shutdown or an enqueue sent meanwhile.
            let (stopping, hasMore) = state.withLock { ($0.stopping, !$0.queue.isEmpty) }
            if stopping, !hasMore { break }
            // Block only when nothing is queued; a wake-up sent after this check stays pending
            // in the context and ends the poll at once.
            g_main_context_iteration(context, hasMore ? 0 : 1)
        }
        // Owners destroy their sources in their last queued work; what is left dies with the context.
        g_main_context_pop_thread_default(context)
        running.leave()
    }

    /// Runs the work queued so far, in order.
    ///
    /// A function of its own so that the batch, and every closure in it with what the closure captured, is released
    /// when it returns: before the loop blocks for its next event. Held across that wait, the last closure that ran
    /// (a web view's close, holding the web view's state and through it its runtime) would keep the runtime alive
    /// until something else woke the thread, which for a runtime nobody uses any more is never: the runtime, its
    /// machine and this thread would leak.
    private func runQueuedWork() {
        let work = state.withLock { state -> [Work] in
            defer { state.queue.removeAll(keepingCapacity: true) }
            return state.queue
        }
        for item in work {
            switch item {
            case .job(let job): runJob(job)
            case .closure(let closure): closure()
            }
        }
    }

    private func runJob(_ job: UnownedJob) {
        // Actor jobs only exist while their actor, and so its EventLoopThread, is alive.
        // A task that prefers this thread (as its task executor) keeps coming back to it on its own.
        guard let executor = state.withLock({ $0.executor }) else { return }
        job.runSynchronously(on: executor)
    }
}
