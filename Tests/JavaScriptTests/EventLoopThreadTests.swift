import Testing
import Synchronization
@testable import JavaScript

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
}
