/// A notification center for pages (the role of `NotificationCenter`), built for what hybrid apps need and
/// Foundation's Linux `NotificationCenter` does not guarantee:
///
/// - delivery in registration order;
/// - an observer registered with an `owner` (usually a page) is removed automatically when the owner is
///   deallocated: the owner is held weakly and a dead owner's observers never run again (no delivery to a dead
///   page, no leak of the page through its observer);
/// - observers added while a notification is being delivered do not get that notification; observers removed
///   while it is delivered do not get it either.
///
/// Runs on the main actor, like the pages; delivery is synchronous, in ``post(_:sender:userInfo:)``.
@MainActor
public final class Notifications {
    private struct Observer {
        var token: NotificationToken
        var name: String?
        var hasOwner: Bool
        weak var owner: AnyObject?
        var handler: (AppNotification) -> Void
        var isAlive: Bool { !hasOwner || owner != nil }
    }

    private var observers: [Observer] = []
    private var nextID = 0

    /// Creates an empty center.
    public init() {}

    /// Observes notifications named `name` (nil: every notification). With an `owner`, the observer goes away
    /// when the owner is deallocated; the handler should then not capture the owner strongly (use the variant
    /// that passes the owner back).
    @discardableResult
    public func observe(_ name: String?, owner: AnyObject? = nil,
                        using handler: @escaping (AppNotification) -> Void) -> NotificationToken {
        let token = NotificationToken(id: nextID)
        nextID += 1
        observers.append(Observer(token: token, name: name, hasOwner: owner != nil, owner: owner, handler: handler))
        return token
    }

    /// Observes notifications named `name` on behalf of `owner`, held weakly and passed to the handler, so the
    /// handler need not capture it: `notifications.observe("cart.changed", owner: self) { page, note in ... }`.
    @discardableResult
    public func observe<Owner: AnyObject>(_ name: String?, owner: Owner,
                                          using handler: @escaping (Owner, AppNotification) -> Void)
        -> NotificationToken {
        observe(name, owner: owner as AnyObject) { [weak owner] note in
            if let owner { handler(owner, note) }
        }
    }

    /// Removes one observer. Returns whether it was registered.
    @discardableResult
    public func remove(_ token: NotificationToken) -> Bool {
        guard let index = observers.firstIndex(where: { $0.token == token }) else { return false }
        observers.remove(at: index)
        return true
    }

    /// Removes every observer registered on behalf of `owner`.
    public func removeAll(owner: AnyObject) {
        observers.removeAll { $0.owner === owner }
    }

    /// Posts a notification to the observers of its name and to the observers of every notification, in
    /// registration order. Returns how many observers got it.
    @discardableResult
    public func post(_ name: String, sender: AnyObject? = nil, userInfo: [String: any Sendable] = [:]) -> Int {
        purge()
        let notification = AppNotification(name: name, sender: sender, userInfo: userInfo)
        let targets = observers.filter { $0.name == nil || $0.name == name }.map(\.token)
        var delivered = 0
        for token in targets {
            // Looked up again: an earlier handler may have removed it, or its owner may be gone.
            guard let observer = observers.first(where: { $0.token == token }), observer.isAlive else { continue }
            observer.handler(notification)
            delivered += 1
        }
        return delivered
    }

    /// How many live observers there are for `name` (nil: all observers). Observers of dead owners are removed.
    public func observerCount(for name: String? = nil) -> Int {
        purge()
        return observers.filter { name == nil || $0.name == name }.count
    }

    private func purge() {
        observers.removeAll { !$0.isAlive }
    }
}
