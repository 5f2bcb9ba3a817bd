import JavaScript

extension BridgeCore {
    /// Sends a request to the page, with a callback id when `waiter` is given.
    /// Returns the callback id, or the error that kept the message from being sent.
    @discardableResult
    func callHandler(_ handlerName: String, data: BridgePayload?, waiter: PendingCall.Waiter?) -> Result<String?, BridgeError> {
        var message = BridgeMessage(handlerName: handlerName, data: data, callbackId: nil)
        let id: String? = waiter.map { _ in state.withLock { $0.nextCallbackId() } }
        message.callbackId = id
        if let id, let waiter {
            state.withLock { $0.pending[id] = PendingCall(handlerName: handlerName, waiter: waiter) }
        }
        if let error = send(message, handlerName: handlerName, toPage: nil) {
            if let id { state.withLock { _ = $0.pending.removeValue(forKey: id) } }
            return .failure(error)
        }
        return .success(id)
    }

    /// Fails a pending call now (timeout, cancellation); no effect once it was answered.
    func failPending(_ id: String, with error: any Error) {
        let call = state.withLock { $0.pending.removeValue(forKey: id) }
        call?.fail(error)
    }

    /// Fails the pending call `id` with `timeout` after `timeout`, unless it ends first; its timer
    /// is released when it ends either way.
    func armTimeout(for id: String, handlerName: String, after timeout: Duration) {
        let timer = CallTimeout(after: timeout, armed: timeouts) { [weak self] in
            self?.failPending(id, with: BridgeError(code: BridgeError.timeout, message: "no answer from \(handlerName) within \(timeout)"))
        }
        let registered = state.withLock { state -> Bool in
            guard state.pending[id] != nil else { return false }
            state.pending[id]?.timeout = timer
            return true
        }
        if !registered { timer.cancel() }
    }

    /// The number of call timers armed and not yet fired or released.
    var armedTimeouts: Int { timeouts.current }

    /// Queues one message for the page (a request: the current page or the startup queue; a
    /// response: the page that asked). Returns `payload_too_large` instead of sending an oversized one.
    @discardableResult
    func send(_ message: BridgeMessage, handlerName: String?, toPage page: Int?, via: ConnectionRoute? = nil) -> BridgeError? {
        var outgoing = Outgoing(message: message, handlerName: handlerName, text: message.jsonText, page: page, via: via)
        let size = outgoing.text.utf8.count
        let (limit, log) = state.withLock { ($0.maxMessageSize, $0.log) }
        if size > limit {
            let error = BridgeError(code: BridgeError.payloadTooLarge,
                                    message: "message of \(size) bytes exceeds the limit of \(limit) bytes")
            log.warning("WebViewJavascriptBridge: refused to send \(handlerName ?? "a message"): \(error.message)")
            var refused = outgoing
            refused.message = message.refused(with: error)
            traceOutgoing(refused, size: size, page: page ?? 0, outcome: error.code)
            // A response that cannot go is still answered, with the error.
            if let responseId = message.responseId, message.error == nil {
                send(BridgeMessage(responseId: responseId, responseData: nil, error: error), handlerName: handlerName, toPage: page)
            }
            return error
        }
        let (schedule, queuedFor) = state.withLock { state -> (Bool, Int?) in
            if message.responseId == nil {
                if state.startupQueue != nil {
                    state.startupQueue!.append(outgoing)
                    return (false, nil)
                }
                outgoing.page = state.connection?.page
                if let id = message.callbackId { state.pending[id]?.page = outgoing.page }
            }
            state.outbox.append(outgoing)
            // While a queue is handled, what its handlers send goes out after their message (`receive`).
            return (state.receiving == 0 && takeFlush(&state), outgoing.page)
        }
        if schedule { scheduleFlush() }
        if queuedFor == nil && message.responseId == nil {
            traceOutgoing(outgoing, size: size, page: 0, outcome: "queued")
        }
        return nil
    }

    /// Marks a flush as scheduled; true when the caller must schedule it.
    func takeFlush(_ state: inout State) -> Bool {
        guard state.flushToken == nil, !state.outbox.isEmpty else { return false }
        state.flushToken = runtime.beginWork()
        return true
    }

    /// Delivers the outbox in a task of its own, after the delivery delay of the bridge's ``BridgeTiming`` if it has one
    /// (the outbox keeps filling meanwhile, so native's messages keep their order).
    func scheduleFlush() {
        loop.execute { [self] in
            let delay = nextDeliveryDelay()
            if delay > 0 { after(delay) { [self] in flush() } } else { flush() }
        }
    }

