internal import CSoup
import Foundation
import HybridLoop

/// One HTTP exchange through a `SoupSession`: send, follow redirects, read the body chunk by chunk.
/// Completes on the session's main context; never after its ``Cancellable`` was cancelled.
///
/// A request without a timeout of its own fails when the server goes quiet for `responseTimeout`: no response head
/// that long after it was sent, or no body bytes that long since the last ones (WKWebView's requests time out after
/// 60 s of inactivity, `NSURLRequest`'s default). The session itself has no socket timeout: libsoup's fired overdue
/// after a script had held the thread, before the answer already waiting on the socket was read.
///
/// Only time the thread was free to read counts (see ``InactivityWatch``): a script that holds the thread for a
/// minute after a request does not time it out, as WKWebView's network process reads on meanwhile.
final class HTTPTransfer {
    private let request: WebRequest
    private let session: UnsafeMutablePointer<SoupSession>
    private let message: OpaquePointer
    private let mainContext: OpaquePointer
    private let cancellable: Cancellable
    private var completion: ((Result<LoadedResource, WebLoadError>) -> Void)?
    private var timeoutSource: UnsafeMutablePointer<GSource>?
    private var timedOut = false
    /// Nil when the request has its own timeout.
    private var watch: InactivityWatch?
    private var gotHeadersHandler: gulong = 0
    private var stream: UnsafeMutablePointer<GInputStream>?
    private var body: [UInt8] = []
    /// The largest body read (``WebSession/maximumResponseSize``).
    private var maximumSize = Int.max
    /// Set for a streamed response: told of the response head, then of each chunk of the body as it arrives; the body
    /// is then not kept, and the completion's resource has none.
    private var progress: ((WebSession.Progress) -> Void)?
    /// The body's bytes read so far (kept or streamed).
    private var received = 0
    /// When the exchange started, for its timings (nil: not collected).
    private var started: Date?

    /// Bytes asked for per read of the body.
    private static let chunkSize: gsize = 64 * 1024

    private init(request: WebRequest, session: UnsafeMutablePointer<SoupSession>, message: OpaquePointer,
                 mainContext: OpaquePointer, cancellable: Cancellable,
                 completion: @escaping (Result<LoadedResource, WebLoadError>) -> Void) {
        self.request = request
        self.session = session
        self.message = message
        self.mainContext = mainContext
        self.cancellable = cancellable
        self.completion = completion
        g_object_ref(UnsafeMutableRawPointer(session))
    }

    deinit {
        if let timeoutSource { LoopCallback.cancel(timeoutSource) }
        stopWatching()
        if let stream { g_object_unref(UnsafeMutableRawPointer(stream)) }
        g_object_unref(UnsafeMutableRawPointer(message))
        g_object_unref(UnsafeMutableRawPointer(session))
    }

    /// Starts the exchange; returns the error at once when the request cannot be made.
    static func start(_ request: WebRequest, session: UnsafeMutablePointer<SoupSession>, mainContext: OpaquePointer, cancellable: Cancellable,
                      responseTimeout: Duration, maximumResponseSize: Int = .max,
                      progress: ((WebSession.Progress) -> Void)? = nil, collectsTimings: Bool = false,
                      completion: @escaping (Result<LoadedResource, WebLoadError>) -> Void) -> WebLoadError? {
        let method = request.method.isEmpty ? "GET" : request.method
        guard let message = soup_message_new(method, request.url.absoluteString) else {
            return WebLoadError(url: request.url.absoluteString, message: "invalid URL", kind: .invalidURL)
        }
        let headers = soup_message_get_request_headers(message)
        var contentType: String?
        for (name, value) in request.headers where isValidHeader(name, value) {
            if name.caseInsensitiveCompare("Content-Type") == .orderedSame { contentType = value; continue }
            soup_message_headers_append(headers, name, value)
        }
        if let body = request.body {
            let bytes = body.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
            soup_message_set_request_body_from_bytes(message, contentType, bytes)
            g_bytes_unref(bytes)
        } else if let contentType {
            soup_message_headers_replace(headers, "Content-Type", contentType)
        }
        let transfer = HTTPTransfer(request: request, session: session, message: message, mainContext: mainContext,
                                    cancellable: cancellable, completion: completion)
        transfer.maximumSize = maximumResponseSize
        transfer.progress = progress
        if collectsTimings {
            soup_message_add_flags(message, SOUP_MESSAGE_COLLECT_METRICS)
            transfer.started = Date()
        }
        if let timeout = request.timeout {
            let milliseconds = UInt32(clamping: max(1, Int(timeout.seconds * 1000)))
            transfer.timeoutSource = LoopCallback.scheduleCancellable(on: mainContext, after: milliseconds) { [unowned transfer] in
                transfer.timedOut = true
                g_cancellable_cancel(transfer.cancellable.gCancellable)
            }
        } else {
            transfer.startWatching(responseTimeout)
        }
        soup_session_send_async(session, message, Int32(G_PRIORITY_DEFAULT), cancellable.gCancellable, { _, result, data in
            Unmanaged<HTTPTransfer>.fromOpaque(data!).takeRetainedValue().sent(result)
        }, Unmanaged.passRetained(transfer).toOpaque())
        return nil
    }

