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

    /// Cancels every pending request and ends its work token; later requests fail at once.
    public func close() {
        isClosed = true
        canvases.close()
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
    private static func resultObject(_ result: Result<LoadedResource, WebLoadError>, in context: JSContext) -> JSValue {
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
