import Foundation
import Synchronization

/// A pool of JavaScript runtimes for services: N runtime threads, each with one context prepared by a setup closure,
/// and a bounded, first-come first-served queue of calls from any task.
///
/// ```swift
/// let pricing = try String(contentsOf: pricingScript, encoding: .utf8)
/// let pool = try await JavaScriptPool(configuration: .init(maxQueued: 256, callTimeLimit: .seconds(1))) { context in
///     try context.evaluate(pricing, sourceURL: "pricing.js")   // once per context
/// }
/// let price = try await pool.call("calculatePrice", [cart], as: Price.self)
/// let total = try await pool.run { context in try context.evaluate("total(3)").toDouble() }
/// await pool.shutdown()
/// ```
///
/// - Each runtime runs one call at a time in its context; calls wait in one queue and go to the first runtime that
///   is free, in the order they came. Past ``Configuration/maxQueued`` waiting calls, a call fails at once with
///   ``JavaScriptPoolError/overloaded(queued:)`` (or waits for room, ``Configuration/Overflow/wait(_:)``). A caller
///   whose task is cancelled while its call waits gets `CancellationError` and the call never runs.
/// - A call has ``Configuration/callTimeLimit`` from the moment it starts, a promise it returns included: past it
///   the watchdog stops its JavaScript, the call fails with ``JavaScriptPoolError/timedOut(_:)``, and its context is
///   discarded and replaced by a fresh one (set up again) before the next call. The engine cannot stop an endless
///   chain of promise jobs (see ``JavaScriptRuntime/deadline``): such a call holds its runtime.
/// - A context is also replaced after ``Configuration/maxUsesPerContext`` calls or ``Configuration/maxHeapGrowth``
///   bytes of heap growth. A context whose setup threw is never handed out: the pool's initialiser throws
///   ``JavaScriptPoolError/setupFailed(_:)``, and a later replacement that fails fails its call the same way.
/// - ``shutdown(_:)`` drains or cancels the queue, waits for running calls and stops the threads.
///
/// The runtimes are ``JavaScriptRuntime``s on their own `EventLoopThread`s: timers and promises work in calls as
/// anywhere else, and nothing else runs on those threads.
public final class JavaScriptPool: Sendable {
    /// Prepares a new context: load the scripts calls use. Runs on the context's runtime thread, once per context.
    public typealias Setup = @Sendable (JSContext) throws -> Void

    /// How the pool was set up.
    public let configuration: Configuration
    private let workers: [PoolWorker]
    private let shared: Shared

