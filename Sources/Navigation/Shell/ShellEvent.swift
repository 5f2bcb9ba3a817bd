import HybridJSON

/// What an ``AppShell`` reports as it runs: page lifecycle callbacks and app state changes (the `page` and `app`
/// kinds of `hybrid run`'s transcript).
public enum ShellEvent: Sendable, Hashable, CustomStringConvertible {
    /// A page lifecycle callback: `entry.event` (the callback name), `entry.page`, `entry.url`.
    case page(LifecycleEntry)
    /// The app reached `state` through the app-delegate callback `event` (`didBecomeActive`, ...; `stateChanged`
    /// for the transitions without a callback).
    case app(state: HybridApplicationState, event: String)

    public var description: String {
        switch self {
        case .page(let entry): "page \(entry)" + (entry.url.map { " \($0)" } ?? "")
        case .app(let state, let event): "app \(state.rawValue) (\(event))"
        }
    }
}


extension ShellEvent {
    /// The transcript kind: `page` or `app`.
    public var kind: String {
        switch self {
        case .page: "page"
        case .app: "app"
        }
    }

    /// The transcript fields: `page` events give `event` (the callback name), `page` and `url` (null when the page
    /// was not opened by URL); `app` events give `state` and `event` (the delegate callback).
    public var fields: JSONObject {
        switch self {
        case .page(let entry):
            ["event": .string(entry.event.rawValue), "page": .string(entry.page),
             "url": entry.url.map(JSONValue.string) ?? .null]
        case .app(let state, let event):
            ["state": .string(state.rawValue), "event": .string(event)]
        }
    }
}
