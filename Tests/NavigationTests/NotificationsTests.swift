import Testing
import Navigation

@MainActor final class ObservingPage: Page {
    var received: [String] = []
    init(name: String, notifications: Notifications) {
        super.init(name: name)
        notifications.observe("cart.changed", owner: self) { page, note in
            page.received.append(note.userInfo["item"] as? String ?? "")
        }
    }
}

@MainActor @Suite struct NotificationsTests {
    let center = Notifications()

    @Test func deliveryIsInRegistrationOrderWithNameSenderAndUserInfo() {
        var order: [String] = []
        let sender = Page(name: "Sender")
        for index in 0..<20 {
            center.observe("ping") { note in
                #expect(note.sender === sender)
                order.append("\(index):\(note.userInfo["n"] as? Int ?? -1)")
            }
        }
        center.observe("other") { _ in order.append("other") }
        #expect(center.post("ping", sender: sender, userInfo: ["n": 7]) == 20)
        #expect(order == (0..<20).map { "\($0):7" })
    }

    @Test func anObserverOwnedByAPageIsRemovedWhenThePageIsDeallocated() {
        var page: ObservingPage? = ObservingPage(name: "Cart", notifications: center)
        weak let weakPage = page
        center.post("cart.changed", userInfo: ["item": "apple"])
        #expect(page?.received == ["apple"])
        #expect(center.observerCount(for: "cart.changed") == 1)
        page = nil
        #expect(weakPage == nil)  // the observer did not keep the page alive
        #expect(center.observerCount(for: "cart.changed") == 0)
        #expect(center.post("cart.changed", userInfo: ["item": "pear"]) == 0)
    }

    @Test func aPoppedPagesObserverStopsWithThePage() {
        let window = Window()
        let stack = NavigationStack(root: Page(name: "Root"))
        window.rootPage = stack
        stack.push(ObservingPage(name: "Cart", notifications: center))
        #expect(center.post("cart.changed") == 1)
        stack.pop()
        #expect(center.post("cart.changed") == 0)
    }

    @Test func tokensRemoveOneObserverAndUnknownTokensAreHarmless() {
        var calls = 0
        let token = center.observe("x") { _ in calls += 1 }
        center.observe("x") { _ in calls += 10 }
        #expect(center.remove(token))
        #expect(!center.remove(token))
        center.post("x")
        #expect(calls == 10)
    }

    @Test func observersAddedOrRemovedDuringAPostDoNotGetIt() {
        var calls: [String] = []
        var second: NotificationToken?
        center.observe("x") { [center] _ in
            calls.append("first")
            center.observe("x") { _ in calls.append("added") }
            if let second { center.remove(second) }
        }
        second = center.observe("x") { _ in calls.append("second") }
        center.post("x")
        #expect(calls == ["first"])
        center.post("x")
        #expect(calls == ["first", "first", "added"])
    }

    @Test func removeAllForAnOwnerAndObserversOfEveryName() {
        let owner = Page(name: "Owner")
        var all: [String] = []
        center.observe(nil, owner: owner) { _, note in all.append(note.name) }
        center.observe("a", owner: owner) { _, _ in all.append("a-specific") }
        center.post("a")
        center.post("b")
        #expect(all == ["a", "a-specific", "b"])
        center.removeAll(owner: owner)
        #expect(center.observerCount() == 0)
    }
}