    /// Delivers the outbox, each message as its own entry into the page. Runtime thread.
    ///
    /// As on the device, where the reference evaluates each message in whatever page the web view shows, a message
    /// meant for a page that has gone is delivered to the page that is there now (an answer's id is unknown there and
    /// ignored); with no page that has the bridge it is lost, and a lost call is a `call_during_reload` divergence.
    /// ``BridgeCompatibility/lenient`` drops messages meant for a page that has gone (`page_gone`).
    ///
    /// A request sent while no page had the bridge, flushed after a new page attached but before its setup callbacks
    /// ran, waits in that page's startup queue: on the device the page's bridge defers each message it is handed to
    /// a timer queued after the one that runs the setup callbacks, so the handlers they register are there.
    func flush() {
        let (batch, connection, token, log, lenient) = state.withLock { state in
            defer {
                state.outbox.removeAll(keepingCapacity: true)
                state.flushToken = nil
            }
            if state.connection != nil, state.startupQueue != nil, state.outbox.contains(where: { $0.message.responseId == nil }) {
                let requests = state.outbox.filter { $0.message.responseId == nil }
                state.startupQueue = requests + state.startupQueue!
                state.outbox.removeAll { $0.message.responseId == nil }
            }
            return (state.outbox, state.connection, state.flushToken, state.log, state.compatibility == .lenient)
        }
        defer { token?.end() }
        let tracing = isTracing
        let attached = connection
        for var outgoing in batch {
            // In a combined container an answer goes back by the bridge its request came by.
            let connection = outgoing.via?.connection.flatMap { $0.canDeliver ? $0 : nil } ?? attached
            guard let connection, outgoing.page == connection.page || !lenient, connection.canDeliver else {
                undeliverable(outgoing, lost: !lenient)
                continue
            }
            if outgoing.page != connection.page {
                outgoing.page = connection.page
                if let id = outgoing.message.callbackId { state.withLock { $0.pending[id]?.page = connection.page } }
            }
            // Logged and traced before the page runs, so what the message makes the page do comes after it.
            log.message("SEND", outgoing.text)
            if tracing { traceOutgoing(outgoing, size: outgoing.text.utf8.count, page: connection.page, outcome: "delivered") }
            _ = connection.deliver(outgoing.text)
        }
    }

    /// A message no page takes: dropped (`lost`: as on the device, where no page with the bridge was there for it).
    private func undeliverable(_ outgoing: Outgoing, lost: Bool) {
        warn("WebViewJavascriptBridge: page \(outgoing.page ?? 0) is gone; dropped \(BridgeLog.cut(outgoing.text, to: 200))")
        traceOutgoing(outgoing, size: outgoing.text.utf8.count, page: outgoing.page ?? 0, outcome: BridgeError.pageGone)
        if lost, outgoing.message.responseId == nil {
            let name = outgoing.handlerName ?? outgoing.message.handlerName ?? "?"
            diverge(BridgeDivergence.callDuringReload, "native call \(name) sent during reload is lost on iOS: the reference re-arms "
                    + "no startup queue after the first page, so the message is evaluated in a page that has no bridge yet; "
                    + "lenient would deliver it once the next page has the bridge", page: outgoing.page ?? 0)
        }
        if let id = outgoing.message.callbackId {
            failPending(id, with: BridgeError(code: BridgeError.pageGone, message: "the page went away before the message was delivered"))
        }
    }

    func traceOutgoing(_ outgoing: Outgoing, size: Int, page: Int, outcome: String) {
        trace {
            let message = outgoing.message
            var event = BridgeEvent(time: .now, page: page, direction: .nativeToJS, type: message.type,
                                    handler: outgoing.handlerName, callbackId: message.callbackId,
                                    responseId: message.responseId,
                                    data: message.responseId == nil ? message.data?.value : message.responseData?.value,
                                    dataJSON: (message.responseId == nil ? message.data : message.responseData)?.textWithLoneSurrogate,
                                    size: size, error: message.error, outcome: outcome)
            // An answer going back by the bridge its request came by (combined containers) names that bridge.
            if let via = outgoing.via?.connection {
                event.bridge = (via.protocolName ?? .webViewJavascriptBridge).rawValue
                event.wire = via.wireForm(of: .nativeToJS)
            }
            return event
        }
    }
}
