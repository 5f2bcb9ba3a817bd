import Foundation
import Synchronization
import Testing
import TestSupport
@testable import JavaScript

/// `JavaScriptPool`: contexts prepared once, calls from any task, a bounded queue, time limits that replace the
/// context, recycling and shutdown. Waits are on events (a gate the test opens), never on the clock, except where a
/// call's time limit is what is tested.
@Suite struct JavaScriptPoolTests {
    static let pricing = """
        var calls = 0;
        function calculatePrice(cart) {
          calls++;
          var total = cart.items.reduce(function (sum, item) { return sum + item.price * item.quantity; }, 0);
          return { total: total, currency: cart.currency, calls: calls };
        }
        var pricing = { rate: 2, double: function (n) { return n * this.rate; } };
        async function later(n) { await new Promise(function (resolve) { setTimeout(resolve, 1); }); return n + 1; }
        async function refuse(reason) { throw new RangeError(reason); }
        function spin() { for (;;) {} }
        function never() { return new Promise(function () {}); }
        async function spinLater() { await new Promise(function (resolve) { setTimeout(resolve, 1); }); for (;;) {} }
        function keep(megabytes) { globalThis.kept = new ArrayBuffer(megabytes << 20); return calls++; }
        function count() { return ++calls; }
        function where() { return globalThis.kept === undefined ? 'fresh' : 'kept'; }
        """

    struct Item: Codable, Sendable { var price: Double; var quantity: Int }
    struct Cart: Codable, Sendable { var items: [Item]; var currency: String }
    struct Price: Codable, Sendable, Equatable { var total: Double; var currency: String; var calls: Int }

    private func pool(_ configuration: JavaScriptPool.Configuration = .init(runtimes: 1)) async throws -> JavaScriptPool {
        try await JavaScriptPool(configuration: configuration) { context in
            _ = try context.evaluate(Self.pricing, sourceURL: "pricing.js")
        }
    }

    @Test func callsDecodeCodableResultsAwaitPromisesAndReportExceptions() async throws {
        let pool = try await pool()
        let cart = Cart(items: [Item(price: 2.5, quantity: 2), Item(price: 1, quantity: 3)], currency: "EUR")
        #expect(try await pool.call("calculatePrice", [cart], as: Price.self) == Price(total: 8, currency: "EUR", calls: 1))
        #expect(try await pool.call("pricing.double", [21], as: Int.self) == 42)   // a method: `this` is `pricing`
        #expect(try await pool.call("later", [41], as: Int.self) == 42)            // a promise settled by a timer
        let rejected = await #expect(throws: JSException.self) { try await pool.call("refuse", ["too low"], as: Int.self) }
        #expect(rejected?.name == "RangeError" && rejected?.message == "too low")
        let missing = await #expect(throws: JSException.self) { try await pool.call("nope.nothing", as: Int.self) }
        #expect(missing?.message == "nope.nothing is not a function")
        await #expect(throws: DecodingError.self) { try await pool.call("calculatePrice", [cart], as: [String].self) }
        #expect(try await pool.run { context in try context.evaluate("calls").toDouble() } == 2)
        #expect(pool.statistics.completed == 4 && pool.statistics.failed == 3)
        await pool.shutdown()
    }

