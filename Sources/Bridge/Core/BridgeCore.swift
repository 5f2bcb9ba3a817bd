import JavaScript
import Logging
import Synchronization

/// The protocol core: handlers, callback ids, the startup queue, pending calls, limits, logging and
/// tracing. It does not know how a page is reached; a ``BridgeConnection`` does that.
///
/// Thread-safe: its state sits behind one lock that is never held while a handler, a callback
/// or JavaScript runs. Deliveries and fetches run as tasks on the runtime thread.
final class BridgeCore: Sendable {
    typealias Handler = @Sendable (_ request: BridgeRequest, _ responder: BridgeResponder) -> Void

    struct Outgoing: Sendable {
        var message: BridgeMessage
        var handlerName: String?
        var text: String
        /// The page this message is for; nil until a page is attached.
        var page: Int?
        /// The connection an answer goes back by (combined containers); nil: the attached one.
        var via: ConnectionRoute?
    }

    struct State: Sendable {
        var handlers: [String: Handler] = [:]
        var isEchoEnabled = false
        var log: BridgeLog
        /// Above what WKWebView was seen to deliver (17 MiB, issue 17), so the limit refuses nothing a phone takes.
        var maxMessageSize = BridgeCore.defaultMaximumMessageSize
        var compatibility = BridgeCompatibility.device
        /// The injection and delivery delays, and the draws made from the timing's seed so far.
        var timing = BridgeTimingDraws(.device)
        var isTracingEnabled = true
        var connection: (any BridgeConnection)?
        /// Messages for a page that has not loaded the bridge yet; nil while a page is ready.
        var startupQueue: [Outgoing]? = []
        var outbox: [Outgoing] = []
        var flushToken: WorkToken?
        /// Nonzero while the page's queue is being handled: answers are delivered after each message, not in a task.
        var receiving = 0
        /// The connection whose queue is being handled (combined containers: what its events are traced as).
        var receivingFrom: ConnectionRoute?
        var pending: [String: PendingCall] = [:]
        var uniqueId = 0
        /// Ids of calls that `reset()` forgot while the page may still answer them: their late
        /// answers are ignored, and new calls do not reuse them until the page goes away.
        var retiredIds: Set<String> = []

        /// How native callback ids look: the protocol's own form (`objc_cb_<n>` unless a container says otherwise).
        var callbackIdStyle = CallbackIdStyle.objC
        /// The handler for messages without a handler name (Android JsBridge's `send`); nil when none is accepted.
        var defaultHandlerName: String?
        /// Handlers that answer before they return: they can answer a synchronous call (DSBridge).
        var synchronousHandlers: Set<String> = []
        /// The container the bridge was made for (what the page sees).
        var container = ContainerProfile.iOSWebViewJavascriptBridge
        /// The protocol adapters that fire events into the page (``WebViewJavascriptBridge/fireEvent(_:data:)``).
        var eventSources: [any ContainerEventSource] = []

        /// The next native callback id: `objc_cb_<n>` (or the container's protocol's form), skipping retired ids.
        mutating func nextCallbackId() -> String {
            var id: String
            repeat {
                uniqueId += 1
                id = callbackIdStyle.id(uniqueId)
            } while !retiredIds.isEmpty && retiredIds.contains(id)
            return id
        }
    }

    let runtime: JavaScriptRuntime
    let state: Mutex<State>
    let events = EventPublisher<BridgeEvent>()
    let divergences = EventPublisher<BridgeDivergence>()
    static let defaultMaximumMessageSize = 256 << 20
    /// The timers of pending calls; each is released when its call ends.
    let timeouts = CallTimeout.Count()

    init(runtime: JavaScriptRuntime, logger: Logger) {
        self.runtime = runtime
        state = Mutex(State(log: BridgeLog(logger: logger)))
    }

    var loop: EventLoopThread { runtime.loop }

    // MARK: Pages

    /// A page loaded the bridge: its setup callbacks run in the next task, and the startup queue is
    /// delivered in the task after that, so the page's handlers exist by then. Calls waiting on the
    /// page attached before fail with `page_gone`.
    func attach(_ connection: any BridgeConnection, runCallbacks: @escaping @Sendable () -> Void) {
        let (previous, nativeCallsBridge) = state.withLock { ($0.connection, $0.container.nativeCallsBridge) }
        if let previous, previous !== connection, previous.page == connection.page, let nativeCallsBridge {
            // A combined container: another bridge of the same page. Native calls stay with the container's first
            // bridge once it is there; the page's own calls are answered by the bridge they came by.
            if (previous.protocolName ?? .webViewJavascriptBridge) == nativeCallsBridge {
                let token = runtime.beginWork()
                loop.execute {
                    runCallbacks()
                    token.end()
                }
                return
            }
        } else if let previous, previous !== connection {
            // One page at a time: the page attached before is gone for the bridge.
            detach(previous)
        }
        state.withLock { state in
            state.connection = connection
            if state.startupQueue == nil { state.startupQueue = [] }
        }
        let token = runtime.beginWork()
        loop.execute { [self] in
            runCallbacks()
            releaseStartupQueue(for: connection)
            token.end()
        }
    }

