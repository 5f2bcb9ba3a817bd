import JavaScript

/// One bridge message, traced: what the web view's event stream carries as
/// `.custom(kind: "bridge", fields: event.fields)` and what transcripts print.
public struct BridgeEvent: Sendable {
    /// Which way the message travelled.
    public enum Direction: String, Sendable {
        case jsToNative = "js->native"
        case nativeToJS = "native->js"
    }

    /// A request, a response, an error response, or a page's signal URL (`bridge_loaded`,
    /// `queue_has_message`: no message, just the request the bridge consumed).
    public enum MessageType: String, Sendable {
        case call, response, error, signal
        /// A part answer that keeps the callback (DSBridge's `complete: false`).
        case progress
        /// A protocol event fired into the page (Cordova's `deviceready`, a Capacitor listener, React Native's `message`).
        case event
    }

    public var time: ContinuousClock.Instant
    /// The page (document id) the message went to or came from; 0 before any page.
    public var page: Int
    public var direction: Direction
    public var type: MessageType
    public var handler: String?
    public var callbackId: String?
    public var responseId: String?
    public var data: JSONValue?
    /// The data's JSON text as the page sent it, when it holds a lone UTF-16 surrogate (`'\ud800'`), which no Swift
    /// string can hold, so ``data`` shows it as U+FFFD; nil otherwise. In ``fields`` as `dataJSON`; `hybrid run`'s
    /// transcript writes it as the `data`, so the line keeps the escape (`"\ud800"`).
    public var dataJSON: String?
    /// The size of the message's JSON text in UTF-8 bytes.
    public var size: Int
    public var error: BridgeError?
    /// What became of the message: `delivered`, `queued` (startup queue), `handled`, `ignored`,
    /// or an error code such as `handler_not_found`.
    public var outcome: String
    /// The protocol the message travelled on (`android-jsbridge`, `dsbridge`, ...); nil for the iOS
    /// WebViewJavascriptBridge, whose events are as they always were.
    public var bridge: String?
    /// How it travelled on that protocol's wire: `yy://return/_fetchQueue/`, `_handleMessageFromNative`,
    /// `_dsbridge.call`, `prompt`, `dscb` (an async answer), ...; nil for the iOS WebViewJavascriptBridge.
    public var wire: String?

    /// An event with every field given; `dataJSON`, `bridge` and `wire` are nil unless set.
    public init(time: ContinuousClock.Instant, page: Int, direction: Direction, type: MessageType, handler: String?,
                callbackId: String?, responseId: String?, data: JSONValue?, dataJSON: String? = nil, size: Int,
                error: BridgeError?, outcome: String, bridge: String? = nil, wire: String? = nil) {
        self.time = time
        self.page = page
        self.direction = direction
        self.type = type
        self.handler = handler
        self.callbackId = callbackId
        self.responseId = responseId
        self.data = data
        self.dataJSON = dataJSON
        self.size = size
        self.error = error
        self.outcome = outcome
        self.bridge = bridge
        self.wire = wire
    }

    /// The event as transcript fields: `dir`, `type`, `handler`, `callbackId` or `responseId`,
    /// `data`, `dataJSON` (only for data with a lone surrogate), `size`, `outcome`, and `error` (`code`, `message`) for
    /// errors; `bridge` and `wire` for protocols other than the iOS WebViewJavascriptBridge.
    public var fields: JSONObject {
        var fields = JSONObject()
        fields["dir"] = .string(direction.rawValue)
        fields["type"] = .string(type.rawValue)
        if let handler { fields["handler"] = .string(handler) }
        if let callbackId { fields["callbackId"] = .string(callbackId) }
        if let responseId { fields["responseId"] = .string(responseId) }
        if let data { fields["data"] = data }
        if let dataJSON { fields["dataJSON"] = .string(dataJSON) }
        fields["size"] = .number(Double(size))
        fields["outcome"] = .string(outcome)
        if let error { fields["error"] = error.json }
        if let bridge { fields["bridge"] = .string(bridge) }
        if let wire { fields["wire"] = .string(wire) }
        return fields
    }
}
