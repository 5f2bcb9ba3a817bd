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
    /// `allowsNoHandler`: a request without a handler name is a message for the default handler (Android JsBridge's
    /// `send`), not a broken entry.
    init?(rawMembers members: RawJSONScanner.Members?, allowsNoHandler: Bool = false) {
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
        if responseId == nil && handlerName == nil && !allowsNoHandler { return nil }
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

    /// The message as traced when the bridge refuses it: `error` instead of its data, which may be
    /// more than a transcript should hold, or deeper than the parser reads.
    func refused(with error: BridgeError) -> BridgeMessage {
        var refused = self
        refused.data = nil
        refused.responseData = nil
        refused.error = error
        return refused
    }

    /// The members in the reference's order, data as it is (a Swift value or the page's own text).
    private var members: [(key: String, value: BridgePayload)] {
        var members: [(key: String, value: BridgePayload)] = []
        if let responseId {
            members.append(("responseId", .value(.string(responseId))))
            if let error {
                members.append(("error", .value(error.json)))
            } else {
                members.append(("responseData", responseData ?? .value(.null)))
            }
            if let handlerName { members.append(("handlerName", .value(.string(handlerName)))) }
        } else {
            if let handlerName { members.append(("handlerName", .value(.string(handlerName)))) }
            if let data { members.append(("data", data)) }
            if let callbackId { members.append(("callbackId", .value(.string(callbackId)))) }
        }
        return members
    }

    /// The compact JSON text sent to the page: Swift values in one pass of the writer; the page's
    /// own text spliced in unchanged.
    var jsonText: String {
        let members = self.members
        var object = JSONObject()
        object.reserveCapacity(members.count)
        for member in members {
            guard case .value(let value) = member.value else {
                return "{" + members.map { JSONValue.string($0.key).jsonString + ":" + $0.value.jsonText }
                    .joined(separator: ",") + "}"
            }
            object[member.key] = value
        }
        return JSONValue.object(object).jsonString
    }
}
