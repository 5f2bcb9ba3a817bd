import Foundation
import JavaScript

/// The native half of `Resources/platform/eventsource.js`: the page's event-stream connections
/// (``EventStreamTransfer``), kept by the ``WebPlatformInstance`` so that closing the page ends them. Runtime-thread
/// only.
///
/// At page set-up only `native.eventSourceNatives` is defined; the script calls it on the page's first use of
/// `EventSource`, which makes the functions:
///
/// - `open(url, lastEventId, onEvent)` -> id (0 when the URL cannot be requested): one connection;
///   `onEvent(kind, a, b)` gets `('open')`, `('text', lines)`, `('ended')` and `('failed', reason, permanent)`.
/// - `close(id)`: stops it; nothing more is heard of it.
enum EventSourceNatives {
    static func install(on native: JSValue, instance: WebPlatformInstance, in context: JSContext) {
        native.setValue(JSValue(function: { [weak instance] args in
            guard let instance else { throw JSException(name: "Error", message: "the page is closed") }
            return make(for: instance, in: args.context)
        }, name: "eventSourceNatives", in: context), forProperty: "eventSourceNatives")
    }

    private static func make(for instance: WebPlatformInstance, in context: JSContext) -> JSValue {
        let natives = JSValue(newObjectIn: context)
        natives.setValue(JSValue(function: { [weak instance] args in
            guard let instance, let url = URL(string: args.string(at: 0) ?? "") else { return 0 }
            return instance.openEventStream(url: url, lastEventID: args.string(at: 1) ?? "", onEvent: args[2])
        }, name: "open", in: context), forProperty: "open")
        natives.setValue(JSValue(function: { [weak instance] args in
            if let id = args.int(at: 0) { instance?.closeEventStream(id) }
            return nil
        }, name: "close", in: context), forProperty: "close")
        return natives
    }
}
