import Testing
import HybridLoop

/// A class that is not `Sendable`, as runtime-thread state is.
private final class Counter {
    var count = 0
}

@Suite struct LoopBoundTests {
    @Test func valueIsReadAndChangedOnTheLoop() async throws {
        let loop = EventLoopThread(name: "test.bound")
        defer { loop.shutdown() }
        let bound = try await loop.submit { LoopBound(Counter(), loop: loop) }
        #expect(!bound.isOnLoop)
        let count = try await loop.submit {
            bound.value.count += 2
            return bound.value.count
        }
        #expect(count == 2)
    }

    @Test func valueSentFromAnotherThreadIsUsedOnTheLoop() async throws {
        let loop = EventLoopThread(name: "test.bound")
        defer { loop.shutdown() }
        let bound = LoopBound(sending: [1, 2], loop: loop)
        let (changed, original) = try await loop.submit {
            // A copy changed on the loop leaves the original as it was.
            var copy = bound
            copy.value.append(3)
            return (copy.value, bound.value)
        }
        #expect(changed == [1, 2, 3])
        #expect(original == [1, 2])
    }

    @Test func boxIsSharedByItsHolders() async throws {
        let loop = EventLoopThread(name: "test.box")
        defer { loop.shutdown() }
        let box = LoopBoundBox(sending: Counter(), loop: loop)
        let other = box
        try await loop.submit {
            box.value.count += 1
            other.withValue { $0.count += 1 }
        }
        #expect(try await loop.submit { box.value.count } == 2)
        #expect(try await loop.submit { box.isOnLoop })
        #expect(!box.isOnLoop)
    }

    @Test func readingOffTheLoopTraps() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let loop = EventLoopThread(name: "test.trap")
            let bound = try await loop.submit { LoopBound(Counter(), loop: loop) }
            _ = bound.value
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("LoopBound<Counter> used off its loop thread 'test.trap'"))
    }

    @Test func bindingOffTheLoopTraps() async {
        await #expect(processExitsWith: .failure) {
            let loop = EventLoopThread(name: "test.trap")
            _ = LoopBound(Counter(), loop: loop)
        }
    }

    @Test func changingABoxOffTheLoopTraps() async {
        await #expect(processExitsWith: .failure) {
            let loop = EventLoopThread(name: "test.trap")
            let box = LoopBoundBox(sending: Counter(), loop: loop)
            box.withValue { $0.count += 1 }
        }
    }

    @Test func boundOnAnotherLoopTraps() async {
        await #expect(processExitsWith: .failure) {
            let loop = EventLoopThread(name: "test.trap")
            let other = EventLoopThread(name: "test.other")
            let bound = try await loop.submit { LoopBound(Counter(), loop: loop) }
            try await other.submit { _ = bound.value.count }
        }
    }
}
