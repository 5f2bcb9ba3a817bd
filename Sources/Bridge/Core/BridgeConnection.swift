/// How the protocol core reaches one page. The core knows messages, ids and queues; a connection
/// knows how to hand a message's JSON text to a page and how to fetch the page's queue.
///
/// Every method is called on the runtime thread only.
protocol BridgeConnection: AnyObject, Sendable {
    /// The page (document id) this connection talks to.
    var page: Int { get }
    /// Whether ``deliver(_:)`` would reach the page (false when the page is gone).
    var canDeliver: Bool { get }
    /// Dispatches one message in the page. False when the page is gone.
    func deliver(_ json: String) -> Bool
}
