import Foundation
import HybridLoop
import JavaScript

/// The web platform installed in one page: it owns the page's in-flight requests.
///
/// ``WebPlatform/install(in:host:)`` returns it. Call ``close()`` when the document goes away
/// (navigation, reload, close): every pending request is cancelled, its work token ended, and no
/// callback ever reaches the closed context. Runtime-thread only.
public final class WebPlatformInstance {
    private struct Pending {
        var token: WorkToken
        var callback: JSValue
        var cancellable: Cancellable?
    }

    weak var host: (any WebPlatformHost)?
    weak var context: JSContext?
    private var pending: [Int: Pending] = [:]
    private var nextID = 1
    /// The page's WebSockets until their `close` event; each keeps the page busy while it connects.
    private var webSockets: [Int: (socket: PageWebSocket, connecting: WorkToken?)] = [:]
    /// The page's `EventSource` connections (one per source at a time), until they end; each keeps the page busy
    /// while it connects.
    private var eventStreams: [Int: (transfer: EventStreamTransfer, connecting: WorkToken?)] = [:]
    /// The page's canvas bitmaps, freed by ``close()``.
    package let canvases = CanvasRegistry()
    /// True once ``close()`` ran.
    public private(set) var isClosed = false

    init(context: JSContext, host: any WebPlatformHost) {
        self.context = context
        self.host = host
    }

    /// The number of requests (fetch, XMLHttpRequest) in flight.
    public var pendingRequestCount: Int { pending.count }

    /// The number of the page's WebSockets not yet closed.
    public var openWebSocketCount: Int { webSockets.count }

    /// Cancels every pending request and ends its work token; later requests fail at once.
    public func close() {
        isClosed = true
        canvases.close()
        let streams = eventStreams
        eventStreams.removeAll()
        for entry in streams.values {
            entry.transfer.cancel()
            entry.connecting?.end()
        }
        let sockets = webSockets
        webSockets.removeAll()
        for entry in sockets.values {
            entry.socket.abort()
            entry.connecting?.end()
        }
        let requests = pending
        pending.removeAll()
        for request in requests.values {
            request.cancellable?.cancel()
            request.token.end()
        }
    }

    /// Starts a request for the page; `callback` gets the result object (see `Resources/platform/xmlhttprequest-send.js`).
    /// Returns its id for ``abort(_:)``.
    func send(_ request: WebRequest, callback: JSValue) -> Int {
        let id = nextID
        nextID += 1
        guard let host, !isClosed else { return 0 }
        pending[id] = Pending(token: host.beginWork(), callback: callback)
        if let refusal = Self.refusal(for: request.url, documentURL: host.documentURL) {
            LoopCallback.schedule(on: host.session.mainContext) { [weak self] in self?.complete(id, .failure(refusal)) }
        } else {
            let cancellable = host.session.send(request) { [weak self] result in self?.complete(id, result) }
            pending[id]?.cancellable = cancellable
        }
        return id
    }

    /// Starts a WebSocket for the page (`url` already checked by the script); `onEvent` hears it (see
    /// ``WebSocketNatives``). Returns its id; 0 once the page is closed.
    func openWebSocket(url: URL, protocols: [String], onEvent: JSValue) -> Int {
        guard let host, !isClosed else { return 0 }
        let id = nextID
        nextID += 1
        let socket = PageWebSocket(url: url, protocols: protocols, origin: WebOrigin.of(host.documentURL),
                                   session: host.session) { [weak self] event in
            self?.webSocketEvent(id, event, onEvent: onEvent)
        }
        webSockets[id] = (socket, host.beginWork())
        return id
    }

    func webSocket(_ id: Int) -> PageWebSocket? {
        webSockets[id]?.socket
    }

    private func webSocketEvent(_ id: Int, _ event: PageWebSocket.Event, onEvent: JSValue) {
        guard let entry = webSockets[id] else { return }
        let arguments: [any JSValueConvertible]
        switch event {
        case .open(let chosen, let extensions):
            arguments = ["open", chosen, extensions]
            webSockets[id]?.connecting = nil
        case .text(let text):
            arguments = ["message", text]
        case .binary(let bytes):
            guard let context, !context.isClosed else { return }
            arguments = ["message", RawJSValue(ref: TypedArrayBytes.makeArrayBuffer(bytes, in: context.ref))]
        case .error:
            arguments = ["error"]
        case .close(let code, let reason, let wasClean):
            arguments = ["close", code, reason, wasClean]
            webSockets[id] = nil
        }
        // Open or closed: the page no longer waits for the handshake (after the listeners ran, without a gap).
        defer {
            switch event {
            case .open, .close: entry.connecting?.end()
            case .text, .binary, .error: break
            }
        }
        call(onEvent, arguments)
    }

