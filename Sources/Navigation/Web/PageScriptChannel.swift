import HybridJSON

/// How native code calls a page's JavaScript handlers (a web page's bridge). Deliveries are never paused, even
/// while the page is hidden.
@MainActor
public protocol PageScriptChannel: AnyObject, Sendable {
    /// Calls the page's JavaScript handler `name` with `data`, without waiting for an answer.
    func send(_ name: String, _ data: JSONValue)
}