    private func releaseStartupQueue(for connection: any BridgeConnection) {
        let schedule = state.withLock { state -> Bool in
            guard state.connection === connection, let queued = state.startupQueue else { return false }
            state.startupQueue = nil
            for var message in queued {
                message.page = connection.page
                if let id = message.message.callbackId { state.pending[id]?.page = connection.page }
                state.outbox.append(message)
            }
            return takeFlush(&state)
        }
        if schedule { scheduleFlush() }
    }

    /// The page went away: calls this page received and has not answered fail with `page_gone`.
    ///
    /// As on the device, the startup queue is not re-armed (the reference never does): what native sends until the
    /// next page has the bridge is lost, and what it sent before and has not been delivered yet goes to whatever page
    /// is there when it is (see `flush()`). ``BridgeCompatibility/lenient`` re-arms the startup queue, so such
    /// messages wait for the next page, and fails the calls not yet delivered too.
    func detach(_ connection: any BridgeConnection) {
        let failed = state.withLock { state -> [PendingCall] in
            guard state.connection === connection else { return [] }
            state.connection = nil
            state.retiredIds = []
            let lenient = state.compatibility == .lenient
            if lenient, state.startupQueue == nil { state.startupQueue = [] }
            let undelivered = lenient ? [] : Set(state.outbox.compactMap(\.message.callbackId))
            var failed: [PendingCall] = []
            for (id, call) in state.pending where call.page == connection.page && !undelivered.contains(id) {
                failed.append(call)
                state.pending[id] = nil
            }
            return failed
        }
        let error = BridgeError(code: BridgeError.pageGone, message: "the page went away before it answered")
        for call in failed { call.fail(error) }
    }

    /// The reference's `reset()`: forgets every response callback and restarts callback ids;
    /// calls waiting for an answer fail with `page_gone`, and their ids are not reused while the
    /// page may still answer them (the reference would hand a late answer to a new call). With no page attached, the startup
    /// queue is re-armed.
    func reset() {
        let failed = state.withLock { state -> [PendingCall] in
            let failed = Array(state.pending.values)
            state.retiredIds.formUnion(state.pending.keys)
            state.pending = [:]
            state.uniqueId = 0
            if state.connection == nil { state.startupQueue = state.startupQueue ?? [] }
            return failed
        }
        let error = BridgeError(code: BridgeError.pageGone, message: "the bridge was reset")
        for call in failed { call.fail(error) }
    }

    // MARK: Timing

    /// Runs `body` on the runtime thread after `milliseconds` on the runtime's clock (virtual or real), as an internal
    /// timer of the runtime's default context that keeps the runtime busy until it fires. Runtime thread.
    func after(_ milliseconds: Double, _ body: @escaping () -> Void) {
        let context = runtime.assumeIsolated { LoopBound($0.context, loop: $0.loop) }.value
        let timers = context.internalTimerFunctions()
        let callback = JSValue(function: { _ in
            body()
            return nil
        }, name: "bridgeTiming", in: context)
        _ = try? timers.schedule.call(arguments: [callback, JSValue(double: milliseconds, in: context)])
    }

    /// The delay of the next delivery under the bridge's timing (0 by default). Runtime thread.
    func nextDeliveryDelay() -> Double {
        state.withLock { $0.timing.timing.deliveryDelay.upperBound > 0 ? $0.timing.delivery() : 0 }
    }

    /// The delay of the next injection under the bridge's timing (0 by default). Runtime thread.
    func nextInjectionDelay() -> Double {
        state.withLock { $0.timing.timing.injectionDelay.upperBound > 0 ? $0.timing.injection() : 0 }
    }

    // MARK: Logging and tracing

    func warn(_ text: @autoclosure () -> String) {
        let log = state.withLock { $0.log }
        log.warning(text())
    }

    /// Reports a place where the page would behave differently on the device (also a log warning).
    func diverge(_ code: String, _ message: String, page: Int) {
        warn("WebViewJavascriptBridge: divergence \(code): \(message)")
        divergences.emit(BridgeDivergence(page: page, code: code, message: message))
    }

    func trace(_ make: () -> BridgeEvent) {
        guard isTracing else { return }
        var event = make()
        // A protocol other than the iOS one names itself and its wire form (the iOS events are unchanged, except in a
        // combined container, where each event names its bridge).
        let (attached, receivingFrom, combined) = state.withLock {
            ($0.connection, $0.receivingFrom?.connection, $0.container.nativeCallsBridge != nil)
        }
        if event.bridge == nil, let connection = receivingFrom ?? attached {
            if let name = connection.protocolName {
                event.bridge = name.rawValue
                event.wire = connection.wireForm(of: event.direction)
            } else if combined {
                event.bridge = BridgeProtocolName.webViewJavascriptBridge.rawValue
            }
        }
        events.emit(event)
    }

    /// Whether messages become events: only when asked for and watched, since making one costs.
    var isTracing: Bool { state.withLock { $0.isTracingEnabled } && events.hasSubscribers }
}