    /// Three callers at once get the three contexts, each on its own thread; over many calls every context stays on
    /// the one thread it was made on.
    @Test func concurrentCallersGetDistinctContextsEachOnOneThread() async throws {
        let pool = try await JavaScriptPool(configuration: .init(runtimes: 3)) { context in
            _ = try context.evaluate("var id = Math.random()")
        }
        let arrived = Locked(0), seen = Locked<[Double: Set<UInt>]>([:])
        let together = try await withThrowingTaskGroup(of: Double.self) { group in
            for _ in 0..<3 {
                group.addTask {
                    try await pool.run { context in
                        arrived.withLock { $0 += 1 }
                        // Hold this runtime until all three calls run at once (a pool that ran them one by one
                        // would end the wait at the generous limit with fewer than three).
                        let end = ContinuousClock.now + .generous
                        while arrived.withLock({ $0 }) < 3, ContinuousClock.now < end { usleep(1000) }
                        return context.globalObject["id"].toDouble()
                    }
                }
            }
            return try await group.reduce(into: Set<Double>()) { $0.insert($1) }
        }
        #expect(arrived.withLock { $0 } == 3)
        #expect(together.count == 3)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<60 {
                group.addTask {
                    try await pool.run { context in
                        let id = context.globalObject["id"].toDouble()
                        seen.withLock { $0[id, default: []].insert(UInt(bitPattern: Int(bitPattern: pthread_self()))) }
                    }
                }
            }
            try await group.waitForAll()
        }
        let threads = seen.withLock { $0 }
        #expect(Set(threads.keys) == together)
        #expect(threads.values.allSatisfy { $0.count == 1 })
        #expect(Set(threads.values.flatMap { $0 }).count == 3)
        await pool.shutdown()
    }

    /// The time limit is what is tested: an endless loop and a promise that never settles are both stopped, the
    /// context is replaced (its globals are gone) and the pool keeps serving.
    @Test(.spinsTheCPU) func aCallPastItsTimeLimitIsStoppedAndItsContextReplaced() async throws {
        let pool = try await pool(.init(runtimes: 1, callTimeLimit: .milliseconds(300)))
        #expect(try await pool.call("count", as: Int.self) == 1)
        await #expect(throws: JavaScriptPoolError.timedOut(.milliseconds(300))) { try await pool.call("spin", as: Int.self) }
        #expect(try await pool.call("count", as: Int.self) == 1)   // a fresh context: its own `calls`
        await #expect(throws: JavaScriptPoolError.timedOut(.milliseconds(300))) { try await pool.call("never", as: Int.self) }
        #expect(try await pool.call("count", as: Int.self) == 1)
        // A loop in a timer the call's promise waits for runs under the call's deadline too.
        await #expect(throws: JavaScriptPoolError.timedOut(.milliseconds(300))) { try await pool.call("spinLater", as: Int.self) }
        #expect(try await pool.call("count", as: Int.self) == 1)
        let statistics = pool.statistics
        #expect(statistics.timedOut == 3 && statistics.recycled == 3 && statistics.completed == 4)
        await pool.shutdown()
    }

    @Test func contextsAreRecycledAfterTheirUsesAndTheirHeapGrowth() async throws {
        let byUses = try await pool(.init(runtimes: 1, maxUsesPerContext: 3))
        var counts: [Int] = []
        for _ in 0..<7 { counts.append(try await byUses.call("count", as: Int.self)) }
        #expect(counts == [1, 2, 3, 1, 2, 3, 1])
        #expect(byUses.statistics.recycled == 2)
        await byUses.shutdown()

        let byHeap = try await pool(.init(runtimes: 1, maxHeapGrowth: 4 << 20))
        _ = try await byHeap.call("keep", [1], as: Int.self)      // 1 MiB kept: below the limit
        #expect(try await byHeap.call("where", as: String.self) == "kept")
        _ = try await byHeap.call("keep", [16], as: Int.self)     // 16 MiB: past it, the context goes
        #expect(try await byHeap.call("where", as: String.self) == "fresh")
        #expect(byHeap.statistics.recycled == 1)
        await byHeap.shutdown()
    }

    /// The instrumentation hears each call's start and end with its outcome, the queue's depth and each replaced context.
    @Test func instrumentationHearsCallsQueueDepthAndReplacedContexts() async throws {
        let heard = Heard()
        let gate = Gate()
        let pool = try await pool(.init(runtimes: 1, maxQueued: 1, maxUsesPerContext: 2, instrumentation: heard))
        let holding = Task { try await pool.run { _ in gate.hold() } }
        await gate.held()
        let queued = Task { try await pool.call("count", as: Int.self) }
        while pool.statistics.queued < 1 { await Task.yield() }
        await #expect(throws: JavaScriptPoolError.self) { try await pool.call("count", as: Int.self) }
        gate.release()
        try await holding.value
        _ = try await queued.value
        await #expect(throws: JSException.self) { try await pool.call("refuse", ["no"], as: Int.self) }
        await pool.shutdown()
        let events = heard.events
        #expect(Array(events.prefix(3)) == ["started", "queued 1", "ended overloaded"])
        // A caller may submit its next call before the worker it used is idle again, so later calls may queue too.
        #expect(events.filter { !$0.hasPrefix("queued") } == [
            "started", "ended overloaded", "ended completed", "started", "replaced uses", "ended completed",
            "started", "ended failed",
        ])
    }

    @Test func aSetupThatThrowsFailsThePool() async throws {
        let error = await #expect(throws: JavaScriptPoolError.self) {
            _ = try await JavaScriptPool(configuration: .init(runtimes: 2)) { context in
                _ = try context.evaluate("var x = ; // broken", sourceURL: "broken.js")
            }
        }
        guard case .setupFailed(let message) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(message.hasPrefix("SyntaxError"))
    }

    /// One runtime held by a call the test releases: the queue's bound, waiting for room, cancellation and shutdown.
    @Test func aFullQueueRefusesAtOnceOrWaitsForRoom() async throws {
        let gate = Gate()
        let pool = try await pool(.init(runtimes: 1, maxQueued: 1))
        let holding = Task { try await pool.run { _ in gate.hold() } }
        await gate.held()
        let queued = Task { try await pool.call("count", as: Int.self) }
        while pool.statistics.queued < 1 { await Task.yield() }
        await #expect(throws: JavaScriptPoolError.overloaded(queued: 1)) { try await pool.call("count", as: Int.self) }
        #expect(pool.statistics.overloaded == 1)
        gate.release()
        try await holding.value
        #expect(try await queued.value == 1)
        await pool.shutdown()

        let patient = try await self.pool(.init(runtimes: 1, maxQueued: 1, overflow: .wait(.generous)))
        let held = Task { try await patient.run { _ in gate.hold() } }
        await gate.held()
        let first = Task { try await patient.call("count", as: Int.self) }
        while patient.statistics.queued < 1 { await Task.yield() }
        let second = Task { try await patient.call("count", as: Int.self) }   // waits for room
        while patient.statistics.queued < 2 { await Task.yield() }
        gate.release()
        try await held.value
        #expect(try await [first.value, second.value] == [1, 2])   // in the order they came
        await patient.shutdown()
    }

    @Test func aCancelledWaitingCallNeverRuns() async throws {
        let gate = Gate()
        let pool = try await pool()
        let holding = Task { try await pool.run { _ in gate.hold() } }
        await gate.held()
        let waiting = Task { try await pool.call("count", as: Int.self) }
        while pool.statistics.queued < 1 { await Task.yield() }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        gate.release()
        try await holding.value
        #expect(try await pool.call("count", as: Int.self) == 1)   // the cancelled call never counted
        await pool.shutdown()
    }

    @Test func shutdownCancelsOrDrainsQueuedCallsWithAClearError() async throws {
        let gate = Gate()
        let pool = try await pool()
        let holding = Task { try await pool.run { _ in gate.hold(); return "finished" } }
        await gate.held()
        let queued = (0..<2).map { _ in Task { try await pool.call("count", as: Int.self) } }
        while pool.statistics.queued < 2 { await Task.yield() }
        let stopping = Task { await pool.shutdown(.cancel) }
        for call in queued { await #expect(throws: JavaScriptPoolError.shutDown) { try await call.value } }
        gate.release()
        #expect(try await holding.value == "finished")   // a running call finishes
        await stopping.value
        await #expect(throws: JavaScriptPoolError.shutDown) { try await pool.call("count", as: Int.self) }

        let draining = try await self.pool()
        let held = Task { try await draining.run { _ in gate.hold() } }
        await gate.held()
        let later = (0..<2).map { _ in Task { try await draining.call("count", as: Int.self) } }
        while draining.statistics.queued < 2 { await Task.yield() }
        let drained = Task { await draining.shutdown(.drain) }
        gate.release()
        try await held.value
        await drained.value
        #expect(Set(try await [later[0].value, later[1].value]) == [1, 2])
    }
}

