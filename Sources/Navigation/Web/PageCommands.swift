import HybridJSON

/// The built-in bridge handlers of a page: what page JavaScript uses to open pages by URL, pass results back,
/// post and observe notifications, share store values and read the app state.
///
/// | handler | data | answer |
/// |---|---|---|
/// | `router.open` | `{url, context?}` | the opened page's result when it finishes or is closed (`null` without one) |
/// | `navigation.present` | `{url, context?}` | like `router.open`, the page presented modally |
/// | `navigation.pop` | `{result?}` | `true` when the page was popped (the result goes to its opener) |
/// | `navigation.dismiss` | `{result?}` | `true` when something was dismissed |
/// | `page.finish` | `{result}` | `true`; delivers the result to the opener, then pops or dismisses the page |
/// | `notification.post` | `{name, userInfo?}` | how many observers got it |
/// | `notification.observe` / `unobserve` | `{name}` | `true`; deliveries call JS handler `notification.received` with `{name, userInfo}` |
/// | `store.get` | `{key}` | the value or `null` |
/// | `store.set` | `{key, value}` | `true` |
/// | `store.observe` | `{key}` | `true`; changes call JS handler `store.changed` with `{key, value}` |
/// | `app.state` | - | `notRunning`, `inactive`, `active`, `background` or `suspended` |
///
/// Observations end when the page is deallocated (or ``close()`` is called).
@MainActor
public final class PageCommands {
    /// The built-in handler names.
    public nonisolated static let names = [
        "router.open", "navigation.present", "navigation.pop", "navigation.dismiss", "page.finish",
        "notification.post", "notification.observe", "notification.unobserve",
        "store.get", "store.set", "store.observe", "app.state",
    ]

    private weak var page: Page?
    private let shell: AppShell
    private weak var channel: (any PageScriptChannel)?
    private var notificationTokens: [String: NotificationToken] = [:]
    private let storeObservations: StoreObservations

    /// Commands on behalf of `page`, in `shell`; JavaScript handlers are called through `channel`.
    public init(page: Page, shell: AppShell, channel: (any PageScriptChannel)?) {
        self.page = page
        self.shell = shell
        self.channel = channel
        storeObservations = StoreObservations(store: shell.store)
    }

    /// Runs built-in handler `name` with the page's `data`; the answer is JSON.
    /// - Throws: ``PageCommandError``: `handler_not_found`, `bad_request`, `no_route`, `navigation_failed`.
    public func handle(_ name: String, _ data: JSONValue?) async throws(PageCommandError) -> JSONValue {
        switch name {
        case "router.open": return try await open(data, present: false)
        case "navigation.present": return try await open(data, present: true)
        case "navigation.pop": return .bool(pop(data))
        case "navigation.dismiss": return .bool(dismiss(data))
        case "page.finish":
            guard let page else { return .bool(false) }
            page.finish(Self.result(in: data))
            return true
        case "notification.post":
            let name = try string("name", in: data)
            var userInfo: [String: any Sendable] = [:]
            for (key, value) in data?["userInfo"]?.objectValue ?? JSONObject() { userInfo[key] = value }
            return .number(Double(shell.notifications.post(name, sender: page, userInfo: userInfo)))
        case "notification.observe": return .bool(try observe(string("name", in: data)))
        case "notification.unobserve":
            let name = try string("name", in: data)
            guard let token = notificationTokens.removeValue(forKey: name) else { return false }
            return .bool(shell.notifications.remove(token))
        case "store.get": return shell.store.value(try string("key", in: data)) ?? .null
        case "store.set":
            let key = try string("key", in: data)
            let value = data?["value"] ?? .null
            shell.store.set(key, value.isNull ? JSONValue?.none : value)
            return true
        case "store.observe": return .bool(try observeStore(string("key", in: data)))
        case "app.state": return .string(shell.application.state.rawValue)
        default: throw PageCommandError(code: "handler_not_found", message: "no built-in handler '\(name)'")
        }
    }

    /// Ends every observation this page made.
    public func close() {
        for token in notificationTokens.values { shell.notifications.remove(token) }
        notificationTokens = [:]
        storeObservations.removeAll()
    }

    private func open(_ data: JSONValue?, present: Bool) async throws(PageCommandError) -> JSONValue {
        let url = try string("url", in: data)
        let context = data?["context"]
        let handle: PageHandle
        do {
            guard var destination = try shell.navigator.destination(for: url, context: context) else {
                throw PageCommandError(code: "no_route", message: "no route opens '\(url)'")
            }
            if present { destination.show = .present() }
            if destination.page.url == nil { destination.page.url = url }
            handle = try shell.navigator.show(destination)
        } catch let error as PageCommandError {
            throw error
        } catch {
            throw PageCommandError(code: "navigation_failed", message: "\(error)")
        }
        let result: (any Sendable)?
        do {
            result = try await handle.result
        } catch {
            throw PageCommandError(code: "navigation_failed", message: "\(error)")
        }
        return JSONCoding.json(from: result)
    }

    private func pop(_ data: JSONValue?) -> Bool {
        guard let page, let stack = page.navigationStack, stack.pages.count > 1 else { return false }
        let top = stack.pages.contains { $0 === page } ? page : stack.topPage!
        top.resultSink?.deliver(Self.result(in: data))
        top.close()
        return true
    }

    private func dismiss(_ data: JSONValue?) -> Bool {
        guard let page, page.presentingPage != nil || page.presentedPage != nil else { return false }
        if page.presentingPage != nil {
            // The result goes to whoever presented: the presented page itself or the root of its stack.
            let host = page.presentationHost
            let opened = (host as? NavigationStack)?.rootPage ?? host
            opened.resultSink?.deliver(Self.result(in: data))
        }
        page.dismiss()
        return true
    }

    private func observe(_ name: String) -> Bool {
        guard notificationTokens[name] == nil, let page else { return false }
        notificationTokens[name] = shell.notifications.observe(name, owner: page) { [weak channel] _, note in
            var userInfo = JSONObject()
            for key in note.userInfo.keys.sorted() { userInfo[key] = JSONCoding.json(from: note.userInfo[key]) }
            channel?.send("notification.received", ["name": .string(note.name), "userInfo": .object(userInfo)])
        }
        return true
    }

    private func observeStore(_ key: String) -> Bool {
        guard !storeObservations.contains(key) else { return false }
        let observation = shell.store.observe(key) { [weak self] key, value in
            Task { @MainActor in self?.channel?.send("store.changed", ["key": .string(key), "value": value ?? .null]) }
        }
        storeObservations.add(key, observation)
        return true
    }

    /// `data.result`, nil when absent or `null` (a native opener then gets nil, as for a plain pop).
    private static func result(in data: JSONValue?) -> JSONValue? {
        guard let result = data?["result"], !result.isNull else { return nil }
        return result
    }

    private func string(_ key: String, in data: JSONValue?) throws(PageCommandError) -> String {
        guard let value = data?[key]?.stringValue, !value.isEmpty else {
            throw .badRequest("'\(key)' must be a non-empty string")
        }
        return value
    }
}
