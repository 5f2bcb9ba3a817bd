import JavaScript

/// A request from the page to a native handler.
public struct BridgeRequest: Sendable {
    /// The handler the page called.
    public var handlerName: String
    /// The page that sent it (document id).
    public var page: Int
    let payload: BridgePayload?
    /// The protocol the request came by (`wvjb` for the iOS bridge, `dsbridge`, `wechat`, `capacitor`...).
    public internal(set) var bridge: BridgeProtocolName = .webViewJavascriptBridge

    /// The request's data; nil when the page passed none (`callHandler(name)`).
    public var data: JSONValue? { payload?.value }
}
