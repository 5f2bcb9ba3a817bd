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
        /// Nil once the page closed: a keepalive request then goes on without anybody to tell.
        var callback: JSValue?
        var cancellable: Cancellable?
        /// `fetch(url, {keepalive: true})` and `navigator.sendBeacon`: ``close()`` lets it finish.
        var keepalive = false
        /// Resource Timing: what started the request (`xmlhttprequest`, `fetch`, `img`, ...; nil: no entry) and when.
        var initiator: String?
        var start: Double = 0
        var url: URL?
        /// The body bytes a streamed request has delivered so far.
        var streamedBytes = 0
    }

    /// A resource the page loaded, for Resource Timing (`performance.getEntriesByType('resource')`): recorded here in
    /// Swift when a load ends, made into entries only when the page asks (`native.resourceTimings`).
    struct ResourceRecord {
        var url: String
        var initiator: String
        var start: Double
        var end: Double
        /// The body's bytes as received (after libsoup decoded any content coding) and as sent (`Content-Length`).
        var decodedSize: Int
        var encodedSize: Int
        /// False for `file:` loads, which cross no network.
        var isNetwork: Bool
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

    /// The resources loaded so far (Resource Timing), oldest first, at most ``resourceBufferSize``.
    private(set) var resourceRecords: [ResourceRecord] = []
    /// The most records kept (`performance.setResourceTimingBufferSize`; 250 as in the standard): later loads get none.
    var resourceBufferSize = 250
    /// Called with no arguments after each new record, once the page observes `resource` entries.
    var resourceObserver: JSValue?

    /// Records a finished load for Resource Timing; nothing for a failed one.
    func recordResource(url: URL, initiator: String, start: Double, result: Result<LoadedResource, WebLoadError>,
                        streamedBytes: Int = 0) {
        guard case .success(let resource) = result else { return }
        let size = resource.body.count + streamedBytes
        let length = resource.headers.first { $0.0.caseInsensitiveCompare("Content-Length") == .orderedSame }.flatMap { Int($0.1) }
        recordResource(url: url, initiator: initiator, start: start, decodedSize: size, encodedSize: length ?? size)
    }

    /// Records a load that ended now (a script the page core fetched, say) for Resource Timing.
    func recordResource(url: URL, initiator: String, start: Double, decodedSize: Int, encodedSize: Int) {
        guard !isClosed, let context, !context.isClosed, resourceRecords.count < resourceBufferSize else { return }
        resourceRecords.append(ResourceRecord(url: url.absoluteString, initiator: initiator, start: start, end: context.now,
                                              decodedSize: decodedSize, encodedSize: encodedSize, isNetwork: !url.isFileURL))
        if let resourceObserver { call(resourceObserver, []) }
    }

    /// Forgets the records (`performance.clearResourceTimings`).
    func clearResourceRecords() {
        resourceRecords.removeAll()
    }

    /// The number of requests (fetch, XMLHttpRequest) in flight.
    public var pendingRequestCount: Int { pending.count }

    /// The number of the page's WebSockets not yet closed.
    public var openWebSocketCount: Int { webSockets.count }

    /// Cancels every pending request and ends its work token; later requests fail at once. A keepalive request
    /// (`fetch` with `keepalive`, `navigator.sendBeacon`) outlives the page, as in browsers: it is sent and read to
    /// the end, keeping the runtime busy, and its answer is dropped.
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
        pending = pending.filter(\.value.keepalive).mapValues { var request = $0; request.callback = nil; return request }
        for request in requests.values where !request.keepalive {
            request.cancellable?.cancel()
            request.token.end()
        }
    }

    /// Starts a request for the page; `callback` gets the result object (see `Resources/platform/xmlhttprequest-send.js`).
    /// Returns its id for ``abort(_:)``. Its `Referer` is the page's under `referrer`'s policy, the URL `referrer`
    /// names, or none (``RequestReferrer``).
    ///
    /// With `streaming`, an `http(s)` response reaches `callback` in parts as it arrives: `{head: result}` (the result
    /// object without a body), then `{chunk: ArrayBuffer}` per chunk, then the result object with an empty body.
    func send(_ request: WebRequest, callback: JSValue, keepalive: Bool = false, initiator: String? = nil,
              streaming: Bool = false, referrer: RequestReferrer = .client(policy: nil)) -> Int {
        let id = nextID
        nextID += 1
        guard let host, !isClosed else { return 0 }
        var request = request
        request.addReferer(referrer.header(to: request.url, client: host.documentURL, policy: host.referrerPolicy))
        pending[id] = Pending(token: host.beginWork(), callback: callback, keepalive: keepalive, initiator: initiator,
                              start: initiator == nil ? 0 : context?.now ?? 0, url: request.url)
        if let refusal = Self.refusal(for: request.url, documentURL: host.documentURL) {
            LoopCallback.schedule(on: host.session.mainContext) { [weak self] in self?.complete(id, .failure(refusal)) }
        } else {
            // A keepalive request keeps this instance (closed or not) until it completes, so its token ends then.
            let progress: ((WebSession.Progress) -> Void)? = streaming ? { [weak self] in self?.progress(id, $0) } : nil
            let cancellable = host.session.send(request, whileHeld: false, progress: progress) {
                [weak self, keeper = keepalive ? self : nil] result in
                withExtendedLifetime(keeper) { self?.complete(id, result) }
            }
            pending[id]?.cancellable = cancellable
        }
        return id
    }

    /// Sends `request` and waits for its result, as a synchronous `XMLHttpRequest` does: the runtime thread iterates
    /// its main context meanwhile (so a fixture server on the same thread answers), with the page's other tasks held
    /// until the script that waits has finished (``NestedLoop``). The result object is ``send(_:callback:)``'s.
    func sendSynchronously(_ request: WebRequest) -> JSValue? {
        guard let host, !isClosed, let context, !context.isClosed else { return nil }
        let start = context.now
        var request = request
        request.addReferer(host.referrer(to: request.url))
        var result: Result<LoadedResource, WebLoadError>?
        if let refusal = Self.refusal(for: request.url, documentURL: host.documentURL) {
            result = .failure(refusal)
        } else {
            let session = host.session
            let cancellable = session.send(request, whileHeld: true) { result = $0 }
            NestedLoop.wait(on: session.mainContext) { result != nil }
            withExtendedLifetime(cancellable) {}
        }
        guard let result, !isClosed, !context.isClosed else { return nil }
        recordResource(url: request.url, initiator: "xmlhttprequest", start: start, result: result)
        return Self.resultObject(result, in: context)
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
        webSockets[id] = (socket, host.beginConnectionWork())
        return id
    }

    func webSocket(_ id: Int) -> PageWebSocket? {
        webSockets[id]?.socket
    }

    private func webSocketEvent(_ id: Int, _ event: PageWebSocket.Event, onEvent: JSValue) {
        if NestedLoop.isHoldingTasks {
            return NestedLoop.deferTask { [weak self] in self?.webSocketEvent(id, event, onEvent: onEvent) }
        }
        guard let entry = webSockets[id], let arguments = event.arguments(in: context) else { return }
        switch event {
        case .open: webSockets[id]?.connecting = nil
        case .close: webSockets[id] = nil
        case .text, .binary, .error: break
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
        eventStreams[id] = (transfer, host.beginConnectionWork())
        return id
    }

    /// Ends event-stream connection `id`; nothing more is heard of it.
    func closeEventStream(_ id: Int) {
        guard let entry = eventStreams.removeValue(forKey: id) else { return }
        entry.transfer.cancel()
        entry.connecting?.end()
    }

    private func eventStreamEvent(_ id: Int, _ event: EventStreamTransfer.Event, onEvent: JSValue) {
        if NestedLoop.isHoldingTasks {
            return NestedLoop.deferTask { [weak self] in self?.eventStreamEvent(id, event, onEvent: onEvent) }
        }
        guard let entry = eventStreams[id] else { return }
        switch event {
        case .text: break
        case .open: eventStreams[id]?.connecting = nil
        case .ended, .failed: eventStreams[id] = nil
        }
        // The page no longer waits for the connection once it opened or ended (after the listeners ran, without a gap).
        defer { if case .text = event {} else { entry.connecting?.end() } }
        call(onEvent, event.arguments)
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
        if NestedLoop.isHoldingTasks {
            return NestedLoop.deferTask { [weak self] in self?.complete(id, result) }
        }
        guard let request = pending.removeValue(forKey: id) else { return }
        // Ended after the callback, so work the callback starts keeps the page busy without a gap.
        defer { request.token.end() }
        if let initiator = request.initiator, let url = request.url {
            recordResource(url: url, initiator: initiator, start: request.start, result: result, streamedBytes: request.streamedBytes)
        }
        guard !isClosed, let callback = request.callback, let context, !context.isClosed else { return }
        let value = Self.resultObject(result, in: context)
        do {
            try callback.call(arguments: [value])
        } catch let error as JSException {
            host?.report(error)
        } catch {}
    }

    /// A streamed request's head or next chunk, to its callback (see ``send(_:callback:keepalive:initiator:streaming:)``).
    private func progress(_ id: Int, _ event: WebSession.Progress) {
        guard let request = pending[id], let callback = request.callback, !isClosed, let context, !context.isClosed else { return }
        let object = JSValue(newObjectIn: context)
        switch event {
        case .head(let head):
            object.setValue(Self.resultObject(.success(head), in: context), forProperty: "head")
        case .chunk(let bytes):
            pending[id]?.streamedBytes += bytes.count
            object.setValue(RawJSValue(ref: TypedArrayBytes.makeArrayBuffer(bytes, in: context.ref)), forProperty: "chunk")
        }
        call(callback, [object])
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