    /// Watches for `limit` of inactivity; every response head (redirects too) counts as activity.
    private func startWatching(_ limit: Duration) {
        watch = InactivityWatch(limit: limit, on: mainContext) { [unowned self] in
            g_cancellable_cancel(cancellable.gCancellable)
        }
        // The handler holds the transfer unretained: it is disconnected before the transfer goes.
        gotHeadersHandler = hybrid_platform_message_connect(message, "got-headers", { _, data in
            Unmanaged<HTTPTransfer>.fromOpaque(data!).takeUnretainedValue().watch?.noteActivity()
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    private func stopWatching() {
        watch?.stop()
        if gotHeadersHandler != 0 { g_signal_handler_disconnect(UnsafeMutableRawPointer(message), gotHeadersHandler) }
        gotHeadersHandler = 0
    }

    /// libsoup rejects (with a critical warning) names and values that would break the message.
    private static func isValidHeader(_ name: String, _ value: String) -> Bool {
        !name.isEmpty && !name.utf8.contains { $0 <= 0x20 || $0 == UInt8(ascii: ":") || $0 >= 0x7F }
            && !value.utf8.contains { $0 == 0 || $0 == 0x0A || $0 == 0x0D }
    }

    /// The response head is in (or the exchange failed): read the body.
    private func sent(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        stream = soup_session_send_finish(session, result, &error)
        defer { if let error { g_error_free(error) } }
        guard stream != nil else { return fail(error) }
        watch?.noteActivity()
        if let progress {
            progress(.head(resource(body: [])))
            // The head's listener may have cancelled the load.
            guard !cancellable.isCancelled else { return }
        } else if let length = Int(exactly: soup_message_headers_get_content_length(soup_message_get_response_headers(message))),
                  length > 0 {
            body.reserveCapacity(min(length, 64 * 1024 * 1024))
        }
        readNextChunk()
    }

    private func readNextChunk() {
        guard let stream else { return }
        g_main_context_push_thread_default(mainContext)
        defer { g_main_context_pop_thread_default(mainContext) }
        g_input_stream_read_bytes_async(stream, Self.chunkSize, Int32(G_PRIORITY_DEFAULT), cancellable.gCancellable, { _, result, data in
            Unmanaged<HTTPTransfer>.fromOpaque(data!).takeRetainedValue().read(result)
        }, Unmanaged.passRetained(self).toOpaque())
    }

    private func read(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        let bytes = g_input_stream_read_bytes_finish(stream, result, &error)
        defer { if let bytes { g_bytes_unref(bytes) }; if let error { g_error_free(error) } }
        guard let bytes else { return fail(error) }
        var size: gsize = 0
        let data = g_bytes_get_data(bytes, &size)
        guard size > 0, let data else { return close() }
        guard Int(size) <= maximumSize - received else { return refuseBody() }
        received += Int(size)
        let chunk = UnsafeRawBufferPointer(start: data, count: Int(size))
        watch?.noteActivity()
        if let progress {
            progress(.chunk(Array(chunk)))
            guard !cancellable.isCancelled else { return }
        } else {
            body.append(contentsOf: chunk)
        }
        readNextChunk()
    }

    /// The body is read whole: close the stream (which hands the connection back for reuse), then complete.
    private func close() {
        guard let stream else { return }
        g_main_context_push_thread_default(mainContext)
        defer { g_main_context_pop_thread_default(mainContext) }
        g_input_stream_close_async(stream, Int32(G_PRIORITY_DEFAULT), cancellable.gCancellable, { _, result, data in
            let transfer = Unmanaged<HTTPTransfer>.fromOpaque(data!).takeRetainedValue()
            var error: UnsafeMutablePointer<GError>?
            g_input_stream_close_finish(transfer.stream, result, &error)
            if let error { g_error_free(error) }  // the body is complete: a failed close only loses the connection
            transfer.succeed()
        }, Unmanaged.passRetained(self).toOpaque())
    }

    /// The body passed the size limit: fail without reading on. Dropping the unread stream drops the connection.
    private func refuseBody() {
        stopWatching()
        guard let completion = takeCompletion() else { return }
        completion(.failure(WebLoadError(url: request.url.absoluteString,
                                         message: "the response is larger than \(maximumSize) bytes (WebSession.maximumResponseSize)",
                                         kind: .responseTooLarge)))
    }

    private func succeed() {
        stopWatching()
        guard let completion = takeCompletion() else { return }
        var resource = resource(body: body)
        resource.timings = timings()
        completion(.success(resource))
    }

    /// The exchange's timings from libsoup's metrics, when collected.
    private func timings() -> NetworkTimings? {
        guard let started, let metrics = soup_message_get_metrics(message) else { return nil }
        return NetworkTimings(started: started, fetchStart: soup_message_metrics_get_fetch_start(metrics),
                              dnsStart: soup_message_metrics_get_dns_start(metrics), dnsEnd: soup_message_metrics_get_dns_end(metrics),
                              connectStart: soup_message_metrics_get_connect_start(metrics),
                              connectEnd: soup_message_metrics_get_connect_end(metrics),
                              tlsStart: soup_message_metrics_get_tls_start(metrics),
                              requestStart: soup_message_metrics_get_request_start(metrics),
                              responseStart: soup_message_metrics_get_response_start(metrics),
                              responseEnd: soup_message_metrics_get_response_end(metrics), end: UInt(g_get_monotonic_time()))
    }

    private func fail(_ error: UnsafeMutablePointer<GError>?) {
        stopWatching()
        guard let completion = takeCompletion() else { return }
        let url = request.url.absoluteString
        if let watch, watch.expired {
            let seconds = String(format: "%g", watch.limit.seconds)
            let message = stream == nil ? "no response within \(seconds) s" : "the response stalled: no data for \(seconds) s"
            completion(.failure(WebLoadError(url: url, message: message, kind: .timeout)))
        } else if timedOut {
            let seconds = request.timeout.map { String(format: "%g", $0.seconds) } ?? "?"
            completion(.failure(WebLoadError(url: url, message: "timed out after \(seconds) s", kind: .timeout)))
        } else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "network error"
            completion(.failure(WebLoadError(url: url, message: reason, kind: .network)))
        }
    }

    /// The completion, once, unless the load was cancelled by its owner.
    private func takeCompletion() -> ((Result<LoadedResource, WebLoadError>) -> Void)? {
        guard !cancellable.isCancelled, let completion else { return nil }
        self.completion = nil
        return completion
    }

    private func resource(body: [UInt8]) -> LoadedResource {
        let responseHeaders = soup_message_get_response_headers(message)
        var headers: [(String, String)] = []
        var iterator = SoupMessageHeadersIter()
        soup_message_headers_iter_init(&iterator, responseHeaders)
        var name: UnsafePointer<CChar>?, value: UnsafePointer<CChar>?
        while soup_message_headers_iter_next(&iterator, &name, &value) != 0 {
            if let name, let value { headers.append((String(cString: name), String(cString: value))) }
        }
        var finalURL = request.url
        if let uri = soup_message_get_uri(message), let text = g_uri_to_string(uri) {
            finalURL = URL(string: String(cString: text)) ?? request.url
            g_free(text)
        }
        let mimeType = soup_message_headers_get_content_type(responseHeaders, nil).map { String(cString: $0) }
        let reason = soup_message_get_reason_phrase(message).map { String(cString: $0) } ?? ""
        return LoadedResource(url: finalURL, status: Int(soup_message_get_status(message).rawValue), statusText: reason,
                              mimeType: mimeType, body: body, headers: headers)
    }
}

extension Duration {
    /// The duration in seconds, as a Double.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}