    /// Starts ``Configuration/runtimes`` runtime threads and sets up a context on each. Throws
    /// ``JavaScriptPoolError/setupFailed(_:)`` (after stopping the threads) when `setup` throws.
    public init(configuration: Configuration = Configuration(), setup: @escaping Setup) async throws {
        self.configuration = configuration
        let shared = Shared()
        self.shared = shared
        let workers = (0..<configuration.runtimes).map { index in
            PoolWorker(index: index, configuration: configuration, setup: setup,
                       onRecycle: { reason in
                           shared.state.withLock { $0.statistics.recycled += 1 }
                           configuration.instrumentation?.contextReplaced(reason)
                       })
        }
        self.workers = workers
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in workers { group.addTask { try await worker.prepare() } }
                try await group.waitForAll()
            }
        } catch {
            for worker in workers { await worker.shutdown() }
            throw error
        }
        shared.state.withLock { $0.idle = Array(workers.indices.reversed()) }
    }

    /// Runs `body` with a context of the pool, on that context's runtime thread, and returns its result.
    /// Throws what `body` throws, or a ``JavaScriptPoolError``.
    public func run<T: Sendable>(_ body: @escaping @Sendable (JSContext) throws -> T) async throws -> T {
        guard let instrumentation = configuration.instrumentation else {
            return try await submit { worker, runtime in try worker.run(body, in: runtime) }
        }
        return try await instrumentation.around(function: nil) {
            try await submit { worker, runtime in try worker.run(body, in: runtime) }
        }
    }

    /// Calls the global function at `function` (a name, or a dotted path such as `pricing.total`, called as a
    /// method) with `arguments` encoded as JSON values, waits for the promise it returns if it returns one, and
    /// decodes the result as `type`. A JavaScript exception or rejection reaches the caller as a ``JSException``.
    public func call<T: Decodable & Sendable>(_ function: String, _ arguments: [any Encodable & Sendable] = [],
                                              as type: T.Type = T.self) async throws -> T {
        guard let instrumentation = configuration.instrumentation else {
            return try await submit { worker, runtime in try await worker.call(function, arguments: arguments, as: type, in: runtime) }
        }
        return try await instrumentation.around(function: function) {
            try await submit { worker, runtime in try await worker.call(function, arguments: arguments, as: type, in: runtime) }
        }
    }

    /// What the pool has done so far, and its queue now.
    public var statistics: Statistics {
        shared.state.withLock { state in
            var statistics = state.statistics
            statistics.queued = state.queue.count + state.waiters.count
            statistics.running = state.running
            return statistics
        }
    }

    /// Stops the pool: new calls fail with ``JavaScriptPoolError/shutDown``; queued calls run (``ShutdownMode/drain``)
    /// or fail with ``JavaScriptPoolError/shutDown`` (``ShutdownMode/cancel``); returns once every running call has
    /// finished and the runtime threads are stopped. Calling it again waits for the same end.
    public func shutdown(_ mode: ShutdownMode = .drain) async {
        let cancelled: [Job] = shared.state.withLock { state in
            state.isShuttingDown = true
            guard mode == .cancel else { return [] }
            let jobs = state.queue.removeAll() + state.waiters.map(\.job)
            state.waiters.forEach { $0.timer?.cancel() }
            state.waiters.removeAll()
            return jobs
        }
        for job in cancelled { job.fail(JavaScriptPoolError.shutDown) }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = shared.state.withLock { state -> Bool in
                if state.running == 0 && state.queue.isEmpty && state.waiters.isEmpty { return true }
                state.whenDrained.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
        let first = shared.state.withLock { state -> Bool in
            defer { state.stopped = true }
            return !state.stopped
        }
        if first {
            for worker in workers { await worker.shutdown() }
        }
    }

    // MARK: Scheduling

    /// A call waiting for a runtime: `run` executes it on one (and answers its caller), `fail` answers without running.
    struct Job: Sendable {
        let id: UInt64
        let run: @Sendable (PoolWorker, isolated JavaScriptRuntime) async -> Void
        let fail: @Sendable (any Error) -> Void
    }

    /// A call waiting for room in the queue (``Configuration/Overflow/wait(_:)``).
    struct Waiter: Sendable {
        let job: Job
        let timer: Task<Void, Never>?
    }

    /// The scheduling state, shared with the workers' callbacks.
    final class Shared: Sendable {
        let state = Mutex(State())
    }

    struct State {
        var idle: [Int] = []
        var queue = JobQueue()
        var waiters: [Waiter] = []
        var running = 0
        var nextID: UInt64 = 0
        /// Calls announced but not yet queued or started: a cancellation that comes first is remembered here.
        var announced: Set<UInt64> = []
        var cancelledEarly: Set<UInt64> = []
        var isShuttingDown = false
        var stopped = false
        var whenDrained: [CheckedContinuation<Void, Never>] = []
        var statistics = Statistics()
    }

    private func submit<T: Sendable>(_ body: @escaping @Sendable (PoolWorker, isolated JavaScriptRuntime) async throws -> T) async throws -> T {
        let id = shared.state.withLock { state -> UInt64 in
            state.nextID += 1
            state.announced.insert(state.nextID)
            return state.nextID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                let answer = Answer(continuation)
                let instrumentation = configuration.instrumentation
                let submitted = ContinuousClock.now
                let job = Job(id: id, run: { [shared] worker, runtime in
                    let started = ContinuousClock.now
                    if let instrumentation {
                        let depth = shared.state.withLock { $0.queue.count + $0.waiters.count }
                        instrumentation.callStarted(waited: started - submitted, depth: depth)
                    }
                    do {
                        let value = try await body(worker, runtime)
                        shared.state.withLock { $0.statistics.completed += 1 }
                        instrumentation?.callEnded(.completed, ran: .now - started)
                        answer.resume(.success(value))
                    } catch {
                        let timedOut = if case JavaScriptPoolError.timedOut = error { true } else { false }
                        shared.state.withLock { state in
                            state.statistics.failed += 1
                            if timedOut { state.statistics.timedOut += 1 }
                        }
                        instrumentation?.callEnded(timedOut ? .timedOut : .failed, ran: .now - started)
                        answer.resume(.failure(error))
                    }
                }, fail: { [shared] error in
                    shared.state.withLock { $0.statistics.failed += 1 }
                    let overloaded = if case JavaScriptPoolError.overloaded = error { true } else { false }
                    instrumentation?.callEnded(overloaded ? .overloaded : .cancelled, ran: .zero)
                    answer.resume(.failure(error))
                })
                enqueue(job)
            }
        } onCancel: {
            cancel(id)
        }
    }

    private enum Admission {
        case start(Int)
        case queued(depth: Int)
        case refused(any Error)
        case waiting(depth: Int)
    }

    private func enqueue(_ job: Job) {
        let admission = shared.state.withLock { state -> Admission in
            state.announced.remove(job.id)
            if state.cancelledEarly.remove(job.id) != nil { return .refused(CancellationError()) }
            if state.isShuttingDown { return .refused(JavaScriptPoolError.shutDown) }
            if let worker = state.idle.popLast() {
                state.running += 1
                return .start(worker)
            }
            if state.queue.count < configuration.maxQueued {
                state.queue.append(job)
                return .queued(depth: state.queue.count + state.waiters.count)
            }
            guard case .wait(let patience) = configuration.overflow else {
                state.statistics.overloaded += 1
                return .refused(JavaScriptPoolError.overloaded(queued: state.queue.count))
            }
            let timer = Task { [weak self] in
                guard (try? await Task.sleep(for: patience)) != nil else { return }
                self?.expire(job.id)
            }
            state.waiters.append(Waiter(job: job, timer: timer))
            return .waiting(depth: state.queue.count + state.waiters.count)
        }
        switch admission {
        case .start(let index): start(job, on: index)
        case .refused(let error): job.fail(error)
        case .queued(let depth), .waiting(let depth): configuration.instrumentation?.callQueued(depth: depth)
        }
    }

    /// Runs `job` on the worker's thread, then every queued job the worker takes next, until the queue is empty.
    private func start(_ job: Job, on index: Int) {
        let worker = workers[index]
        Task {
            await worker.drain(first: job, next: { self.takeNext(releasing: index) }, in: worker.runtime)
        }
    }

    /// The next queued job for a worker that finished one, or nil (the worker is idle again).
    private func takeNext(releasing index: Int) -> Job? {
        let (job, drained) = shared.state.withLock { state -> (Job?, [CheckedContinuation<Void, Never>]) in
            if let job = state.queue.popFirst() {
                if !state.waiters.isEmpty {
                    let waiter = state.waiters.removeFirst()
                    waiter.timer?.cancel()
                    state.queue.append(waiter.job)
                }
                return (job, [])
            }
            state.idle.append(index)
            state.running -= 1
            guard state.isShuttingDown, state.running == 0 else { return (nil, []) }
            defer { state.whenDrained.removeAll() }
            return (nil, state.whenDrained)
        }
        for continuation in drained { continuation.resume() }
        return job
    }

    /// A waiting call whose caller was cancelled: it leaves the queue and fails; a running one finishes.
    private func cancel(_ id: UInt64) {
        let job = shared.state.withLock { state -> Job? in
            if state.announced.contains(id) {
                state.cancelledEarly.insert(id)
                return nil
            }
            if let job = state.queue.remove(id: id) { return job }
            if let at = state.waiters.firstIndex(where: { $0.job.id == id }) {
                let waiter = state.waiters.remove(at: at)
                waiter.timer?.cancel()
                return waiter.job
            }
            return nil
        }
        job?.fail(CancellationError())
        signalIfDrained()
    }

    /// A call that waited for room past its patience fails as overloaded.
    private func expire(_ id: UInt64) {
        let (job, queued) = shared.state.withLock { state -> (Job?, Int) in
            guard let at = state.waiters.firstIndex(where: { $0.job.id == id }) else { return (nil, 0) }
            state.statistics.overloaded += 1
            return (state.waiters.remove(at: at).job, state.queue.count)
        }
        job?.fail(JavaScriptPoolError.overloaded(queued: queued))
        signalIfDrained()
    }

    private func signalIfDrained() {
        let drained = shared.state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard state.isShuttingDown, state.running == 0, state.queue.isEmpty, state.waiters.isEmpty else { return [] }
            defer { state.whenDrained.removeAll() }
            return state.whenDrained
        }
        for continuation in drained { continuation.resume() }
    }
}

