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
    /// The protocol this connection speaks, for transcripts; nil for the iOS WebViewJavascriptBridge.
    var protocolName: BridgeProtocolName? { get }
    /// How a message travels in `direction` on this protocol's wire (`yy://return/_fetchQueue/`, ...).
    func wireForm(of direction: BridgeEvent.Direction) -> String?
}

extension BridgeConnection {
    /// The protocol this connection speaks, for transcripts; nil for the iOS WebViewJavascriptBridge.
    var protocolName: BridgeProtocolName? { nil }
    /// How a message travels in `direction` on this protocol's wire (`yy://return/_fetchQueue/`, ...).
    func wireForm(of direction: BridgeEvent.Direction) -> String? { nil }
}

/// The form of native callback ids, per protocol.
enum CallbackIdStyle: Sendable {
    /// WebViewJavascriptBridge on iOS: `objc_cb_<n>`.
    case objC
    /// lzyzsd's Android JsBridge: `JAVA_CB_<n>_<ms>`, `ms` from a clock (the thread's CPU milliseconds on the device).
    case java(start: ContinuousClock.Instant)
    /// DSBridge: a number (`callID`), as text.
    case number

    func id(_ n: Int) -> String {
        switch self {
        case .objC: "objc_cb_\(n)"
        case .java(let start):
            "JAVA_CB_\(n)_\(Self.milliseconds(ContinuousClock.now - start))"
        case .number: "\(n)"
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}

/// A connection held weakly: the way an answer goes back to the page in a combined container.
final class ConnectionRoute: Sendable {
    weak let connection: (any BridgeConnection)?
    init(_ connection: any BridgeConnection) { self.connection = connection }
}
