import JavaScript

extension WebViewJavascriptBridge {
    /// A native handler as the bridge keeps it: the whole request and the responder that answers it.
    package typealias RequestHandler = @Sendable (BridgeRequest, BridgeResponder) -> Void

    /// Puts a layer in front of the native handler `handlerName`, for every protocol the bridge speaks: `make` gets
    /// the handler underneath (the registered one, or, when none is, one that answers `handler_not_found` as the bridge
    /// does) and returns the handler that replaces it. The layer keeps the handler's synchronous mark (DSBridge's
    /// synchronous calls); a name that had no handler is marked synchronous, so a layer that answers at once can
    /// answer a synchronous call. Test runners use it to answer calls per test over a file's mocks.
    package func layer(_ handlerName: String, _ make: (_ below: @escaping RequestHandler) -> RequestHandler) {
        let core = self.core
        let missing: RequestHandler = { request, responder in
            core.warn("WVJBNoHandlerException, No handler for message from JS: handler \(request.handlerName)")
            responder.fail(BridgeError(code: BridgeError.handlerNotFound, message: "no native handler named \"\(request.handlerName)\""))
        }
        let (below, synchronous) = core.state.withLock { state in
            (state.handlers[handlerName], state.handlers[handlerName] == nil || state.synchronousHandlers.contains(handlerName))
        }
        let layered = make(below ?? missing)
        core.state.withLock { state in
            state.handlers[handlerName] = layered
            if synchronous { state.synchronousHandlers.insert(handlerName) } else { state.synchronousHandlers.remove(handlerName) }
        }
    }
}
