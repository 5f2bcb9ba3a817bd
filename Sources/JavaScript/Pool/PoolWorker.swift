import Foundation
import HybridLoop
import Synchronization

/// One runtime thread of a ``JavaScriptPool`` and the one context it hands to calls, one call at a time.
///
/// The context lives in a `LoopBoundBox`: every use checks that it happens on the worker's own thread, so no
/// context is ever touched by two threads (the check stops the program, in release builds too).
final class PoolWorker: Sendable {
    let index: Int
    let runtime: JavaScriptRuntime
    private let configuration: JavaScriptPool.Configuration
    private let setup: JavaScriptPool.Setup
    private let slot: LoopBoundBox<Slot>
    /// Called (on the worker's thread) when a context is replaced by a fresh one.
    private let onRecycle: @Sendable (JavaScriptPool.ReplacementReason) -> Void

    /// The worker's context and what decides its replacement. Only on the worker's thread.
    final class Slot {
        var context: JSContext?
        var uses = 0
        /// Heap bytes after the context's setup, for ``JavaScriptPool/Configuration/maxHeapGrowth``.
        var baseline = 0
    }

    init(index: Int, configuration: JavaScriptPool.Configuration, setup: @escaping JavaScriptPool.Setup,
         onRecycle: @escaping @Sendable (JavaScriptPool.ReplacementReason) -> Void) {
        self.index = index
        self.configuration = configuration
        self.setup = setup
        self.onRecycle = onRecycle
        runtime = JavaScriptRuntime(configuration: .init(name: "\(configuration.name)-\(index)",
                                                         consoleSink: configuration.consoleSink))
        slot = LoopBoundBox(sending: Slot(), loop: runtime.loop)
    }

    /// Makes and sets up the context now, so that a setup that fails is known before any call.
    func prepare() async throws {
        try await runtime.perform { runtime in _ = try self.context(in: runtime) }
    }

    /// Runs `jobs` one after another on the worker's thread: the first, then each `next` returns, until it returns
    /// nil. The loop stays on the thread, so a call costs no hop to it while calls are queued.
    func drain(first job: JavaScriptPool.Job, next: @Sendable () -> JavaScriptPool.Job?,
               in runtime: isolated JavaScriptRuntime) async {
        var job: JavaScriptPool.Job? = job
        while let current = job {
            await current.run(self, runtime)
            job = next()
        }
    }

    /// Runs `body` with the context, under the call's time limit.
    func run<T: Sendable>(_ body: @Sendable (JSContext) throws -> T, in runtime: isolated JavaScriptRuntime) throws -> T {
        let context = try self.context(in: runtime)
        defer { runtime.virtualMachine.deadline = nil }
        let value = try self.limited(in: runtime, deadline: self.deadline(from: .now)) { try body(context) }
        self.didCall(in: runtime)
        return value
    }

    /// Calls the global function at `path` (`calculatePrice`, `pricing.total`) with `arguments` encoded as JSON
    /// values and decodes its result as `T`, after the promise it returned settled.
    func call<T: Decodable & Sendable>(_ path: String, arguments: [any Encodable & Sendable], as type: T.Type,
                                       in runtime: isolated JavaScriptRuntime) async throws -> T {
        let started = ContinuousClock.now
        let deadline = self.deadline(from: started)
        let step: CallStep<T> = try {
            let context = try self.context(in: runtime)
            return try self.limited(in: runtime, deadline: deadline) {
                let (function, this) = try Self.resolve(path, in: context)
                let values = try arguments.map { argument in try JSValue(encoding: argument, in: context) }
                let result = try function.call(arguments: values, this: this)
                guard result.isPromise else {
                    runtime.virtualMachine.deadline = nil
                    self.didCall(in: runtime)
                    return .done(try result.decode(T.self))
                }
                let waiter = PromiseWaiter<T>()
                let fulfilled = JSValue(function: { args in
                    waiter.settle { try args[0].decode(T.self) }
                    return nil
                }, name: "fulfilled", in: context)
                let rejected = JSValue(function: { args in
                    waiter.settle { throw JSException(args[0]) }
                    return nil
                }, name: "rejected", in: context)
                _ = try result.invokeMethod("then", arguments: [fulfilled, rejected])
                return .pending(waiter)
            }
        }()
        switch step {
        case .done(let value):
            return value
        case .pending(let waiter):
            switch await waiter.wait(until: deadline) {
            case .success(let value):
                didCall(in: runtime)
                return value
            case .failure(let error):
                didCall(in: runtime)
                throw error
            case nil:
                // Past the limit with the promise still pending: whatever it waits for dies with its context. The
                // deadline stayed set, so JavaScript the call left running (a timer's loop) has been stopped.
                runtime.virtualMachine.deadline = nil
                discard(.timedOut)
                throw JavaScriptPoolError.timedOut(configuration.callTimeLimit ?? .zero)
            }
        }
    }

    func shutdown() async {
        await runtime.perform { _ in self.discard(nil) }
        await runtime.shutdown()
    }

