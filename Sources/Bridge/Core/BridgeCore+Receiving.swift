import JavaScript

extension BridgeCore {
    /// Handles the text of one `_fetchQueue()` call from `connection`'s page. Runtime thread.
    ///
    /// Malformed text, entries that are not messages, unknown or repeated response ids and
    /// oversized messages are logged and ignored; nothing here throws or crashes.
    func receive(_ text: String?, from connection: any BridgeConnection) {
        guard let text else {
            warn("WebViewJavascriptBridge: _fetchQueue() returned no string; ignored")
            return
        }
        let entries: [JSONValue]
        do {
            guard case .array(let array) = try JSONValue(parsing: text) else {
                warn("WebViewJavascriptBridge: the message queue is not an array; ignored: \(BridgeLog.cut(text, to: 200))")
                return
            }
            entries = array
        } catch {
            warn("WebViewJavascriptBridge: malformed message queue (\(error)); ignored: \(BridgeLog.cut(text, to: 200))")
            return
        }
        if entries.isEmpty { return }
        // Lone surrogates come as \ud800-style escapes; keep the page's own text of such data.
        let rawData = Self.hasSurrogateEscape(text) ? RawJSONScanner.memberTexts("data", inArray: text) : nil
        let (limit, log) = state.withLock { ($0.maxMessageSize, $0.log) }
        let measure = isTracing || text.utf8.count > limit
        for (index, entry) in entries.enumerated() {
            let size = measure ? entry.jsonString.utf8.count : 0
            guard let message = BridgeMessage(json: entry, rawData: rawData?[index] ?? nil) else {
                warn("WebViewJavascriptBridge: ignored a queue entry that is not a message: \(BridgeLog.cut(entry.jsonString, to: 200))")
                continue
            }
            log.message("RCVD", entry.jsonString)
            if size > limit {
                refuseOversized(message, size: size, limit: limit, page: connection.page)
            } else if let responseId = message.responseId {
                receiveResponse(message, responseId: responseId, size: size, page: connection.page)
            } else {
                receiveRequest(message, size: size, page: connection.page)
            }
        }
    }

    private func refuseOversized(_ message: BridgeMessage, size: Int, limit: Int, page: Int) {
        let error = BridgeError(code: BridgeError.payloadTooLarge,
                                message: "message of \(size) bytes exceeds the limit of \(limit) bytes")
        warn("WebViewJavascriptBridge: refused a message for \(message.handlerName ?? "?") from the page: \(error.message)")
        traceIncoming(message, size: size, page: page, outcome: error.code)
        if let responseId = message.responseId {
            failPending(responseId, with: error)
        } else if let callbackId = message.callbackId {
            send(BridgeMessage(responseId: callbackId, responseData: nil, error: error), handlerName: message.handlerName, toPage: page)
        }
    }

    private func receiveResponse(_ message: BridgeMessage, responseId: String, size: Int, page: Int) {
        guard let call = state.withLock({ $0.pending.removeValue(forKey: responseId) }) else {
            warn("WebViewJavascriptBridge: response with unknown or repeated responseId \(responseId); ignored")
            traceIncoming(message, size: size, page: page, outcome: "ignored")
            return
        }
        traceIncoming(message, size: size, page: page, outcome: "handled")
        // A JavaScript answer of `undefined` has no responseData: nil, as in the reference.
        call.complete(message.responseData?.value, error: message.error)
    }

    private func receiveRequest(_ message: BridgeMessage, size: Int, page: Int) {
        let name = message.handlerName ?? ""
        let handler = state.withLock { state in
            state.handlers[name] ?? (state.isEchoEnabled && name == "echo" ? Self.echo : nil)
        }
        let responder = BridgeResponder(core: self, page: page, handlerName: message.handlerName, callbackId: message.callbackId)
        guard let handler else {
            warn("WVJBNoHandlerException, No handler for message from JS: \(BridgeMessage.describe(message))")
            traceIncoming(message, size: size, page: page, outcome: BridgeError.handlerNotFound)
            responder.fail(BridgeError(code: BridgeError.handlerNotFound, message: "no native handler named \"\(name)\""))
            return
        }
        traceIncoming(message, size: size, page: page, outcome: "handled")
        handler(BridgeRequest(handlerName: name, page: page, payload: message.data), responder)
    }

    /// The built-in `echo`: answers the request's data exactly as the page sent it.
    static let echo: Handler = { request, responder in responder.respond(payload: request.payload) }

    func traceIncoming(_ message: BridgeMessage, size: Int, page: Int, outcome: String) {
        trace {
            BridgeEvent(time: .now, page: page, direction: .jsToNative, type: message.type,
                        handler: message.handlerName, callbackId: message.callbackId, responseId: message.responseId,
                        data: message.responseId == nil ? message.data?.value : message.responseData?.value,
                        size: size, error: message.error, outcome: outcome)
        }
    }

    static func hasSurrogateEscape(_ text: String) -> Bool {
        var previous: UInt8 = 0, beforePrevious: UInt8 = 0
        for byte in text.utf8 {
            if beforePrevious == 0x5C, previous == 0x75, byte == 0x64 || byte == 0x44 { return true }
            beforePrevious = previous
            previous = byte
        }
        return false
    }
}

extension BridgeMessage {
    /// The message as the reference logs it.
    static func describe(_ message: BridgeMessage) -> String {
        var object = JSONObject()
        if let name = message.handlerName { object["handlerName"] = .string(name) }
        if let data = message.data { object["data"] = data.value }
        if let id = message.callbackId { object["callbackId"] = .string(id) }
        return JSONValue.object(object).jsonString
    }
}
