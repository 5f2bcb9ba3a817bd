import Foundation
import JavaScript

/// The native half of `Resources/platform/websocket.js`: the page's WebSocket connections (``PageWebSocket``), kept
/// by the ``WebPlatformInstance`` so that closing the page closes them. Runtime-thread only.
///
/// At page set-up only `native.webSocketNatives` is defined; the script calls it on the page's first use of
/// `WebSocket`, which makes the functions:
///
/// - `open(url, protocols, onEvent)` -> id: starts the handshake; `onEvent(kind, a, b, c)` gets
///   `('open', protocol, extensions)`, `('message', text or ArrayBuffer)`, `('error')` and
///   `('close', code, reason, wasClean)`, each from the loop.
/// - `send(id, data)`: a string as a text frame, an ArrayBuffer or a view as a binary frame.
/// - `close(id, code or undefined, reason)`.
enum WebSocketNatives {
    static func install(on native: JSValue, instance: WebPlatformInstance, in context: JSContext) {
        native.setValue(JSValue(function: { [weak instance] args in
            guard let instance else { throw JSException(name: "Error", message: "the page is closed") }
            return make(for: instance, in: args.context)
        }, name: "webSocketNatives", in: context), forProperty: "webSocketNatives")
    }

    private static func make(for instance: WebPlatformInstance, in context: JSContext) -> JSValue {
        let natives = JSValue(newObjectIn: context)
        func define(_ name: String, _ body: @escaping JSFunctionBody) {
            natives.setValue(JSValue(function: body, name: name, in: context), forProperty: name)
        }
        define("open") { [weak instance] args in
            guard let instance, let url = URL(string: args.string(at: 0) ?? "") else { return 0 }
            let protocols = (args[1].toArray() ?? []).compactMap { $0.toString() }
            return instance.openWebSocket(url: url, protocols: protocols, onEvent: args[2])
        }
        define("send") { [weak instance] args in
            guard let socket = args.int(at: 0).flatMap({ instance?.webSocket($0) }) else { return nil }
            if args[1].isString {
                socket.send(text: args.string(at: 1) ?? "")
            } else {
                socket.send(bytes: TypedArrayBytes.bytes(of: args.ref(at: 1), in: args.contextRef) ?? [])
            }
            return nil
        }
        define("close") { [weak instance] args in
            guard let socket = args.int(at: 0).flatMap({ instance?.webSocket($0) }) else { return nil }
            socket.close(code: args[1].isUndefined ? nil : args.int(at: 1), reason: args.string(at: 2) ?? "")
            return nil
        }
        return natives
    }
}
