import JavaScript
import HybridRouting

/// A whole app without a screen: the ``HybridApplication`` lifecycle, a ``Window`` with a root ``NavigationStack``, a
/// ``Navigator`` on a `URLRouter`, and the shared ``Notifications``, ``Store`` and ``EventBus``. Reports every page
/// lifecycle callback and app state change as a ``ShellEvent`` (what `hybrid run --routes` writes to its
/// transcript).
///
/// ```swift
/// let shell = AppShell()
/// try shell.navigator.register("/list", page: ListPage.self)
/// let events = shell.events.stream()
/// try shell.start(url: "app://list")      // launches the app, the start page becomes the stack's root
/// ```
@MainActor
public final class AppShell {
    /// The app lifecycle; its callbacks are posted on ``notifications``.
    public let application: HybridApplication
    /// The window the pages are shown in.
    public let window: Window
    /// Opens pages by URL.
    public let navigator: Navigator
    /// App-wide notifications (pages and page JavaScript).
    public let notifications: Notifications
    /// App-wide values (pages and page JavaScript).
    public let store: Store
    /// Typed app events.
    public let bus: EventBus

    private nonisolated let sink = ShellEventSink()

    /// Creates a shell on `router` (a new one by default); nothing is shown until ``start(root:)``.
    public init(router: URLRouter = URLRouter()) {
        notifications = Notifications()
        application = HybridApplication(notifications: notifications)
        window = Window(isVisible: false)
        navigator = Navigator(window: window, router: router)
        store = Store()
        bus = EventBus()
        window.addObserver(sink)
        notifications.observe(nil, owner: sink) { [application] sink, note in
            guard note.name.hasPrefix("app.") else { return }
            sink.send(.app(state: application.state, event: String(note.name.dropFirst(4))))
        }
    }

    /// Every shell event: `events.observe { ... }` calls a closure synchronously as each happens, and
    /// `events.stream()` iterates them with a bounded buffer (streams end at ``shutdown()``).
    public nonisolated var events: EventPublisher<ShellEvent> { sink.events }

    /// Launches the app (if not running) and shows `root` (wrapped in a ``NavigationStack`` unless it is a
    /// container) as the window's root page.
    public func start(root: Page) throws {
        if application.state == .notRunning { try application.launch() }
        let container = root is NavigationStack || root is TabContainer ? root : NavigationStack(root: root)
        window.rootPage = container
        window.makeVisible()
    }

    /// Launches the app and shows the page `url` opens as the root of the window's stack.
    @discardableResult
    public func start(url: String, context: (any Sendable)? = nil) throws -> PageHandle {
        guard let destination = try navigator.destination(for: url, context: context) else {
            throw NavigationError.noRoute(url)
        }
        if destination.page.url == nil { destination.page.url = url }
        let handle = PageHandle(page: destination.page)
        try start(root: destination.page)
        return handle
    }

    /// Terminates the app, clears the window (pages are released) and ends the event streams.
    public func shutdown() {
        if application.state != .notRunning { try? application.terminate() }
        window.rootPage = nil
        sink.events.finish()
    }
}
