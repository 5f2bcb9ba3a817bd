import CJavaScriptCore
import Foundation
import Synchronization

/// A thread that owns one GLib main context and iterates it until it is shut down.
///
/// Everything that belongs to a runtime (JavaScript contexts, GLib sources, libsoup objects) is
/// created and touched on this thread only. Other threads hand it work with ``execute(_:)`` or,
/// because it is a `SerialExecutor`, by running an actor whose executor it is.
///
/// The main context is pushed as the thread-default context before any work runs: JavaScriptCore
/// schedules its own garbage-collection work on the thread-default context of the thread that
/// creates a JS context, and that work only runs while somebody iterates it.
public final class EventLoopThread: SerialExecutor, @unchecked Sendable {
    /// The thread's `GMainContext` (a `GMainContext *`), valid as long as this object lives.
    public let mainContext: OpaquePointer

    private let core: Core

    /// Starts a new thread named `name` and returns once it is iterating its main context.
    public init(name: String = "hybrid.runtime") {
        WTFMainThread.ensure()
        guard let context = g_main_context_new() else {
            fatalError("g_main_context_new returned NULL")  // only on out-of-memory
        }
        mainContext = context
        core = Core(context: context)
        let core = self.core
        let started = DispatchSemaphore(value: 0)
        let thread = Thread {
            core.run(started: started)
        }
        thread.name = name
        // JavaScript recursion and domino's parser both want more than the default.
        thread.stackSize = 16 << 20
        thread.start()
        started.wait()
        core.state.withLock { $0.executor = UnownedSerialExecutor(ordinary: self) }
    }

    deinit {
        core.stop(join: !isCurrent)
    }

    /// True when called on this loop's thread.
    public var isCurrent: Bool {
        core.isLoopThread
    }

    /// Runs `work` on the loop thread, after the work already queued.
    ///
    /// Work queued after ``shutdown()`` is dropped.
    public func execute(_ work: @escaping @Sendable () -> Void) {
        core.enqueue(.closure(work))
    }

    /// Runs `work` on the loop thread and returns its result to the awaiting caller.
    public func submit<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            execute { continuation.resume(with: Result { try work() }) }
        }
    }

    /// Runs the work already queued, then stops the thread and waits for it to exit.
    ///
    /// Safe to call any number of times from any thread: every caller off the loop thread returns
    /// once the thread has exited. Called on the loop thread itself, it stops the loop once the
    /// current work returns.
    public func shutdown() {
        core.stop(join: !isCurrent)
    }

    /// Waits at most `timeout` for the thread to exit after a shutdown; true when it has.
    func waitUntilExited(timeout: Duration) -> Bool {
        let nanoseconds = UInt64(max(0, timeout.components.seconds)) * 1_000_000_000
            + UInt64(max(0, timeout.components.attoseconds) / 1_000_000_000)
        return core.waitUntilExited(timeout: .now() + .nanoseconds(Int(nanoseconds)))
    }

    // MARK: SerialExecutor

    public func enqueue(_ job: consuming ExecutorJob) {
        core.enqueue(.job(UnownedJob(job)))
    }

    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    public func checkIsolated() {
        precondition(isCurrent, "expected to run on the runtime thread")
    }

}

extension EventLoopThread {
    /// The state shared by the owner and the loop thread. The thread holds this, not the
    /// `EventLoopThread`, so that dropping the last reference to the latter stops the thread.
    fileprivate final class Core: @unchecked Sendable {
        enum Work {
            case job(UnownedJob)
            case closure(@Sendable () -> Void)
        }

        struct State {
            var queue: [Work] = []
            var stopping = false
            var thread: pthread_t?
            var executor: UnownedSerialExecutor?
        }

        /// Owned by the core, so wake-ups sent while or after the thread exits stay valid.
        let context: OpaquePointer
        let state = Mutex(State())
        /// Entered before the thread starts, left when it has exited: any number of waiters.
        let running = DispatchGroup()

        init(context: OpaquePointer) {
            self.context = context
            running.enter()
        }

        deinit {
            g_main_context_unref(context)
        }

        var isLoopThread: Bool {
            state.withLock { state in
                state.thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
            }
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
            state.withLock { $0.thread = pthread_self() }
            started.signal()
            while true {
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

        private func runJob(_ job: UnownedJob) {
            // Actor jobs only exist while their actor, and so its EventLoopThread, is alive.
            guard let executor = state.withLock({ $0.executor }) else { return }
            job.runSynchronously(on: executor)
        }
    }
}

