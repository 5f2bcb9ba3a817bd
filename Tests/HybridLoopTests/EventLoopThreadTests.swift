internal import CGLib
import Dispatch
import Testing
import TestSupport
import Synchronization
@testable import HybridLoop

@Suite struct EventLoopThreadTests {
    @Test func executesWorkInOrderOnItsThread() async throws {
        let loop = EventLoopThread(name: "test.loop")
        let order = Mutex<[Int]>([])
        for i in 0..<100 {
            loop.execute {
                precondition(loop.isCurrent)
                order.withLock { $0.append(i) }
            }
        }
        let onLoop = try await loop.submit { loop.isCurrent }
        #expect(onLoop)
        #expect(order.withLock { $0 } == Array(0..<100))
        #expect(!loop.isCurrent)
        loop.shutdown()
    }

    @Test func actorRunsOnTheLoopThread() async {
        let loop = EventLoopThread(name: "test.actor")
        actor Probe {
            let loop: EventLoopThread
            nonisolated var unownedExecutor: UnownedSerialExecutor { loop.asUnownedSerialExecutor() }
            init(loop: EventLoopThread) { self.loop = loop }
            func onLoop() -> Bool { loop.isCurrent }
        }
        let probe = Probe(loop: loop)
        #expect(await probe.onLoop())
    }

    @Test func shutdownRunsQueuedWorkThenStops() async {
        let loop = EventLoopThread(name: "test.shutdown")
        let ran = Mutex(0)
        for _ in 0..<10 { loop.execute { ran.withLock { $0 += 1 } } }
        loop.shutdown()
        #expect(ran.withLock { $0 } == 10)
        loop.execute { ran.withLock { $0 += 1 } }  // dropped, not crashed
        #expect(ran.withLock { $0 } == 10)
    }

    // Regression: the loop read `stopping` before running the queued work, so work that iterates
    // the main context itself (and so consumes shutdown's wake-up) left the thread blocked forever.
    @Test func shutdownDuringWorkThatIteratesTheContextStillStops() {
        let loop = EventLoopThread(name: "test.shutdown-iterating")
        loop.execute {
            loop.shutdown()  // on the loop thread: marks stopping and wakes the context
            while g_main_context_iteration(loop.mainContext, 0) != 0 {}  // consumes that wake-up
        }
        #expect(loop.waitUntilExited(timeout: .generous))
    }

    @Test func workQueuedWhileWorkIteratesTheContextStillRuns() {
        let loop = EventLoopThread(name: "test.enqueue-iterating")
        let ran = DispatchSemaphore(value: 0)
        loop.execute {
            loop.execute { ran.signal() }
            while g_main_context_iteration(loop.mainContext, 0) != 0 {}  // consumes the enqueue's wake-up
        }
        #expect(ran.wait(timeout: .now() + .seconds(Int(Duration.generous.components.seconds))) == .success)
        loop.shutdown()
    }

    @Test func concurrentShutdownsAllWaitForTheThreadToExit() async {
        let loop = EventLoopThread(name: "test.shutdown-concurrent")
        let blocker = DispatchSemaphore(value: 0)
        loop.execute { blocker.wait() }
        await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    loop.shutdown()
                    return loop.waitUntilExited(timeout: .zero)  // already exited when shutdown returns
                }
            }
            blocker.signal()
            for await exited in group { #expect(exited) }
        }
    }
}
