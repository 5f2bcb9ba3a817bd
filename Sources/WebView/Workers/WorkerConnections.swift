import Foundation
import JavaScript

/// A worker's WebSockets and `EventSource` streams from the worker's side (`platform/websocket.js` and
/// `platform/eventsource.js` in the worker, ``WebSocketNatives``, ``EventSourceNatives``): each connection runs on the
/// page's thread through the page's session (``WorkerNetwork``), its events come back as tasks of the worker.
/// Worker-thread only.
final class WorkerConnections: WebSocketOwner, EventStreamOwner {
    private weak var endpoint: WorkerEndpoint?
    private weak var context: JSContext?
    /// The scripts' `onEvent` callbacks of the connections not yet over.
    private var callbacks: [Int: JSValue] = [:]
    private var nextID = 1

    init(endpoint: WorkerEndpoint, context: JSContext) {
        self.endpoint = endpoint
        self.context = context
    }

    /// A new connection's id with its callback; 0 once the worker is terminated.
    private func add(_ onEvent: JSValue) -> Int {
        guard let endpoint, !endpoint.isTerminated else { return 0 }
        let id = nextID
        nextID += 1
        callbacks[id] = onEvent
        return id
    }

    func openWebSocket(url: URL, protocols: [String], onEvent: JSValue) -> Int {
        let id = add(onEvent)
        if id != 0 { endpoint?.openConnection(id, .webSocket(url: url, protocols: protocols)) }
        return id
    }

    func sendWebSocket(_ id: Int, _ frame: WebSocketFrame) {
        guard callbacks[id] != nil else { return }
        endpoint?.onPageNetwork { $0.webSocket(id)?.send(frame) }
    }

    func closeWebSocket(_ id: Int, code: Int?, reason: String) {
        guard callbacks[id] != nil else { return }
        endpoint?.onPageNetwork { $0.webSocket(id)?.close(code: code, reason: reason) }
    }

    func openEventStream(url: URL, lastEventID: String, onEvent: JSValue) -> Int {
        guard url.scheme == "http" || url.scheme == "https" else { return 0 }
        let id = add(onEvent)
        if id != 0 { endpoint?.openConnection(id, .eventStream(url: url, lastEventID: lastEventID)) }
        return id
    }

    func closeEventStream(_ id: Int) {
        guard callbacks.removeValue(forKey: id) != nil else { return }
        endpoint?.onPageNetwork { $0.closeConnection(id) }
    }

    /// An event of connection `id`, as a task of the worker.
    func deliver(_ id: Int, _ event: WorkerConnectionEvent) {
        guard let callback = callbacks[id] else { return }
        let arguments: [any JSValueConvertible]
        switch event {
        case .webSocket(let event):
            guard let made = event.arguments(in: context) else { return }
            arguments = made
        case .eventStream(let event):
            arguments = event.arguments
        }
        if event.isLast { callbacks[id] = nil }
        do {
            _ = try callback.call(arguments: arguments)
        } catch let error as JSException {
            endpoint?.reportUncaught(error)
        } catch {}
    }

    /// Drops every callback (the worker's scope is going away; the page's side ends the connections).
    func close() {
        callbacks.removeAll()
    }
}

/// A connection a worker asks its page for.
enum WorkerConnectionRequest: Sendable {
    case webSocket(url: URL, protocols: [String])
    case eventStream(url: URL, lastEventID: String)
}

/// What a worker's connection tells the worker.
enum WorkerConnectionEvent: Sendable {
    case webSocket(PageWebSocket.Event)
    case eventStream(EventStreamTransfer.Event)

    /// The connection is set up (the page no longer waits for it) or over.
    var endsConnecting: Bool {
        switch self {
        case .webSocket(.open), .webSocket(.close), .eventStream(.open), .eventStream(.ended), .eventStream(.failed): true
        case .webSocket, .eventStream: false
        }
    }

    /// Nothing more comes of the connection.
    var isLast: Bool {
        switch self {
        case .webSocket(.close), .eventStream(.ended), .eventStream(.failed): true
        case .webSocket, .eventStream: false
        }
    }
}

/// A worker's connection on the page's thread.
enum WorkerConnection {
    case webSocket(PageWebSocket)
    case eventStream(EventStreamTransfer)

    func end() {
        switch self {
        case .webSocket(let socket): socket.abort()
        case .eventStream(let transfer): transfer.cancel()
        }
    }
}

extension WorkerNetwork {
    /// Page-thread side of ``WorkerEndpoint/openConnection(_:_:)``: `handler` hears the connection's events.
    func openConnection(_ id: Int, _ request: WorkerConnectionRequest, origin: String, connecting: WorkToken,
                        handler: @escaping (WorkerConnectionEvent) -> Void) {
        guard !isClosed else { return connecting.end() }
        let heard: (WorkerConnectionEvent) -> Void = { [weak self] event in
            guard let self, let entry = self.connections[id] else { return }
            if event.isLast { self.connections[id] = nil } else if event.endsConnecting { self.connections[id]?.connecting = nil }
            handler(event)
            // The page no longer waits for the connection (the event's delivery to the worker keeps it busy now).
            if event.endsConnecting { entry.connecting?.end() }
        }
        switch request {
        case .webSocket(let url, let protocols):
            let socket = PageWebSocket(url: url, protocols: protocols, origin: origin, session: session) { heard(.webSocket($0)) }
            connections[id] = (.webSocket(socket), connecting)
        case .eventStream(let url, let lastEventID):
            guard let transfer = EventStreamTransfer(url: url, lastEventID: lastEventID, session: session, handler: {
                heard(.eventStream($0))
            }) else {
                connecting.end()
                return handler(.eventStream(.failed(reason: "the URL cannot be requested", permanent: true)))
            }
            connections[id] = (.eventStream(transfer), connecting)
        }
    }

    /// The worker's WebSocket `id`, until its `close` event.
    func webSocket(_ id: Int) -> PageWebSocket? {
        guard case .webSocket(let socket) = connections[id]?.connection else { return nil }
        return socket
    }

    /// Ends the worker's connection `id` (an `EventSource` closed); nothing more is heard of it.
    func closeConnection(_ id: Int) {
        guard let entry = connections.removeValue(forKey: id) else { return }
        entry.connection.end()
        entry.connecting?.end()
    }
}

extension WorkerEndpoint {
    /// Opens the worker's connection `id` (worker thread) on the page's thread, through the page's session; its
    /// events come back as tasks of the worker (``WorkerConnections/deliver(_:_:)``), each keeping the page busy until
    /// it ran, and the page waits for the connection to be set up as for its own.
    func openConnection(_ id: Int, _ request: WorkerConnectionRequest) {
        let connecting = pageRuntime.beginConnectionWork()
        let network = self.network, scope = self.scope, runtime = self.runtime, pageRuntime = self.pageRuntime
        let origin = self.origin
        pageRuntime.loop.execute { [self] in
            network.value.openConnection(id, request, origin: origin, connecting: connecting) { event in
                let token = pageRuntime.beginWork()
                runtime.loop.execute {
                    defer { token.end() }
                    scope.value?.connections.deliver(id, event)
                    self.syncClock()
                }
            }
        }
    }

    /// Runs `body` with the worker's network on the page's thread (worker thread).
    func onPageNetwork(_ body: @escaping @Sendable (WorkerNetwork) -> Void) {
        let network = self.network
        pageRuntime.loop.execute { body(network.value) }
    }
}
