import Testing
import HybridLoop
import Synchronization

/// The event API every module shares: ordered observers, cancellable, and bounded streams.
@Suite struct EventPublisherTests {
    @Test func observersAreCalledInTheOrderTheyWereAdded() {
        let publisher = EventPublisher<Int>()
        let seen = Mutex<[String]>([])
        for name in ["a", "b", "c", "d", "e", "f", "g", "h"] {
            publisher.observe { value in seen.withLock { $0.append("\(name)\(value)") } }
        }
        publisher.emit(1)
        #expect(seen.withLock { $0 } == ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"])
    }

    @Test func aCancelledObserverIsNotCalledAgain() {
        let publisher = EventPublisher<Int>()
        let seen = Mutex<[Int]>([])
        let observation = publisher.observe { value in seen.withLock { $0.append(value) } }
        publisher.emit(1)
        observation.cancel()
        observation.cancel()
        publisher.emit(2)
        #expect(seen.withLock { $0 } == [1])
        #expect(!publisher.hasSubscribers)
    }

    @Test func aStreamGetsEventsFromItsCreationOnAndEndsWhenThePublisherFinishes() async {
        let publisher = EventPublisher<Int>()
        publisher.emit(0)
        let stream = publisher.stream()
        publisher.emit(1)
        publisher.emit(2)
        publisher.finish()
        publisher.emit(3)
        var received: [Int] = []
        for await value in stream { received.append(value) }
        #expect(received == [1, 2])
        #expect(stream.droppedCount == 0)
    }

    @Test func aSlowReaderKeepsTheNewestEventsAndCountsTheDropped() async {
        let publisher = EventPublisher<Int>()
        let stream = publisher.stream(bufferLimit: 3)
        for value in 1...10 { publisher.emit(value) }
        publisher.finish()
        var received: [Int] = []
        for await value in stream { received.append(value) }
        #expect(received == [8, 9, 10])
        #expect(stream.droppedCount == 7)
    }

    @Test func afterFinishingNothingIsAttached() async {
        let publisher = EventPublisher<Int>()
        publisher.finish()
        let seen = Mutex(0)
        publisher.observe { _ in seen.withLock { $0 += 1 } }
        publisher.emit(1)
        var count = 0
        for await _ in publisher.stream() { count += 1 }
        #expect(count == 0)
        #expect(seen.withLock { $0 } == 0)
        #expect(!publisher.hasSubscribers)
    }

    @Test func aStreamWhoseReaderStoppedIsDetached() async {
        let publisher = EventPublisher<Int>()
        do {
            let stream = publisher.stream()
            #expect(publisher.hasSubscribers)
            var iterator = stream.makeAsyncIterator()
            publisher.emit(1)
            #expect(await iterator.next() == 1)
        }
        // AsyncStream ends its buffer when the last iterator and the stream are gone.
        #expect(!publisher.hasSubscribers)
    }
}
