/// A notification: a name, who sent it, and values. Delivered on the main actor.
public struct AppNotification {
    /// The name (`app.didBecomeActive`, `cart.changed`, ...).
    public var name: String
    /// The sender, if the poster gave one.
    public var sender: AnyObject?
    /// Values the poster attached. Values from page JavaScript are `JSONValue`s.
    public var userInfo: [String: any Sendable]

    /// Creates a notification.
    public init(name: String, sender: AnyObject? = nil, userInfo: [String: any Sendable] = [:]) {
        self.name = name
        self.sender = sender
        self.userInfo = userInfo
    }
}

/// Identifies one observer registration; pass it to ``Notifications/remove(_:)``.
public struct NotificationToken: Sendable, Hashable {
    let id: Int
}
