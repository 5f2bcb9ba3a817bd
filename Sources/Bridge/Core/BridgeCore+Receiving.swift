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
        let (limit, log) = state.withLock { ($0.maxMessageSize, $0.log) }
        if let elements = RawJSONScanner.elements(of: text) {
            for element in elements {
                guard let message = BridgeMessage(rawMembers: element.members) else {
                    warn("WebViewJavascriptBridge: ignored a queue entry that is not a message in: \(BridgeLog.cut(text, to: 200))")
                    continue
                }
                log.message("RCVD", message.jsonText)
                handle(message, size: element.size, limit: limit, page: connection.page)
            }
            return
        }
        // Not what JSON.stringify writes: parse it all to say what is wrong, or to read it anyway.
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
        for entry in entries {
            guard let message = BridgeMessage(json: entry) else {
                warn("WebViewJavascriptBridge: ignored a queue entry that is not a message: \(BridgeLog.cut(entry.jsonString, to: 200))")
                continue
            }
            log.message("RCVD", entry.jsonString)
            handle(message, size: entry.jsonString.utf8.count, limit: limit, page: connection.page)
        }
    }

    private func handle(_ message: BridgeMessage, size: Int, limit: Int, page: Int) {
        if size > limit {
            refuseOversized(message, size: size, limit: limit, page: page)
        } else if let responseId = message.responseId {
            receiveResponse(message, responseId: responseId, size: size, page: page)
        } else {
            receiveRequest(message, size: size, page: page)
        }
    }

    private func refuseOversized(_ message: BridgeMessage, size: Int, limit: Int, page: Int) {
        let error = BridgeError(code: BridgeError.payloadTooLarge,
                                message: "message of \(size) bytes exceeds the limit of \(limit) bytes")
        warn("WebViewJavascriptBridge: refused a message for \(message.handlerName ?? "?") from the page: \(error.message)")
        traceIncoming(message.refused(with: error), size: size, page: page, outcome: error.code)
        if let responseId = message.responseId {
            failPending(responseId, with: error)
        } else if let callbackId = message.callbackId {
            send(BridgeMessage(responseId: callbackId, responseData: nil, error: error), handlerName: message.handlerName, toPage: page)
        }
    }

    private func receiveResponse(_ message: BridgeMessage, responseId: String, size: Int, page: Int) {
        let (call, wasRetired) = state.withLock { state -> (PendingCall?, Bool) in
            if let call = state.pending.removeValue(forKey: responseId) { return (call, false) }
            return (nil, state.retiredIds.remove(responseId) != nil)
        }
        guard let call else {
            warn(wasRetired
                ? "WebViewJavascriptBridge: late response \(responseId) to a call made before reset(); ignored"
                : "WebViewJavascriptBridge: response with unknown or repeated responseId \(responseId); ignored")
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
