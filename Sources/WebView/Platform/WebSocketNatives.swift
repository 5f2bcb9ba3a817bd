import Foundation
import JavaScript

/// The native half of `Resources/platform/websocket.js`: a realm's WebSocket connections (``PageWebSocket``), kept
/// by their ``WebSocketOwner`` (the page's ``WebPlatformInstance``, a worker's ``WorkerConnections``) so that closing
/// the page or terminating the worker closes them. Thread of the realm only.
///
/// At set-up only `native.webSocketNatives` is defined; the script calls it on the realm's first use of
/// `WebSocket`, which makes the functions:
///
/// - `open(url, protocols, onEvent)` -> id: starts the handshake; `onEvent(kind, a, b, c)` gets
///   `('open', protocol, extensions)`, `('message', text or ArrayBuffer)`, `('error')` and
///   `('close', code, reason, wasClean)`, each from the loop.
/// - `send(id, data)`: a string as a text frame, an ArrayBuffer or a view as a binary frame.
/// - `close(id, code or undefined, reason)`.
enum WebSocketNatives {
    static func install(on native: JSValue, owner: any WebSocketOwner, in context: JSContext) {
        native.setValue(JSValue(function: { [weak owner] args in
            guard let owner else { throw JSException(name: "Error", message: "the page is closed") }
            return make(for: owner, in: args.context)
        }, name: "webSocketNatives", in: context), forProperty: "webSocketNatives")
    }

    private static func make(for owner: any WebSocketOwner, in context: JSContext) -> JSValue {
        let natives = JSValue(newObjectIn: context)
        func define(_ name: String, _ body: @escaping JSFunctionBody) {
            natives.setValue(JSValue(function: body, name: name, in: context), forProperty: name)
        }
        define("open") { [weak owner] args in
            guard let owner, let url = URL(string: args.string(at: 0) ?? "") else { return 0 }
            let protocols = (args[1].toArray() ?? []).compactMap { $0.toString() }
            return owner.openWebSocket(url: url, protocols: protocols, onEvent: args[2])
        }
        define("send") { [weak owner] args in
            guard let id = args.int(at: 0) else { return nil }
            let frame: WebSocketFrame = args[1].isString ? .text(args.string(at: 1) ?? "")
                : .binary(TypedArrayBytes.bytes(of: args.ref(at: 1), in: args.contextRef) ?? [])
            owner?.sendWebSocket(id, frame)
            return nil
        }
        define("close") { [weak owner] args in
            guard let id = args.int(at: 0) else { return nil }
            owner?.closeWebSocket(id, code: args[1].isUndefined ? nil : args.int(at: 1), reason: args.string(at: 2) ?? "")
            return nil
        }
        return natives
    }
}

/// What keeps a realm's WebSockets: a page's ``WebPlatformInstance`` (its sockets on its thread) or a worker's
/// ``WorkerConnections`` (the worker's sockets on its page's thread, their events as tasks of the worker).
protocol WebSocketOwner: AnyObject {
    /// Starts a WebSocket (`url` already checked by the script); `onEvent` hears it (see ``WebSocketNatives``).
    /// Returns its id; 0 once the realm is closed.
    func openWebSocket(url: URL, protocols: [String], onEvent: JSValue) -> Int
    /// Sends a frame on socket `id`, when it is open.
    func sendWebSocket(_ id: Int, _ frame: WebSocketFrame)
    /// Closes socket `id` (see ``PageWebSocket/close(code:reason:)``).
    func closeWebSocket(_ id: Int, code: Int?, reason: String)
}

/// A frame a script sends.
enum WebSocketFrame: Sendable {
    case text(String)
    case binary([UInt8])
}

extension PageWebSocket {
    func send(_ frame: WebSocketFrame) {
        switch frame {
        case .text(let text): send(text: text)
        case .binary(let bytes): send(bytes: bytes)
        }
    }
}

extension PageWebSocket.Event {
    /// The arguments of the script's `onEvent(kind, a, b, c)` for this event; nil once `context` is closed.
    func arguments(in context: JSContext?) -> [any JSValueConvertible]? {
        switch self {
        case .open(let chosen, let extensions): return ["open", chosen, extensions]
        case .text(let text): return ["message", text]
        case .binary(let bytes):
            guard let context, !context.isClosed else { return nil }
            return ["message", RawJSValue(ref: TypedArrayBytes.makeArrayBuffer(bytes, in: context.ref))]
        case .error: return ["error"]
        case .close(let code, let reason, let wasClean): return ["close", code, reason, wasClean]
        }
    }
}

extension WebPlatformInstance: WebSocketOwner {
    func sendWebSocket(_ id: Int, _ frame: WebSocketFrame) {
        webSocket(id)?.send(frame)
    }

    func closeWebSocket(_ id: Int, code: Int?, reason: String) {
        webSocket(id)?.close(code: code, reason: reason)
    }
}
