import JavaScript

/// One message of the WebViewJavascriptBridge wire protocol, as v6.0.3 defines it:
/// a request `{handlerName, data?, callbackId?}` or a response `{responseId, responseData}`,
/// plus this bridge's error response `{responseId, error: {code, message}}`.
struct BridgeMessage: Sendable {
    var handlerName: String?
    /// The request's data; nil when the key is absent (JavaScript `undefined`).
    var data: BridgePayload?
    var callbackId: String?
    var responseId: String?
    /// The response's data; nil when the key is absent (JavaScript `undefined`).
    var responseData: BridgePayload?
    var error: BridgeError?

    /// The kind of message, for tracing.
    var type: BridgeEvent.MessageType {
        if responseId == nil { return .call }
        return error == nil ? .response : .error
    }

    /// Reads one entry of a `_fetchQueue()` array from the raw texts of its members; nil when it is
    /// not a message (not an object, or ids that are not strings).
    init?(rawMembers members: RawJSONScanner.Members?) {
        guard let members else { return nil }
        func string(_ raw: String?) -> String?? {
            guard let raw, raw != "null" else { return .some(nil) }
            guard raw.utf8.first == 0x22 else { return nil }
            if !raw.utf8.contains(0x5C) { return .some(String(Substring(raw.utf8.dropFirst().dropLast()))) }
            guard let value = try? JSONValue(parsing: raw), let s = value.stringValue else { return nil }
            return .some(s)
        }
        guard let handlerName = string(members.handlerName), let callbackId = string(members.callbackId),
              let responseId = string(members.responseId) else { return nil }
        self.handlerName = handlerName
        self.callbackId = callbackId
        self.responseId = responseId
        data = members.data.map { .raw($0) }
        responseData = members.responseData.map { .raw($0) }
        if let raw = members.error {
            let value = try? JSONValue(parsing: raw)
            error = BridgeError(json: value) ?? BridgeError(code: BridgeError.handlerFailed, message: raw)
        }
        if responseId == nil && handlerName == nil { return nil }
    }

    /// Reads one entry of a parsed `_fetchQueue()` array; nil when it is not a message.
    init?(json value: JSONValue) {
        guard case .object(let object) = value else { return nil }
        func string(_ key: String) -> String?? {
            switch object[key] {
            case nil, .null?: return .some(nil)
            case .string(let s)?: return .some(s)
            default: return nil  // present but not a string: malformed
            }
        }
        guard let handlerName = string("handlerName"), let callbackId = string("callbackId"),
              let responseId = string("responseId") else { return nil }
        self.handlerName = handlerName
        self.callbackId = callbackId
        self.responseId = responseId
        data = object["data"].map { .value($0) }
        responseData = object["responseData"].map { .value($0) }
        if object["error"] != nil {
            error = BridgeError(json: object["error"])
                ?? BridgeError(code: BridgeError.handlerFailed, message: object["error"]?.jsonString ?? "")
        }
        if responseId == nil && handlerName == nil { return nil }
    }

    init(handlerName: String?, data: BridgePayload?, callbackId: String?) {
        self.handlerName = handlerName
        self.data = data
        self.callbackId = callbackId
    }

    init(responseId: String, responseData: BridgePayload?, error: BridgeError? = nil) {
        self.responseId = responseId
        self.responseData = responseData
        self.error = error
    }

    /// The request's data or the response's data: what the message carries (nil for an error
    /// response or a request without data).
    private var payload: BridgePayload? {
        guard responseId != nil else { return data }
        return error == nil ? responseData ?? .value(.null) : nil
    }

    /// The compact JSON text sent to the page. Keys in the reference's order.
    var jsonText: String {
        if case .raw(let raw)? = payload { return text(splicing: raw) }
        // A Swift value: the whole message in one pass of the writer.
        var object = JSONObject()
        object.reserveCapacity(3)
        if let responseId {
            object["responseId"] = .string(responseId)
            object[error == nil ? "responseData" : "error"] = error?.json ?? payload?.value ?? .null
            if let handlerName { object["handlerName"] = .string(handlerName) }
        } else {
            if let handlerName { object["handlerName"] = .string(handlerName) }
            if let data = payload?.value { object["data"] = data }
            if let callbackId { object["callbackId"] = .string(callbackId) }
        }
        return JSONValue.object(object).jsonString
    }

    /// The message's text with the page's own JSON text `raw` as its data, unchanged.
    private func text(splicing raw: String) -> String {
        var text = "{"
        func append(_ key: String, _ member: String) {
            if text.utf8.count > 1 { text += "," }
            text += "\"\(key)\":\(member)"
        }
        if let responseId {
            append("responseId", JSONValue.string(responseId).jsonString)
            append("responseData", raw)
            if let handlerName { append("handlerName", JSONValue.string(handlerName).jsonString) }
        } else {
            if let handlerName { append("handlerName", JSONValue.string(handlerName).jsonString) }
            append("data", raw)
            if let callbackId { append("callbackId", JSONValue.string(callbackId).jsonString) }
        }
        return text + "}"
    }
}