    /// Starts an event-stream connection for the page's `EventSource`; `onEvent` hears it (see
    /// ``EventSourceNatives``). Returns its id; 0 once the page is closed or when the URL cannot be requested.
    func openEventStream(url: URL, lastEventID: String, onEvent: JSValue) -> Int {
        guard let host, !isClosed, url.scheme == "http" || url.scheme == "https" else { return 0 }
        let id = nextID
        nextID += 1
        let transfer = EventStreamTransfer(url: url, lastEventID: lastEventID, session: host.session) { [weak self] event in
            self?.eventStreamEvent(id, event, onEvent: onEvent)
        }
        guard let transfer else { return 0 }
        eventStreams[id] = (transfer, host.beginWork())
        return id
    }

    /// Ends event-stream connection `id`; nothing more is heard of it.
    func closeEventStream(_ id: Int) {
        guard let entry = eventStreams.removeValue(forKey: id) else { return }
        entry.transfer.cancel()
        entry.connecting?.end()
    }

    private func eventStreamEvent(_ id: Int, _ event: EventStreamTransfer.Event, onEvent: JSValue) {
        guard let entry = eventStreams[id] else { return }
        let arguments: [any JSValueConvertible]
        switch event {
        case .open: arguments = ["open"]
        case .text(let text): arguments = ["text", text]
        case .ended: arguments = ["ended"]
        case .failed(let reason, let permanent): arguments = ["failed", reason, permanent]
        }
        switch event {
        case .text: break
        case .open: eventStreams[id]?.connecting = nil
        case .ended, .failed: eventStreams[id] = nil
        }
        // The page no longer waits for the connection once it opened or ended (after the listeners ran, without a gap).
        defer { if case .text = event {} else { entry.connecting?.end() } }
        call(onEvent, arguments)
    }

    /// Calls a page callback from the loop, its exceptions reported; nothing once the page is closed.
    private func call(_ callback: JSValue, _ arguments: [any JSValueConvertible]) {
        guard !isClosed, let context, !context.isClosed else { return }
        do {
            try callback.call(arguments: arguments)
        } catch let error as JSException {
            host?.report(error)
        } catch {}
    }

    /// Cancels request `id`; its callback is never called.
    func abort(_ id: Int) {
        guard let request = pending.removeValue(forKey: id) else { return }
        request.cancellable?.cancel()
        request.token.end()
    }

    private func complete(_ id: Int, _ result: Result<LoadedResource, WebLoadError>) {
        guard let request = pending.removeValue(forKey: id) else { return }
        // Ended after the callback, so work the callback starts keeps the page busy without a gap.
        defer { request.token.end() }
        guard !isClosed, let context, !context.isClosed else { return }
        let value = Self.resultObject(result, in: context)
        do {
            try request.callback.call(arguments: [value])
        } catch let error as JSException {
            host?.report(error)
        } catch {}
    }

    /// Why the page may not load `url`: `file:` only from a `file:` page, under its folder.
    static func refusal(for url: URL, documentURL: URL) -> WebLoadError? {
        guard url.isFileURL else { return nil }
        guard documentURL.isFileURL else {
            return WebLoadError(url: url.absoluteString,
                                message: "file: URLs can only be requested by file: pages, not by \(WebOrigin.of(documentURL))",
                                kind: .forbidden)
        }
        let folder = documentURL.deletingLastPathComponent().standardizedFileURL.resolvingSymlinksInPath().path
        let path = url.standardizedFileURL.resolvingSymlinksInPath().path
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        guard path.hasPrefix(prefix) else {
            return WebLoadError(url: url.absoluteString,
                                message: "file: access outside the page's folder (\(folder)) is refused", kind: .forbidden)
        }
        return nil
    }

    /// `{status, statusText, url, headers: [[name, value]], body: ArrayBuffer}` or `{error, kind}`.
    static func resultObject(_ result: Result<LoadedResource, WebLoadError>, in context: JSContext) -> JSValue {
        let object = JSValue(newObjectIn: context)
        switch result {
        case .success(let resource):
            object.setValue(resource.status, forProperty: "status")
            object.setValue(resource.statusText, forProperty: "statusText")
            object.setValue(resource.url.absoluteString, forProperty: "url")
            object.setValue(resource.headers.map { [$0.0, $0.1] }, forProperty: "headers")
            object.setValue(RawJSValue(ref: TypedArrayBytes.makeArrayBuffer(resource.body, in: context.ref)), forProperty: "body")
        case .failure(let error):
            object.setValue(error.description, forProperty: "error")
            object.setValue(error.kind.rawValue, forProperty: "kind")
        }
        return object
    }
}
