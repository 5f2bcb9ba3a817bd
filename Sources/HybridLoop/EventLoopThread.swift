internal import CGLib
import Foundation
import Synchronization

/// A thread that owns one GLib main context and iterates it until it is shut down.
///
/// Everything that belongs to a runtime (JavaScript contexts, GLib sources, libsoup objects) is
/// created and touched on this thread only. Other threads hand it work with ``execute(_:)``;
/// because it is a `SerialExecutor`, by running an actor whose executor it is; and because it is a
/// `TaskExecutor`, by starting a task that prefers it (`Task(executorPreference: loop) { ... }`),
/// whose nonisolated async code then runs on this thread.
///
/// The main context is pushed as the thread-default context before any work runs: JavaScriptCore
/// schedules its own garbage-collection work on the thread-default context of the thread that
/// creates a JS context, and that work only runs while somebody iterates it.
///
/// `@unchecked Sendable` because of `mainContext`, a pointer that other threads only pass to GLib's thread-safe
/// calls; the rest of its state is its core's, behind a lock or atomic.
public final class EventLoopThread: SerialExecutor, TaskExecutor, @unchecked Sendable {
    /// The thread's `GMainContext` (a `GMainContext *`), valid as long as this object lives.
    package let mainContext: OpaquePointer

    /// Shared with the thread; values bound to this loop (``LoopBound``) hold it rather than this object, so that
    /// they do not keep the thread running.
    let core: EventLoopCore

    /// Starts a new thread named `name` and returns once it is iterating its main context.
    public init(name: String = "hybrid.runtime") {
        WTFMainThread.ensure()
        GIOStartup.ensure()
        guard let context = g_main_context_new() else {
            fatalError("g_main_context_new returned NULL")  // only on out-of-memory
        }
        mainContext = context
        core = EventLoopCore(context: context, name: name)
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
    package func waitUntilExited(timeout: Duration) -> Bool {
        let nanoseconds = UInt64(max(0, timeout.components.seconds)) * 1_000_000_000
            + UInt64(max(0, timeout.components.attoseconds) / 1_000_000_000)
        return core.waitUntilExited(timeout: .now() + .nanoseconds(Int(nanoseconds)))
    }

    // MARK: SerialExecutor and TaskExecutor

    public func enqueue(_ job: consuming ExecutorJob) {
        core.enqueue(.job(UnownedJob(job)))
    }

    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    public func asUnownedTaskExecutor() -> UnownedTaskExecutor {
        UnownedTaskExecutor(ordinary: self)
    }

    public func checkIsolated() {
        precondition(isCurrent, "expected to run on the runtime thread")
    }

}
