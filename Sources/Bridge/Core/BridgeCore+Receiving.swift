import JavaScript

extension BridgeCore {
    /// Handles the text of one `_fetchQueue()` call from `connection`'s page. Runtime thread.
    ///
    /// Malformed text, entries that are not messages, unknown or repeated response ids are logged
    /// and ignored; oversized messages and messages nested deeper than the bridge reads are refused
    /// one by one (with an error answer when the page waits for one), and the rest of their queue is
    /// delivered. Nothing here throws or crashes.
    ///
    /// One message at a time, as WKWebViewJavascriptBridge's flush loop: what a message's handler sends at once (its
    /// answer, calls it makes) goes out before the next message is taken.
    func receive(_ text: String?, from connection: any BridgeConnection) {
        guard let text else {
            warn("WebViewJavascriptBridge: _fetchQueue() returned no string; ignored")
            return
        }
        guard let elements = RawJSONScanner.elements(of: text) else {
            warn("WebViewJavascriptBridge: \(Self.problem(ofQueue: text)); ignored: \(BridgeLog.cut(text, to: 200))")
            return
        }
        let via = route(connection)
        let (limit, log, defaultHandler, outer) = state.withLock { state in
            state.receiving += 1
            let outer = state.receivingFrom
            if via != nil { state.receivingFrom = via }
            return (state.maxMessageSize, state.log, state.defaultHandlerName, outer)
        }
        defer {
            // Answers sent from other threads meanwhile, and any later, go out in a task as usual.
            let schedule = state.withLock { state in
                state.receivingFrom = outer
                state.receiving -= 1
                return state.receiving == 0 && takeFlush(&state)
            }
            if schedule { scheduleFlush() }
        }
        for element in elements {
            defer { flushIfQueued() }
            guard var message = BridgeMessage(rawMembers: element.members, allowsNoHandler: defaultHandler != nil) else {
                warn("WebViewJavascriptBridge: ignored a queue entry that is not a message in: \(BridgeLog.cut(text, to: 200))")
                continue
            }
            if message.responseId == nil, message.handlerName == nil { message.handlerName = defaultHandler }
            log.message("RCVD", message.jsonText)
            if element.size > limit {
                refuse(message, BridgeError(code: BridgeError.payloadTooLarge,
                                            message: "message of \(element.size) bytes exceeds the limit of \(limit) bytes"),
                       size: element.size, page: connection.page)
            } else if element.isTooDeep {
                refuse(message, BridgeError(code: BridgeError.tooDeep,
                                            message: "message data nested deeper than \(RawJSONScanner.maximumDepth) levels"),
                       size: element.size, page: connection.page)
            } else if let responseId = message.responseId {
                receiveResponse(message, responseId: responseId, size: element.size, page: connection.page)
            } else {
                receiveRequest(message, size: element.size, page: connection.page, via: via,
                               bridge: connection.protocolName ?? .webViewJavascriptBridge)
            }
        }
    }

    /// Delivers what the last message's handling sent, before the next message is taken; under a timing with a
    /// delivery delay it goes out after that delay instead, still in order (see `scheduleFlush()`).
    private func flushIfQueued() {
        if state.withLock({ !$0.outbox.isEmpty && $0.timing.timing.deliveryDelay.upperBound == 0 }) { flush() }
    }

    /// What is wrong with a queue text the scanner did not accept, for the warning.
    private static func problem(ofQueue text: String) -> String {
        do {
            guard case .array = try JSONValue(parsing: text) else { return "the message queue is not an array" }
            return "unreadable message queue"
        } catch {
            return "malformed message queue (\(error))"
        }
    }

    /// Refuses one message from the page: a request waiting for an answer gets `error` as its
    /// answer, a native call the message answers fails with it.
    private func refuse(_ message: BridgeMessage, _ error: BridgeError, size: Int, page: Int) {
        warn("WebViewJavascriptBridge: refused a message for \(message.handlerName ?? "?") from the page: \(error.message)")
        traceIncoming(message.refused(with: error), size: size, page: page, outcome: error.code)
        if let responseId = message.responseId {
            failPending(responseId, with: error)
        } else if let callbackId = message.callbackId {
            send(BridgeMessage(responseId: callbackId, responseData: nil, error: error), handlerName: message.handlerName, toPage: page)
        }
    }

    /// Where answers to `connection`'s page calls go: back the way they came in a combined container (several
    /// bridges on one page); nil (the attached connection) otherwise.
    func route(_ connection: any BridgeConnection) -> ConnectionRoute? {
        state.withLock { $0.container.nativeCallsBridge } == nil ? nil : ConnectionRoute(connection)
    }

    func receiveResponse(_ message: BridgeMessage, responseId: String, size: Int, page: Int) {
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

    private func receiveRequest(_ message: BridgeMessage, size: Int, page: Int, via: ConnectionRoute?, bridge: BridgeProtocolName) {
        let name = message.handlerName ?? ""
        let handler = state.withLock { state in
            state.handlers[name] ?? (state.isEchoEnabled && name == "echo" ? Self.echo : nil)
        }
        let responder = BridgeResponder(core: self, page: page, handlerName: message.handlerName, callbackId: message.callbackId,
                                        via: via)
        guard let handler else {
            warn("WVJBNoHandlerException, No handler for message from JS: \(BridgeMessage.describe(message))")
            traceIncoming(message, size: size, page: page, outcome: BridgeError.handlerNotFound)
            responder.fail(BridgeError(code: BridgeError.handlerNotFound, message: "no native handler named \"\(name)\""))
            return
        }
        traceIncoming(message, size: size, page: page, outcome: "handled")
        handler(BridgeRequest(handlerName: name, page: page, payload: message.data, bridge: bridge), responder)
    }

    /// The built-in `echo`: answers the request's data exactly as the page sent it.
    static let echo: Handler = { request, responder in responder.respond(payload: request.payload) }

    func traceIncoming(_ message: BridgeMessage, size: Int, page: Int, outcome: String) {
        trace {
            BridgeEvent(time: .now, page: page, direction: .jsToNative, type: message.type,
                        handler: message.handlerName, callbackId: message.callbackId, responseId: message.responseId,
                        data: message.responseId == nil ? message.data?.value : message.responseData?.value,
                        dataJSON: (message.responseId == nil ? message.data : message.responseData)?.textWithLoneSurrogate,
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
