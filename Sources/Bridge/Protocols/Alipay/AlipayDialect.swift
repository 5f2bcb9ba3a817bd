import JavaScript

/// Alipay's `AlipayJSBridge` (container `alipay`) on the shared core: see ``InjectedScriptBridgeAdapter`` for when
/// the page gets it.
///
/// `AlipayJSBridge.call(api, params, callback)` calls the native handler (or mock) named `api` with `params`; the
/// callback gets the handler's object answer as it is (an answer that is not an object is put in `data`), or Alipay's
/// error object `{error, errorMessage}`: code 1 without a handler (`接口不存在`), and for a handler's error (a mock's
/// `error`) the number its code names (`"2"` invalid parameters, `"4"` no permission; `invalid_params` and
/// `no_permission` too), else 3 (unknown error). `tradePay` answers `resultCode`s: a mock gives one
/// (`{"resultCode": "9000"}`), and an error becomes `6001` (code `cancel`) or `4000` (payment failed).
/// ``BridgeResponder/progress(_:)`` answers with `keepCallback: true`, keeping the page's callback (streams). Native
/// calls of the page are document events with `event.data` (`resume`, `back`, ...).
struct AlipayDialect: InjectedScriptDialect {
    var protocolName: BridgeProtocolName { .alipay }
    var label: String { "Alipay" }
    var script: ScriptResource { BridgeScripts.alipayJSBridge }
    var callWire: String { "AlipayJSBridge.call" }
    var answerWire: String { "_invokeJS" }

    /// Alipay's error codes and their messages.
    static let errorMessages = [1: "接口不存在", 2: "无效参数", 3: "未知错误", 4: "无权调用"]

    func request(from message: JSONObject) -> (api: String, params: JSONValue?, callbackId: String?)? {
        guard let api = message["handlerName"]?.stringValue, !api.isEmpty else { return nil }
        return (api, message["data"], message["callbackId"]?.stringValue)
    }

    func result(api: String, payload: JSONValue?, error: BridgeError?, page: InjectedScriptConnection) -> JSONValue {
        if let error {
            if api == "tradePay", error.code != BridgeError.handlerNotFound {
                return ["resultCode": error.code == "cancel" ? "6001" : "4000", "memo": .string(error.message)]
            }
            let code = switch error.code {
            case BridgeError.handlerNotFound: 1
            case "invalid_params": 2
            case "no_permission": 4
            default: Int(error.code).flatMap { (1...4).contains($0) ? $0 : nil } ?? 3
            }
            let message = code == 1 || error.message.isEmpty ? Self.errorMessages[code] ?? "" : error.message
            return ["error": .number(Double(code)), "errorMessage": .string(message)]
        }
        switch payload {
        case .object?: return payload!
        case nil, .null?: return .object([:])
        case let value?: return ["data": value]
        }
    }

    func answerMessage(callbackId: String, result: JSONValue, keep: Bool) -> JSONValue {
        var message: JSONObject = ["responseId": .string(callbackId), "responseData": result]
        if keep { message["keepCallback"] = true }
        return .object(message)
    }

    func eventMessage(name: String, data: JSONValue?) -> JSONValue {
        ["handlerName": .string(name), "data": data ?? .object([:])]
    }

    var readyEvent: String { "AlipayJSBridgeReady" }

    /// The container events Alipay documents for H5 pages, each a document event: the page going to the background
    /// and back (`pause`, `resume`, and since 10.0.15 `pagePause`, `pageResume`, `appPause`, `appResume`), the back
    /// button (`back`, whose default the page may prevent to stay), taps on the title bar, option menu, pop menu and
    /// toolbar, and pull to refresh.
    static let events = ["pause", "resume", "pagePause", "pageResume", "appPause", "appResume", "back", "titleClick",
                         "subtitleClick", "optionMenu", "popMenuClick", "toolbarMenuClick", "firePullToRefresh",
                         "pullIntercept"]

    var eventNames: [String] { Self.events }
    var cancelableEvents: Set<String> { ["back"] }
}
