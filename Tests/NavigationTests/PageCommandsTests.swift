import Testing
import JavaScript
import Navigation

/// Stands in for a web page's bridge: records what native code sends to the page's JavaScript handlers.
@MainActor final class RecordingChannel: PageScriptChannel {
    var sent: [String] = []
    private let continuation: AsyncStream<String>.Continuation
    let stream: AsyncStream<String>

    init() {
        (stream, continuation) = AsyncStream<String>.makeStream()
    }

    func send(_ name: String, _ data: JSONValue) {
        let line = "\(name) \(data.jsonString)"
        sent.append(line)
        continuation.yield(line)
    }
}

/// The built-in bridge handlers, driven directly (the web page wires them to its bridge).
@MainActor @Suite struct PageCommandsTests {
    let shell = AppShell()
    let channel = RecordingChannel()
    let list = Page(name: "List")
    let commands: PageCommands

    init() throws {
        try shell.navigator.register("/detail/:id") { match in
            let page = Page(name: "Detail-" + (match["id"] ?? ""))
            return RouteDestination(page: page)
        }
        try shell.start(root: list)
        commands = PageCommands(page: list, shell: shell, channel: channel)
    }

    @Test func routerOpenAnswersWithTheOpenedPagesResult() async throws {
        let answer = Task { @MainActor in try await commands.handle("router.open", ["url": "app://detail/7"]) }
        await Task.yield()
        let detail = try #require(shell.navigator.visiblePage)
        #expect(detail.name == "Detail-7")
        let detailCommands = PageCommands(page: detail, shell: shell, channel: nil)
        #expect(try await detailCommands.handle("page.finish", ["result": ["picked": 7]]) == true)
        #expect(try await answer.value == ["picked": 7])
        #expect(shell.navigator.visiblePage === list)
    }

    @Test func routerOpenAnswersNullWhenTheOpenedPageIsPoppedWithoutAResult() async throws {
        let answer = Task { @MainActor in try await commands.handle("router.open", ["url": "app://detail/1"]) }
        await Task.yield()
        shell.navigator.pop()
        #expect(try await answer.value == .null)
    }

    @Test func navigationPopWithAResultDeliversItToTheOpener() async throws {
        let answer = Task { @MainActor in try await commands.handle("router.open", ["url": "app://detail/2"]) }
        await Task.yield()
        let detail = try #require(shell.navigator.visiblePage)
        let detailCommands = PageCommands(page: detail, shell: shell, channel: nil)
        #expect(try await detailCommands.handle("navigation.pop", ["result": "back"]) == true)
        #expect(try await answer.value == "back")
        #expect(try await commands.handle("navigation.pop", nil) == false)  // the root cannot pop
    }

    @Test func navigationPresentAndDismissWithAResult() async throws {
        let answer = Task { @MainActor in
            try await commands.handle("navigation.present", ["url": "app://detail/3", "context": ["a": 1]])
        }
        await Task.yield()
        let detail = try #require(shell.navigator.visiblePage)
        #expect(detail.presentingPage != nil)
        let detailCommands = PageCommands(page: detail, shell: shell, channel: nil)
        #expect(try await detailCommands.handle("navigation.dismiss", ["result": 42]) == true)
        #expect(try await answer.value == 42)
        #expect(try await commands.handle("navigation.dismiss", nil) == false)
    }

