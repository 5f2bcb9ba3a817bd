import JavaScript

/// WeChat's `WeixinJSBridge` (containers `wechat-ios`, `wechat-android`) on the shared core: see
/// ``InjectedScriptBridgeAdapter`` for when the page gets it.
///
/// `WeixinJSBridge.invoke(api, params, callback)` calls the native handler (or mock) named `api` with `params`; the
/// callback gets WeChat's result object: the handler's object answer with `err_msg: "<api>:ok"` added unless it has
/// one (`get_brand_wcpay_request:ok` for `getBrandWCPayRequest`, as WeChat Pay answers), `{err_msg: "<api>:cancel"}` for
/// an error with code `cancel`, `{err_msg: "<api>:fail, <message>"}` for any other error (a mock's `error`), and
/// `{err_msg: "system:function_not_exist"}` without a handler. An answer that is not an object is put in `data`.
/// Native calls of the page's `WeixinJSBridge.on(event, ...)` listeners are events (`menu:share:timeline`, ...).
///
/// The JS-SDK (`jweixin`, which the page loads) verifies `wx.config` with a `preVerifyJSAPI` call: a handler or mock
/// of that name answers it (`{err_msg: "config:invalid signature"}` makes `wx.error` run); without one it is verified
/// (`config:ok`). `checkJsApi` without a handler answers `checkResult` from the registered handlers (a JSON string on
/// Android, as there). A JS-SDK call (one with `verifySignType`, which jweixin adds) made before `wx.config` was verified
/// is the `wechat_api_before_config` divergence: WeChat refuses it, so here too it fails, unless the bridge is lenient.
struct WeChatDialect: InjectedScriptDialect {
    var protocolName: BridgeProtocolName { .weChat }
    var label: String { "WeChat" }
    var script: ScriptResource { BridgeScripts.weixinJSBridge }
    var callWire: String { "WeixinJSBridge.invoke" }
    var answerWire: String { "_handleMessageFromWeixin" }

    /// The API jweixin's `wx.config` calls.
    static let preVerify = "preVerifyJSAPI"
    /// The result prefixes WeChat uses for APIs whose results are not named after them.
    static let resultPrefixes = ["getBrandWCPayRequest": "get_brand_wcpay_request"]
    /// What WeChat Pay's classic JSAPI page calls directly, without `wx.config`.
    static let needsNoConfig: Set<String> = [preVerify, "getBrandWCPayRequest"]

    func request(from message: JSONObject) -> (api: String, params: JSONValue?, callbackId: String?)? {
        guard message["__msg_type"]?.stringValue == "call", let api = message["func"]?.stringValue, !api.isEmpty else { return nil }
        return (api, message["params"], message["__callback_id"]?.stringValue)
    }

    func result(api: String, payload: JSONValue?, error: BridgeError?, page: InjectedScriptConnection) -> JSONValue {
        let prefix = Self.resultPrefixes[api] ?? api
        if let error {
            if error.code == BridgeError.handlerNotFound { return ["err_msg": "system:function_not_exist"] }
            if error.code == "cancel" { return ["err_msg": .string(prefix + ":cancel")] }
            return ["err_msg": .string(prefix + ":fail" + (error.message.isEmpty ? "" : ", " + error.message))]
        }
        switch payload {
        case .object(var object)?:
            if object["err_msg"] == nil { object["err_msg"] = .string(prefix + ":ok") }
            return .object(object)
        case nil, .null?:
            return ["err_msg": .string(prefix + ":ok")]
        case let value?:
            return ["err_msg": .string(prefix + ":ok"), "data": value]
        }
    }

    func answerMessage(callbackId: String, result: JSONValue, keep: Bool) -> JSONValue {
        ["__msg_type": "callback", "__callback_id": .string(callbackId), "__params": result]
    }

    func eventMessage(name: String, data: JSONValue?) -> JSONValue {
        ["__msg_type": "event", "__event_id": .string(name), "__params": data ?? .object([:])]
    }

    var readyEvent: String { "WeixinJSBridgeReady" }

    /// The events WeChat declares to a web page (its `sys:attach_runOn3rd_apis` list) that the JS-SDK's `on...` APIs
    /// listen for: the share menu (`wx.onMenuShare*`), voice, upload and download progress, and the network.
    static let events = ["menu:share:timeline", "menu:share:appmessage", "menu:share:qq", "menu:share:weiboApp",
                         "menu:share:QZone", "onVoiceRecordEnd", "onVoicePlayBegin", "onVoicePlayEnd",
                         "onLocalImageUploadProgress", "onImageDownloadProgress", "onVoiceUploadProgress",
                         "onVoiceDownloadProgress", "onBeaconsInRange", "onNetWorkChange", "onBackgroundAudioStateChange",
                         "activity:state_change"]

    var eventNames: [String] { Self.events }

    func answerOfItsOwn(api: String, params: JSONValue?, page: InjectedScriptConnection, core: BridgeCore) -> JSONValue? {
        let handled = core.state.withLock { $0.handlers[api] != nil }
        if api == Self.preVerify {
            page.verification = .pending
            return handled ? nil : ["err_msg": "config:ok"]
        }
        if params?["verifySignType"] != nil, page.verification != .verified, !Self.needsNoConfig.contains(api) {
            let requested = page.verification != .notRequested
            let answer = requested ? "\(api):fail, the permission value is offline verifying" : "system:access_denied"
            if !page.reported.contains(BridgeDivergence.weChatAPIBeforeConfig) {
                page.reported.insert(BridgeDivergence.weChatAPIBeforeConfig)
                core.diverge(BridgeDivergence.weChatAPIBeforeConfig,
                             "the page called the JS-SDK's \(api) before wx.config was verified"
                             + (requested ? "" : " (it never called wx.config)") + ": WeChat refuses it with "
                             + "{err_msg: \"\(answer)\"}, so the call fails there; make JS-SDK calls inside wx.ready", page: page.page)
            }
            if core.state.withLock({ $0.compatibility }) == .device { return ["err_msg": .string(answer)] }
        }
        if api == "checkJsApi", !handled {
            var found = JSONObject()
            for case .string(let name) in params?["jsApiList"]?.arrayValue ?? [] {
                found[name] = .bool(core.state.withLock { $0.handlers[name] != nil })
            }
            let result = JSONValue.object(found)
            return ["err_msg": "checkJsApi:ok",
                    "checkResult": page.platform == .android ? .string(result.jsonString) : result]
        }
        return nil
    }

    func delivered(api: String, result: JSONValue, page: InjectedScriptConnection) {
        guard api == Self.preVerify else { return }
        page.verification = result["err_msg"]?.stringValue?.hasSuffix(":ok") == true ? .verified : .failed
    }
}
