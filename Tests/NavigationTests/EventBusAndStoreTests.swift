import Testing
import JavaScript
import Navigation
import Synchronization

struct LoggedIn: Sendable, Equatable { var user: String }
struct LoggedOut: Sendable {}

final class Box<Value: Sendable>: Sendable {
    let value: Mutex<Value>
    init(_ value: Value) { self.value = Mutex(value) }
    var get: Value { value.withLock { $0 } }
    func update(_ body: (inout Value) -> Void) { value.withLock { body(&$0) } }
}

@Suite struct EventBusTests {
    let bus = EventBus()

    @Test func subscribersGetEventsOfTheirTypeInSubscriptionOrder() {
        let log = Box<[String]>([])
        bus.subscribe(LoggedIn.self) { event in log.update { $0.append("a:\(event.user)") } }
        bus.subscribe(LoggedIn.self) { event in log.update { $0.append("b:\(event.user)") } }
        bus.subscribe(LoggedOut.self) { _ in log.update { $0.append("out") } }
        #expect(bus.publish(LoggedIn(user: "joe")) == 2)
        #expect(log.get == ["a:joe", "b:joe"])
        #expect(bus.publish(42) == 0)
    }

    @Test func onceDeliversOneEventOnly() {
        let count = Box(0)
        bus.once(LoggedIn.self) { _ in count.update { $0 += 1 } }
        bus.publish(LoggedIn(user: "a"))
        bus.publish(LoggedIn(user: "b"))
        #expect(count.get == 1)
        #expect(bus.subscriberCount(LoggedIn.self) == 0)
    }

    @Test func unsubscribeStopsDelivery() {
        let count = Box(0)
        let subscription = bus.subscribe(LoggedIn.self) { _ in count.update { $0 += 1 } }
        bus.publish(LoggedIn(user: "a"))
        #expect(bus.unsubscribe(subscription))
        #expect(!bus.unsubscribe(subscription))
        bus.publish(LoggedIn(user: "b"))
        #expect(count.get == 1)
    }

    @Test func eventsAsAnAsyncSequenceAndTheSubscriptionEndsWithTheConsumer() async {
        var users: [String] = []
        do {
            let stream = bus.events(LoggedIn.self)
            #expect(bus.subscriberCount(LoggedIn.self) == 1)
            bus.publish(LoggedIn(user: "a"))
            bus.publish(LoggedIn(user: "b"))
            for await event in stream {
                users.append(event.user)
                if users.count == 2 { break }
            }
        }
        #expect(users == ["a", "b"])
        #expect(bus.subscriberCount(LoggedIn.self) == 0)
    }

    /// A reader that stops reading keeps at most its buffer: the oldest events go first, and are counted.
    @Test func aStreamThatIsNotReadKeepsItsNewestEventsAndCountsTheRest() async {
        let stream = bus.events(LoggedIn.self, bufferLimit: 3)
        for index in 0..<10 { bus.publish(LoggedIn(user: "\(index)")) }
        #expect(stream.droppedCount == 7)
        var users: [String] = []
        for await event in stream {
            users.append(event.user)
            if users.count == 3 { break }
        }
        #expect(users == ["7", "8", "9"])
        let store = Store()
        let changes = store.changes("k", bufferLimit: 2)
        for value in 0..<5 { store.set("k", .number(Double(value))) }
        #expect(changes.droppedCount == 3)
        var seen: [JSONValue?] = []
        for await value in changes {
            seen.append(value)
            if seen.count == 2 { break }
        }
        #expect(seen == [3, 4])
    }

    @Test func concurrentPublishersDeliverEveryEventAndOnceExactlyOnce() async {
        let count = Box(0), onceCount = Box(0)
        bus.subscribe(LoggedIn.self) { _ in count.update { $0 += 1 } }
        bus.once(LoggedIn.self) { _ in onceCount.update { $0 += 1 } }
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask { for index in 0..<250 { bus.publish(LoggedIn(user: "\(task).\(index)")) } }
            }
        }
        #expect(count.get == 1_000)
        #expect(onceCount.get == 1)
    }
}

@Suite struct StoreTests {
    let store = Store()

    struct Profile: Codable, Equatable { var name: String; var age: Int }

    @Test func observersSeeChangesOnlyWhenTheValueChanges() {
        let log = Box<[String]>([])
        store.observe("user") { key, value in log.update { $0.append("\(key)=\(value?.jsonString ?? "nil")") } }
        store.observe(nil) { key, _ in log.update { $0.append("any:\(key)") } }
        store.set("user", "joe")
        store.set("user", "joe")
        store.set("other", 1)
        store.set("user", nil)
        #expect(log.get == ["user=\"joe\"", "any:user", "any:other", "user=nil", "any:user"])
        #expect(store.keys == ["other"])
    }

    @Test func typedValuesGoThroughCodable() throws {
        try store.set("profile", encoding: Profile(name: "Ann", age: 30))
        #expect(try store.get("profile", as: Profile.self) == Profile(name: "Ann", age: 30))
        #expect(store.value("profile")?["age"] == 30)
        #expect(try store.get("missing", as: Profile.self) == nil)
        store.set("profile", "not a profile")
        #expect(throws: (any Error).self) { try store.get("profile", as: Profile.self) }
    }

    @Test func removedObserversAndChangeStreams() async {
        let count = Box(0)
        let observation = store.observe("k") { _, _ in count.update { $0 += 1 } }
        #expect(store.removeObserver(observation))
        #expect(!store.removeObserver(observation))
        let changes = store.changes("k")
        store.set("k", 1)
        store.set("k", 2)
        var seen: [JSONValue?] = []
        for await value in changes {
            seen.append(value)
            if seen.count == 2 { break }
        }
        #expect(seen == [1, 2])
        #expect(count.get == 0)
    }
}