    @Test func badRequestsUnknownRoutesAndUnknownHandlersGiveErrorAnswers() async {
        await #expect(throws: PageCommandError(code: "bad_request", message: "'url' must be a non-empty string")) {
            try await commands.handle("router.open", ["context": 1])
        }
        await #expect(throws: PageCommandError(code: "no_route", message: "no route opens 'app://nowhere'")) {
            try await commands.handle("router.open", ["url": "app://nowhere"])
        }
        await #expect(throws: PageCommandError.self) { try await commands.handle("router.open", "just a string") }
        await #expect(throws: PageCommandError.self) { try await commands.handle("store.get", nil) }
        await #expect(throws: PageCommandError.self) { try await commands.handle("notification.post", ["name": 3]) }
        await #expect(throws: PageCommandError(code: "handler_not_found", message: "no built-in handler 'x.y'")) {
            try await commands.handle("x.y", nil)
        }
        #expect(shell.navigator.visiblePage === list)
    }

    @Test func notificationsBetweenPagesAndNative() async throws {
        #expect(try await commands.handle("notification.observe", ["name": "cart.changed"]) == true)
        #expect(try await commands.handle("notification.observe", ["name": "cart.changed"]) == false)
        shell.notifications.post("cart.changed", userInfo: ["count": 2])
        let other = PageCommands(page: Page(name: "Other"), shell: shell, channel: nil)
        var native: [String] = []
        shell.notifications.observe("cart.changed") { note in native.append("\(note.userInfo["count"] ?? "-")") }
        // The list page, the native observer, and the shell's own observer of every notification (its event stream).
        #expect(try await other.handle("notification.post", ["name": "cart.changed", "userInfo": ["count": 3]]) == 3)
        #expect(channel.sent == [
            #"notification.received {"name":"cart.changed","userInfo":{"count":2}}"#,
            #"notification.received {"name":"cart.changed","userInfo":{"count":3}}"#,
        ])
        #expect(native == ["3"])
        #expect(try await commands.handle("notification.unobserve", ["name": "cart.changed"]) == true)
        #expect(try await commands.handle("notification.unobserve", ["name": "cart.changed"]) == false)
        shell.notifications.post("cart.changed")
        #expect(channel.sent.count == 2)
    }

    @Test func pageJavaScriptSeesAppNotifications() async throws {
        #expect(try await commands.handle("app.state", nil) == "active")
        #expect(try await commands.handle("notification.observe", ["name": "app.didEnterBackground"]) == true)
        try shell.application.enterBackground()
        #expect(channel.sent == [#"notification.received {"name":"app.didEnterBackground","userInfo":{"state":"background"}}"#])
        #expect(try await commands.handle("app.state", nil) == "background")
    }

    @Test func theStoreIsSharedAndObservable() async throws {
        #expect(try await commands.handle("store.get", ["key": "user"]) == .null)
        #expect(try await commands.handle("store.observe", ["key": "user"]) == true)
        #expect(try await commands.handle("store.set", ["key": "user", "value": ["name": "Ann"]]) == true)
        #expect(shell.store.value("user") == ["name": "Ann"])
        shell.store.set("user", "Bob")
        #expect(try await commands.handle("store.get", ["key": "user"]) == "Bob")
        var iterator = channel.stream.makeAsyncIterator()
        #expect(await iterator.next() == #"store.changed {"key":"user","value":{"name":"Ann"}}"#)
        #expect(await iterator.next() == #"store.changed {"key":"user","value":"Bob"}"#)
        commands.close()
        shell.store.set("user", "Cy")
        #expect(try await commands.handle("store.set", ["key": "user", "value": nil]) == true)
        #expect(shell.store.value("user") == nil)
    }

    @Test func aDeallocatedPagesObserversAreGone() async throws {
        var page: Page? = Page(name: "Gone")
        var pageCommands: PageCommands? = PageCommands(page: page!, shell: shell, channel: channel)
        _ = try await pageCommands?.handle("notification.observe", ["name": "n"])
        _ = try await pageCommands?.handle("store.observe", ["key": "k"])
        page = nil
        pageCommands = nil
        #expect(shell.notifications.post("n") == 1)  // only the shell's observer of every notification
        shell.store.set("k", 1)
        await Task.yield()
        #expect(channel.sent.isEmpty)
    }
}

@MainActor @Suite struct PageCommandsResultTests {
    @Test func aJavaScriptFinishWithoutAResultGivesANativeOpenerNil() async throws {
        let shell = AppShell()
        try shell.start(root: Page(name: "Root"))
        let handle = try shell.navigator.push(Page(name: "Web"))
        let commands = PageCommands(page: try #require(handle.page), shell: shell, channel: nil)
        #expect(try await commands.handle("page.finish", [:]) == true)
        #expect(try await handle.result == nil)
    }

    @Test func aJavaScriptResultDecodesIntoACodableType() async throws {
        struct Pick: Codable, Sendable, Equatable { var id: String; var quantity: Int }
        let shell = AppShell()
        try shell.start(root: Page(name: "Root"))
        let handle = try shell.navigator.push(Page(name: "Web"))
        let commands = PageCommands(page: try #require(handle.page), shell: shell, channel: nil)
        _ = try await commands.handle("page.finish", ["result": ["id": "1", "quantity": 2]])
        #expect(try await handle.result(as: Pick.self) == Pick(id: "1", quantity: 2))
    }
}