/// Records what a pool's instrumentation hears, in order.
private final class Heard: JavaScriptPoolInstrumentation {
    private let log = Mutex<[String]>([])
    var events: [String] { log.withLock { $0 } }
    func callQueued(depth: Int) { log.withLock { $0.append("queued \(depth)") } }
    func callStarted(waited: Duration, depth: Int) { log.withLock { $0.append("started") } }
    func callEnded(_ outcome: JavaScriptPool.CallOutcome, ran: Duration) { log.withLock { $0.append("ended \(outcome.rawValue)") } }
    func contextReplaced(_ reason: JavaScriptPool.ReplacementReason) { log.withLock { $0.append("replaced \(reason.rawValue)") } }
}

/// A value shared by the test's calls.
private final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    init(_ value: Value) { mutex = Mutex(value) }
    func withLock<T>(_ body: (inout Value) -> T) -> T { mutex.withLock { body(&$0) } }
}

/// A call the test holds on its runtime thread until it releases it.
private final class Gate: Sendable {
    private let entered = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)

    /// In the call: says it runs, then blocks until ``release()``.
    func hold() {
        entered.signal()
        released.wait()
    }

    /// Waits (off the cooperative pool) until a call holds.
    func held() async {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { self.entered.wait(); continuation.resume() }
        }
    }

    func release() {
        released.signal()
    }
}
