import Foundation
import JavaScript

/// The native half of `Resources/platform/eventsource.js`: a realm's event-stream connections
/// (``EventStreamTransfer``), kept by their ``EventStreamOwner`` (the page's ``WebPlatformInstance``, a worker's
/// ``WorkerConnections``) so that closing the page or terminating the worker ends them. Thread of the realm only.
///
/// At set-up only `native.eventSourceNatives` is defined; the script calls it on the realm's first use of
/// `EventSource`, which makes the functions:
///
/// - `open(url, lastEventId, onEvent)` -> id (0 when the URL cannot be requested): one connection;
///   `onEvent(kind, a, b)` gets `('open')`, `('text', lines)`, `('ended')` and `('failed', reason, permanent)`.
/// - `close(id)`: stops it; nothing more is heard of it.
enum EventSourceNatives {
    static func install(on native: JSValue, owner: any EventStreamOwner, in context: JSContext) {
        native.setValue(JSValue(function: { [weak owner] args in
            guard let owner else { throw JSException(name: "Error", message: "the page is closed") }
            return make(for: owner, in: args.context)
        }, name: "eventSourceNatives", in: context), forProperty: "eventSourceNatives")
    }

    private static func make(for owner: any EventStreamOwner, in context: JSContext) -> JSValue {
        let natives = JSValue(newObjectIn: context)
        natives.setValue(JSValue(function: { [weak owner] args in
            guard let owner, let url = URL(string: args.string(at: 0) ?? "") else { return 0 }
            return owner.openEventStream(url: url, lastEventID: args.string(at: 1) ?? "", onEvent: args[2])
        }, name: "open", in: context), forProperty: "open")
        natives.setValue(JSValue(function: { [weak owner] args in
            if let id = args.int(at: 0) { owner?.closeEventStream(id) }
            return nil
        }, name: "close", in: context), forProperty: "close")
        return natives
    }
}

/// What keeps a realm's event-stream connections: a page's ``WebPlatformInstance`` (on its thread) or a worker's
/// ``WorkerConnections`` (the worker's streams on its page's thread, their events as tasks of the worker).
protocol EventStreamOwner: AnyObject {
    /// Starts an event-stream connection; `onEvent` hears it (see ``EventSourceNatives``). Returns its id; 0 once
    /// the realm is closed or when the URL cannot be requested.
    func openEventStream(url: URL, lastEventID: String, onEvent: JSValue) -> Int
    /// Ends connection `id`; nothing more is heard of it.
    func closeEventStream(_ id: Int)
}

extension EventStreamTransfer.Event {
    /// The arguments of the script's `onEvent(kind, a, b)` for this event.
    var arguments: [any JSValueConvertible] {
        switch self {
        case .open: ["open"]
        case .text(let text): ["text", text]
        case .ended: ["ended"]
        case .failed(let reason, let permanent): ["failed", reason, permanent]
        }
    }
}

extension WebPlatformInstance: EventStreamOwner {}
