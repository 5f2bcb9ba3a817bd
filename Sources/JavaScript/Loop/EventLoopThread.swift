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
    /// The thread's `GMainContext` (a `GMainContext *`), valid until the thread has exited.
    public let mainContext: OpaquePointer

    private let core: Core

    /// Starts a new thread named `name` and returns once it is iterating its main context.
    public init(name: String = "hybrid.runtime") {
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
    /// Called on the loop thread itself, it stops the loop once the current work returns.
    public func shutdown() {
        core.stop(join: !isCurrent)
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

        let context: OpaquePointer
        let state = Mutex(State())
        let exited = DispatchSemaphore(value: 0)

        init(context: OpaquePointer) {
            self.context = context
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

        func stop(join: Bool) {
            let first = state.withLock { state in
                defer { state.stopping = true }
                return !state.stopping
            }
            guard first else { return }
            g_main_context_wakeup(context)
            if join { exited.wait() }
        }

        func run(started: DispatchSemaphore) {
            g_main_context_push_thread_default(context)
            state.withLock { $0.thread = pthread_self() }
            started.signal()
            while true {
                let (work, stopping) = state.withLock { state -> ([Work], Bool) in
                    defer { state.queue.removeAll(keepingCapacity: true) }
                    return (state.queue, state.stopping)
                }
                for item in work {
                    switch item {
                    case .job(let job): runJob(job)
                    case .closure(let closure): closure()
                    }
                }
                if stopping, state.withLock({ $0.queue.isEmpty }) { break }
                g_main_context_iteration(context, 1)
            }
            // Owners destroy their sources in their last queued work; what is left dies with the context.
            g_main_context_pop_thread_default(context)
            g_main_context_unref(context)
            exited.signal()
        }

        private func runJob(_ job: UnownedJob) {
            // Actor jobs only exist while their actor, and so its EventLoopThread, is alive.
            guard let executor = state.withLock({ $0.executor }) else { return }
            job.runSynchronously(on: executor)
        }
    }
}