    // MARK: On the worker's thread

    private func deadline(from start: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        configuration.callTimeLimit.map { start + $0 }
    }

    /// The context for the next call, made and set up when there is none.
    private func context(in runtime: isolated JavaScriptRuntime) throws -> JSContext {
        let slot = self.slot.value
        if let context = slot.context { return context }
        let context = runtime.makeContext(name: "\(configuration.name)-\(index)")
        do {
            try setup(context)
        } catch {
            context.close()
            throw JavaScriptPoolError.setupFailed((error as? JSException).map { "\($0.name): \($0.message)" } ?? "\(error)")
        }
        slot.context = context
        slot.uses = 0
        if configuration.maxHeapGrowth != nil {
            slot.baseline = runtime.virtualMachine.heapStatistics(in: context).totalBytes
        }
        return context
    }

    /// Runs `body` with the watchdog's deadline set, and leaves it set: a call that returned a promise keeps it
    /// until the promise settles (timers and jobs it started run under it). A throw clears it; a stop by the
    /// watchdog also discards the context.
    private func limited<T>(in runtime: isolated JavaScriptRuntime, deadline: ContinuousClock.Instant?,
                            _ body: () throws -> T) throws -> T {
        runtime.virtualMachine.deadline = deadline
        do {
            return try body()
        } catch let error as JSException where error.isExecutionTimeLimitExceeded {
            runtime.virtualMachine.deadline = nil
            discard(.timedOut)
            throw JavaScriptPoolError.timedOut(configuration.callTimeLimit ?? .zero)
        } catch {
            runtime.virtualMachine.deadline = nil
            throw error
        }
    }

    /// Counts a finished call and replaces the context once it reached its uses or its heap growth.
    private func didCall(in runtime: isolated JavaScriptRuntime) {
        runtime.virtualMachine.deadline = nil
        let slot = self.slot.value
        guard let context = slot.context else { return }
        slot.uses += 1
        if let limit = configuration.maxUsesPerContext, slot.uses >= limit {
            discard(.uses)
        } else if let growth = configuration.maxHeapGrowth,
                  runtime.virtualMachine.heapStatistics(in: context).totalBytes - slot.baseline > growth {
            discard(.heapGrowth)
        }
    }

    /// Closes the context; the next call gets a fresh one. `reason` nil: the pool is stopping.
    private func discard(_ reason: JavaScriptPool.ReplacementReason?) {
        let slot = self.slot.value
        guard let context = slot.context else { return }
        context.close()
        slot.context = nil
        if let reason { onRecycle(reason) }
    }

    /// The function at a dotted global path and the object it is a method of.
    private static func resolve(_ path: String, in context: JSContext) throws -> (JSValue, JSValue?) {
        var this: JSValue?
        var value = context.globalObject
        for name in path.split(separator: ".", omittingEmptySubsequences: false) {
            guard value.isObject else { break }
            this = value
            value = value[String(name)]
        }
        guard value.isFunction else {
            throw JSException(name: "TypeError", message: "\(path) is not a function")
        }
        return (value, this)
    }
}

/// What a call's first turn on the worker's thread ended with.
enum CallStep<T: Sendable>: Sendable {
    case done(T)
    case pending(PromiseWaiter<T>)
}

/// The settlement of a promise a call returned, handed from the worker's thread to the caller, or nothing once the
/// call's deadline passed first.
final class PromiseWaiter<T: Sendable>: Sendable {
    private enum State {
        case waiting(CheckedContinuation<Result<T, any Error>?, Never>?)
        case settled(Result<T, any Error>?)
    }
    private let state = Mutex(State.waiting(nil))

    /// Settles with what `body` returns or throws; the first settlement wins.
    func settle(_ body: () throws -> T) {
        let result: Result<T, any Error>
        do { result = .success(try body()) } catch { result = .failure(error) }
        finish(result)
    }

    private func finish(_ result: Result<T, any Error>?) {
        let continuation: CheckedContinuation<Result<T, any Error>?, Never>?? = state.withLock { state in
            guard case .waiting(let continuation) = state else { return nil }
            state = .settled(result)
            return .some(continuation)
        }
        if case .some(.some(let continuation)) = continuation { continuation.resume(returning: result) }
    }

    /// The settlement, or nil when `deadline` passes first.
    func wait(until deadline: ContinuousClock.Instant?) async -> Result<T, any Error>? {
        let timer = deadline.map { deadline in
            Task { [weak self] in
                try await Task.sleep(until: deadline)
                self?.finish(nil)
            }
        }
        defer { timer?.cancel() }
        return await withCheckedContinuation { continuation in
            let settled: Result<T, any Error>?? = state.withLock { state in
                switch state {
                case .settled(let result): return .some(result)
                case .waiting:
                    state = .waiting(continuation)
                    return nil
                }
            }
            if case .some(let result) = settled { continuation.resume(returning: result) }
        }
    }
}
