/// What an ``AppShell`` reports as it runs: page lifecycle callbacks and app state changes (the `page` and `app`
/// kinds of `hybrid run`'s transcript).
public enum ShellEvent: Sendable, Hashable, CustomStringConvertible {
    /// A page lifecycle callback: `entry.event` (the callback name), `entry.page`, `entry.url`.
    case page(LifecycleEntry)
    /// The app reached `state` through the app-delegate callback `event` (`didBecomeActive`, ...; `stateChanged`
    /// for the transitions without a callback).
    case app(state: ApplicationState, event: String)

    public var description: String {
        switch self {
        case .page(let entry): "page \(entry)" + (entry.url.map { " \($0)" } ?? "")
        case .app(let state, let event): "app \(state.rawValue) (\(event))"
        }
    }
}