/// A caller's continuation, resumed once.
private final class Answer<T: Sendable>: Sendable {
    private let continuation: Mutex<CheckedContinuation<T, any Error>?>

    init(_ continuation: CheckedContinuation<T, any Error>) {
        self.continuation = Mutex(continuation)
    }

    func resume(_ result: Result<T, any Error>) {
        continuation.withLock { $0.take() }?.resume(with: result)
    }
}

/// The pool's queue: first in, first out, with removal of a cancelled call.
struct JobQueue {
    private var jobs: [JavaScriptPool.Job] = []
    private var head = 0

    var count: Int { jobs.count - head }
    var isEmpty: Bool { count == 0 }

    mutating func append(_ job: JavaScriptPool.Job) {
        jobs.append(job)
    }

    mutating func popFirst() -> JavaScriptPool.Job? {
        guard head < jobs.count else { return nil }
        let job = jobs[head]
        head += 1
        if head >= 64, head * 2 >= jobs.count {
            jobs.removeFirst(head)
            head = 0
        }
        return job
    }

    mutating func remove(id: UInt64) -> JavaScriptPool.Job? {
        guard let at = jobs[head...].firstIndex(where: { $0.id == id }) else { return nil }
        return jobs.remove(at: at)
    }

    mutating func removeAll() -> [JavaScriptPool.Job] {
        defer { jobs.removeAll(); head = 0 }
        return Array(jobs[head...])
    }
}
